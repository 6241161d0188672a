/*
 * devcg: CUDA cooperative groups in device code.
 *
 * A group object names a set of threads that the calling work-item
 * implies: the block (thread_block), a 1..32-wide tile of it
 * (thread_block_tile<N>). So group values carry nothing at run time and are
 * printed as cu2cl_cg_group (an int handle, 0); what matters is their type:
 * a tile's size N comes from its template argument. Methods and the free
 * functions of the namespace map onto work-group built-ins and the warp
 * helpers of the prelude (cu2cl_shfl_*_T(ws, mask, v, x, width) with the
 * tile size as the width, cu2cl_tile_* for votes and reductions of tiles).
 * A call is described as a template whose $N the expression printer
 * (dev_expr) fills with the arguments.
 *
 * Layer 2 of the device emitter (dev_state.h): calls dev_state only.
 */
#include "dev_cg.h"

#include <string.h>

typedef enum cg_kind { CG_NONE, CG_BLOCK, CG_TILE, CG_GRID, CG_OTHER } cg_kind;

static int in_cg_namespace(CXCursor decl) {
  for (CXCursor p = clang_getCursorSemanticParent(decl);
       !clang_Cursor_isNull(p) &&
       clang_getCursorKind(p) != CXCursor_TranslationUnit;
       p = clang_getCursorSemanticParent(p)) {
    if (clang_getCursorKind(p) != CXCursor_Namespace)
      continue;
    char *n = cx_spelling(p);
    int r = !strcmp(n, "cooperative_groups");
    free(n);
    if (r)
      return 1;
  }
  return 0;
}

/* The kind of a cooperative-groups class type; *n: a tile's size. */
static cg_kind cg_kind_of(CXType t, unsigned *n) {
  t = clang_getCanonicalType(t);
  if (t.kind == CXType_Pointer || t.kind == CXType_LValueReference)
    t = clang_getCanonicalType(clang_getPointeeType(t));
  if (t.kind != CXType_Record)
    return CG_NONE;
  CXCursor decl = clang_getTypeDeclaration(t);
  if (!in_cg_namespace(decl))
    return CG_NONE;
  char *name = cx_spelling(decl);
  cg_kind k = CG_OTHER;
  if (!strcmp(name, "thread_block"))
    k = CG_BLOCK;
  else if (!strcmp(name, "grid_group"))
    k = CG_GRID;
  else if (strstr(name, "tile")) {
    k = CG_TILE;
    char *s = cx_type_spelling(t); /* thread_block_tile<32, ...> */
    const char *lt = strchr(s, '<');
    *n = lt ? (unsigned)strtoul(lt + 1, NULL, 10) : 32;
    free(s);
  }
  free(name);
  return k;
}

int dev_cg_is_type(CXType t) {
  unsigned n;
  return cg_kind_of(t, &n) != CG_NONE;
}

/* Method or function name, and the class of its object (methods) or of its
 * first argument (free functions like cg::reduce(tile, ...)). */
static cg_kind call_kind(CXCursor callee, CXCursor obj, CXCursor *args,
                         unsigned nargs, unsigned *n) {
  *n = 32;
  if (!clang_Cursor_isNull(obj))
    return cg_kind_of(clang_getCursorType(obj), n);
  if (clang_getCursorKind(callee) == CXCursor_CXXMethod) {
    CXCursor cls = clang_getCursorSemanticParent(callee);
    return cg_kind_of(clang_getCursorType(cls), n);
  }
  if (!in_cg_namespace(callee))
    return CG_NONE;
  if (nargs)
    return cg_kind_of(clang_getCursorType(args[0]), n) ?: CG_OTHER;
  return CG_OTHER;
}

/* The kind of the group a sync (method or free function) synchronizes. */
static cg_kind sync_kind(CXCursor callee) {
  unsigned n;
  if (clang_getCursorKind(callee) == CXCursor_CXXMethod)
    return cg_kind_of(
        clang_getCursorType(clang_getCursorSemanticParent(callee)), &n);
  if (clang_Cursor_getNumArguments(callee) != 1)
    return CG_NONE;
  return cg_kind_of(clang_getCursorType(clang_Cursor_getArgument(callee, 0)),
                    &n);
}

int dev_cg_is_collective(CXCursor callee, int *scratch) {
  *scratch = 0;
  if (!in_cg_namespace(callee) &&
      !(clang_getCursorKind(callee) == CXCursor_CXXMethod &&
        in_cg_namespace(clang_getCursorSemanticParent(callee))))
    return 0;
  char *m = cx_spelling(callee);
  int tile_op = str_starts_with(m, "shfl") || !strcmp(m, "any") ||
                !strcmp(m, "all") || !strcmp(m, "ballot") ||
                !strcmp(m, "reduce") || !strcmp(m, "match_any");
  int sync = !strcmp(m, "sync");
  free(m);
  /* a tile's sync is __syncwarp; the block's a work-group barrier and the
   * grid's a barrier in global memory, which need no warp scratch */
  cg_kind k = sync ? sync_kind(callee) : CG_NONE;
  *scratch = tile_op || (sync && k != CG_GRID && k != CG_BLOCK);
  return tile_op || sync;
}

