/*
 * scan_cg: cooperative groups in device code, as translator/dev_cg.c
 * reads them. A group is a variable whose declared type is one of the
 * namespace's groups (thread_block, thread_block_tile<N>, ...) or that is
 * initialized from one of its constructors (auto t = tiled_partition<32>
 * (block)); its methods, and the namespace's free functions (cg::reduce,
 * cg::sync), are the calls. Shuffles, votes, ballots, reductions, match
 * and sync take the warp scratch (CU2CL3011 on the kernel), and so do a
 * group's wait and the partitions, except the block's sync (a work-group
 * barrier; scan_cg_is_group says 4 for the block) and the grid's (a barrier
 * in global memory; 3 for the grid); match_any and
 * match_all are not translated (CU2CL3001). A coalesced group (a
 * partition's, or coalesced_threads()'s: the lanes that reach it) and a
 * generic thread_group (a block or a tile, known at run time) are groups
 * whose sync takes the warp scratch too (scan_cg_is_group says 5 for a
 * coalesced group, 1 for a thread_group), as does coalesced_threads()
 * itself; a tile of a coalesced group is not translated (CU2CL3001). The
 * namespace is cooperative_groups or an alias of it (namespace cg = ...).
 */
#include <string.h>

#include "scan_ts.h"

int scan_cg_is_group(const scan_walk *w, TSNode type, TSNode init) {
  static const char *const types[] = {"thread_block", NULL};
  static const char *const makers[] = {"tiled_partition", "this_thread_block",
                                       NULL};
  char *t = ts_text(w, type), *i = ts_text(w, init);
  int is_auto = !strcmp(t, "auto"), r = 0;
  if (strstr(t, "coalesced_group") || strstr(i, "binary_partition") ||
      strstr(i, "labeled_partition") || strstr(i, "coalesced_threads"))
    r = 5; /* a coalesced group: its lanes */
  else if (strstr(t, "thread_group"))
    r = 1; /* a block or a tile, known at run time */
  if (!r && (strstr(t, "grid_group") || (is_auto && strstr(i, "this_grid"))))
    r = 3;
  for (const char *const *p = types; *p && !r; p++)
    r = strstr(t, *p) != NULL;
  for (const char *const *p = makers; *p && !r; p++)
    r = is_auto && strstr(i, *p) != NULL;
  if (r == 1 && !strstr(t, "tile") &&
      ((!is_auto && strstr(t, "thread_block")) ||
       strstr(i, "this_thread_block")))
    r = 4; /* the block: its sync is a work-group barrier */
  free(t);
  free(i);
  return r;
}

void scan_cg_note_alias(scan_walk *w, TSNode def) {
  char *text = ts_text(w, def);
  TSNode name = ts_field(def, "name");
  if (strstr(text, "cooperative_groups") && !ts_node_is_null(name))
    strvec_push_own(&w->cg_aliases, ts_text(w, name));
  free(text);
}

static int is_cg_scope(const scan_walk *w, TSNode scope) {
  if (ts_text_is(w, scope, "cooperative_groups"))
    return 1;
  for (size_t i = 0; i < w->cg_aliases.len; i++)
    if (ts_text_is(w, scope, w->cg_aliases.items[i]))
      return 1;
  return 0;
}

/* The group a variable names (an identifier), 0 when none. */
static int cg_var(scan_walk *w, TSNode obj) {
  scan_var *v = ts_is(obj, "identifier") ? scan_find_var(w, obj) : NULL;
  return v ? v->cg : 0;
}

/* The method or function name of a group call; a null node when it is
 * none. *group: what scan_cg_is_group said of the object; *arg: of a free
 * function's first argument. */
static TSNode cg_callee(scan_walk *w, TSNode call, TSNode fnode, int *group,
                        int *arg) {
  TSNode none = {{0}, NULL, NULL};
  *group = *arg = 0;
  if (ts_is(fnode, "field_expression")) {
    *group = cg_var(w, ts_field(fnode, "argument"));
    return *group ? ts_field(fnode, "field") : none;
  }
  if (ts_is(fnode, "qualified_identifier") &&
      is_cg_scope(w, ts_field(fnode, "scope"))) {
    TSNode n = ts_field(fnode, "name");
    TSNode args = ts_field(call, "arguments");
    if (!ts_node_is_null(args) && ts_node_named_child_count(args) > 0)
      *arg = cg_var(w, ts_node_named_child(args, 0));
    return ts_is(n, "template_function") ? ts_field(n, "name") : n;
  }
  return none;
}

int scan_cg_call(scan_walk *w, TSNode call, TSNode fnode) {
  int group, arg;
  TSNode m = cg_callee(w, call, fnode, &group, &arg);
  if (ts_node_is_null(m) || !w->fn)
    return 0;
  char *name = ts_text(w, m);
  int warp =
      str_starts_with(name, "shfl") || !strcmp(name, "any") ||
      !strcmp(name, "all") || !strcmp(name, "ballot") ||
      !strcmp(name, "reduce") ||
      (!strcmp(name, "sync") && group != 3 && arg != 3 && group != 4 &&
       arg != 4) ||
      !strcmp(name, "wait") || !strcmp(name, "wait_prior") ||
      !strcmp(name, "binary_partition") || !strcmp(name, "labeled_partition") ||
      !strcmp(name, "coalesced_threads") || str_starts_with(name, "match_");
  char *full = xasprintf("cooperative_groups::%s", name);
  scan_use *u =
      scan_add_use(w->f, full, SCAN_DEVICE, ts_line(call), ts_col(call));
  u->category = "cooperative groups";
  u->call = 1;
  u->cls = warp ? SCAN_REMARK : SCAN_TRANSLATED;
  if (str_starts_with(name, "match_") ||
      (!strcmp(name, "tiled_partition") && arg == 5)) {
    u->cls = SCAN_UNSUPPORTED;
    scan_add_finding(w->f, CU2CL_D_WARP_PRIMITIVE_UNSUPPORTED, ts_line(call),
                     ts_col(call), full, NULL);
  }
  if (warp)
    scan_xref_warp(w->x, w->f->funcs[w->fn_index].name);
  free(full);
  free(name);
  return 1;
}