int dev_cg_call_varies(CXCursor callee) {
  if (!in_cg_namespace(callee) &&
      !(clang_getCursorKind(callee) == CXCursor_CXXMethod &&
        in_cg_namespace(clang_getCursorSemanticParent(callee))))
    return 0;
  char *m = cx_spelling(callee);
  int r = !strcmp(m, "thread_rank") || !strcmp(m, "thread_index") ||
          !strcmp(m, "meta_group_rank");
  free(m);
  return r;
}

int dev_cg_rank_bounds_tid(CXCursor callee) {
  if (clang_getCursorKind(callee) != CXCursor_CXXMethod)
    return 0;
  unsigned n;
  cg_kind k = cg_kind_of(
      clang_getCursorType(clang_getCursorSemanticParent(callee)), &n);
  if (k != CG_BLOCK && k != CG_GRID)
    return 0;
  char *m = cx_spelling(callee);
  int r = !strcmp(m, "thread_rank");
  free(m);
  return r;
}

int dev_cg_syncs_grid(CXCursor callee) {
  if (!in_cg_namespace(callee) &&
      !(clang_getCursorKind(callee) == CXCursor_CXXMethod &&
        in_cg_namespace(clang_getCursorSemanticParent(callee))))
    return 0;
  char *m = cx_spelling(callee);
  int sync = !strcmp(m, "sync");
  free(m);
  return sync && sync_kind(callee) == CG_GRID;
}

static const char *type_suffix(CXType t) {
  switch (clang_getCanonicalType(t).kind) {
  case CXType_Int:
    return "int";
  case CXType_UInt:
    return "uint";
  case CXType_Long:
  case CXType_LongLong:
    return "long";
  case CXType_ULong:
  case CXType_ULongLong:
    return "ulong";
  case CXType_Float:
    return "float";
  case CXType_Double:
    return "double";
  default:
    return NULL;
  }
}

/* The reduction operator of cg::reduce from the functor's class. */
static const char *reduce_op(CXCursor op) {
  CXType t = clang_getCanonicalType(clang_getCursorType(op));
  char *n = cx_spelling(clang_getTypeDeclaration(t));
  const char *r = !strcmp(n, "plus")      ? "add"
                  : !strcmp(n, "less")    ? "min"
                  : !strcmp(n, "greater") ? "max"
                  : !strcmp(n, "bit_and") ? "and"
                  : !strcmp(n, "bit_or")  ? "or"
                  : !strcmp(n, "bit_xor") ? "xor"
                                          : NULL;
  free(n);
  return r;
}

static char *block_template(const char *m) {
  const char *t = NULL;
  if (!strcmp(m, "sync"))
    t = "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)";
  else if (!strcmp(m, "thread_rank"))
    t = "cu2cl_local_linear_id()";
  else if (!strcmp(m, "size") || !strcmp(m, "num_threads"))
    t = "(uint)(get_local_size(0) * get_local_size(1) * get_local_size(2))";
  else if (!strcmp(m, "group_index"))
    t = "(cu2cl_uint3){(uint)get_group_id(0), (uint)get_group_id(1), "
        "(uint)get_group_id(2)}";
  else if (!strcmp(m, "thread_index"))
    t = "(cu2cl_uint3){(uint)get_local_id(0), (uint)get_local_id(1), "
        "(uint)get_local_id(2)}";
  else if (!strcmp(m, "group_dim") || !strcmp(m, "dim_threads"))
    t = "(cu2cl_uint3){(uint)get_local_size(0), (uint)get_local_size(1), "
        "(uint)get_local_size(2)}";
  return t ? xstrdup(t) : NULL;
}

/* A method of grid_group: CUDA's grid of blocks (prelude.cl, "The grid").
 * is_valid() is true: cu2clrt refuses a launch of a kernel that syncs the
 * grid unless all its work-groups can be resident at once. */
static char *grid_template(const char *m) {
  const char *t = NULL;
  if (!strcmp(m, "sync"))
    t = "cu2cl_grid_sync(cu2cl_devrt)";
  else if (!strcmp(m, "is_valid"))
    t = "true";
  else if (!strcmp(m, "thread_rank"))
    t = "cu2cl_grid_thread_rank()";
  else if (!strcmp(m, "size") || !strcmp(m, "num_threads"))
    t = "cu2cl_grid_num_threads()";
  else if (!strcmp(m, "block_rank"))
    t = "cu2cl_grid_block_rank()";
  else if (!strcmp(m, "num_blocks"))
    t = "cu2cl_grid_num_blocks()";
  else if (!strcmp(m, "dim_blocks") || !strcmp(m, "group_dim"))
    t = "(cu2cl_uint3){(uint)get_num_groups(0), (uint)get_num_groups(1), "
        "(uint)get_num_groups(2)}";
  else if (!strcmp(m, "block_index"))
    t = "(cu2cl_uint3){(uint)get_group_id(0), (uint)get_group_id(1), "
        "(uint)get_group_id(2)}";
  else if (!strcmp(m, "thread_index"))
    t = "(cu2cl_uint3){(uint)get_global_id(0), (uint)get_global_id(1), "
        "(uint)get_global_id(2)}";
  else if (!strcmp(m, "dim_threads"))
    t = "(cu2cl_uint3){(uint)get_global_size(0), (uint)get_global_size(1), "
        "(uint)get_global_size(2)}";
  return t ? xstrdup(t) : NULL;
}

/* A method of thread_block_tile<n> (ts: the type suffix of the first
 * argument, NULL when it has none). */
static char *tile_template(const char *m, unsigned n, const char *ts) {
  if (!strcmp(m, "sync"))
    return xstrdup("cu2cl_syncwarp(cu2cl_warp_scratch, 0xffffffffu)");
  if (!strcmp(m, "thread_rank"))
    return xasprintf("(cu2cl_local_linear_id() %% %uu)", n);
  if (!strcmp(m, "size") || !strcmp(m, "num_threads"))
    return xasprintf("%uu", n);
  if (!strcmp(m, "meta_group_rank"))
    return xasprintf("(cu2cl_local_linear_id() / %uu)", n);
  if (!strcmp(m, "meta_group_size"))
    return xasprintf("((uint)(get_local_size(0) * get_local_size(1) * "
                     "get_local_size(2) + %uu) / %uu)",
                     n - 1, n);
  if (str_starts_with(m, "shfl") && ts) {
    const char *kind = !strcmp(m, "shfl")        ? ""
                       : !strcmp(m, "shfl_up")   ? "_up"
                       : !strcmp(m, "shfl_down") ? "_down"
                                                 : "_xor";
    return xasprintf(
        "cu2cl_shfl%s_%s(cu2cl_warp_scratch, 0xffffffffu, $0, $1, %u)", kind,
        ts, n);
  }
  if (!strcmp(m, "any") || !strcmp(m, "all") || !strcmp(m, "ballot"))
    return xasprintf("cu2cl_tile_%s(cu2cl_warp_scratch, $0, %uu)", m, n);
  return NULL;
}

/* cg::reduce(tile, value, op) */
static char *reduce_template(CXCursor *args) {
  unsigned tn = 32;
  cg_kind_of(clang_getCursorType(args[0]), &tn);
  const char *op = reduce_op(args[2]);
  const char *ts = type_suffix(clang_getCursorType(args[1]));
  if (!op || !ts)
    return NULL;
  return xasprintf("cu2cl_tile_reduce_%s_%s(cu2cl_warp_scratch, $1, %uu)", op,
                   ts, tn);
}

int dev_cg_call_template(emitter *e, CXCursor call, CXCursor callee,
                         CXCursor obj, CXCursor *args, unsigned nargs,
                         char **tpl) {
  unsigned n;
  cg_kind k = call_kind(callee, obj, args, nargs, &n);
  if (k == CG_NONE)
    return 0;
  char *m = cx_spelling(callee);
  int method = clang_getCursorKind(callee) == CXCursor_CXXMethod;
  const char *ts = nargs ? type_suffix(clang_getCursorType(args[0])) : NULL;
  char *t = NULL;
  if (!method &&
      (!strcmp(m, "this_thread_block") || !strcmp(m, "tiled_partition") ||
       !strcmp(m, "coalesced_threads") || !strcmp(m, "this_grid"))) {
    t = xstrdup("0"); /* a handle: the group is implied by the work-item */
  } else if (!method && !strcmp(m, "sync") && nargs == 1) {
    unsigned tn;
    cg_kind gk = cg_kind_of(clang_getCursorType(args[0]), &tn);
    t = gk == CG_TILE   ? tile_template("sync", tn, NULL)
        : gk == CG_GRID ? grid_template("sync")
                        : block_template("sync");
  } else if (!method && !strcmp(m, "reduce") && nargs == 3) {
    t = reduce_template(args);
  } else if (k == CG_BLOCK) {
    t = block_template(m);
  } else if (k == CG_TILE) {
    t = tile_template(m, n, ts);
  } else if (k == CG_GRID) {
    t = grid_template(m);
  }
  if (!t) {
    char *what = xasprintf("cooperative_groups::%s", m);
    dev_report(e, call, CU2CL_D_WARP_PRIMITIVE_UNSUPPORTED, what);
    free(what);
  }
  free(m);
  *tpl = t;
  return 1;
}
