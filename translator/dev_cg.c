/*
 * devcg: CUDA cooperative groups in device code.
 *
 * A group object names a set of threads that the calling work-item
 * implies: the block (thread_block), a 1..32-wide tile of it
 * (thread_block_tile<N>). Their handles (cu2cl_cg_group) say only which:
 * 0 for a block, N for a tile of N threads, so a block or a tile converts
 * to a generic thread_group (whose size may be known only at run time:
 * tiled_partition(parent, n)) without any work; statically typed calls
 * ignore the handle and take a tile's size from its type. Methods and the
 * free functions of the namespace map onto work-group built-ins and the
 * warp helpers of the prelude (cu2cl_shfl_*_T(ws, mask, v, x, width) with
 * the tile's lanes as the mask and its size as the width, cu2cl_tile_* for
 * votes and reductions of tiles, cu2cl_tg_* for a thread_group). A call
 * is described as a template whose $N the expression printer (dev_expr)
 * fills with the arguments.
 *
 * Coalesced groups (made by binary_partition, labeled_partition and
 * coalesced_threads) do carry something: their lanes (cu2cl_cg_coalesced,
 * prelude). coalesced_threads() takes the predicate of the code around it
 * (where the branch was predicated every work-item runs it, so the active
 * lanes are those whose predicate holds). libcu++'s
 * asynchronous copies (namespace cuda: barrier, pipeline,
 * pipeline_shared_state, memcpy_async, aligned_size_t) are handled here
 * too, as handles: copies are made synchronous (each thread copies its
 * part at once) and the waits that must see other threads' copies become
 * work-group barriers, which needs every thread of the block to take part
 * (CU2CL3040 where the code's pattern is another).
 *
 * Layer 2 of the device emitter (dev_state.h): calls dev_state only.
 */
#include "dev_cg.h"

#include <stdio.h>
#include <string.h>

typedef enum cg_kind {
  CG_NONE,
  CG_BLOCK,
  CG_TILE,
  CG_GRID,
  CG_COALESCED,
  CG_GROUP, /* thread_group: a block or a tile, known at run time */
  CG_OTHER,
  CG_BARRIER, /* libcu++ (namespace cuda) from here on */
  CG_PIPE,
  CG_PIPE_STATE,
  CG_TOKEN,
  CG_SIZE
} cg_kind;

static int in_namespace(CXCursor decl, const char *ns) {
  for (CXCursor p = clang_getCursorSemanticParent(decl);
       !clang_Cursor_isNull(p) &&
       clang_getCursorKind(p) != CXCursor_TranslationUnit;
       p = clang_getCursorSemanticParent(p)) {
    if (clang_getCursorKind(p) != CXCursor_Namespace)
      continue;
    char *n = cx_spelling(p);
    int r = !strcmp(n, ns);
    free(n);
    if (r)
      return 1;
  }
  return 0;
}

static int in_cg_namespace(CXCursor decl) {
  return in_namespace(decl, "cooperative_groups");
}

/* The asynchronous-copy types of libcu++ handled here, by name. */
static cg_kind async_kind(CXCursor decl) {
  if (!in_namespace(decl, "cuda"))
    return CG_NONE;
  char *n = cx_spelling(decl);
  cg_kind k = !strcmp(n, "barrier")                 ? CG_BARRIER
              : !strcmp(n, "pipeline")              ? CG_PIPE
              : !strcmp(n, "pipeline_shared_state") ? CG_PIPE_STATE
              : !strcmp(n, "arrival_token")         ? CG_TOKEN
              : !strcmp(n, "aligned_size_t")        ? CG_SIZE
                                                    : CG_NONE;
  free(n);
  return k;
}

/* cuda::init, cuda::memcpy_async, cuda::make_pipeline. */
static int is_async_function(CXCursor callee) {
  if (clang_getCursorKind(callee) == CXCursor_CXXMethod ||
      !in_namespace(callee, "cuda"))
    return 0;
  char *n = cx_spelling(callee);
  int r = !strcmp(n, "init") || !strcmp(n, "memcpy_async") ||
          !strcmp(n, "make_pipeline");
  free(n);
  return r;
}

/* The thread scope of a barrier or pipeline type: 'b' (block), 't'
 * (thread) or 'o' (another). */
static char async_scope(CXType t) {
  t = clang_getCanonicalType(t);
  if (t.kind == CXType_Pointer || t.kind == CXType_LValueReference)
    t = clang_getCanonicalType(clang_getPointeeType(t));
  char *s = cx_type_spelling(t);
  char r = strstr(s, "thread_scope_block")    ? 'b'
           : strstr(s, "thread_scope_thread") ? 't'
                                              : 'o';
  free(s);
  return r;
}

/* The kind of a cooperative-groups class type; *n: a tile's size. */
static cg_kind cg_kind_of(CXType t, unsigned *n) {
  t = clang_getCanonicalType(t);
  if (t.kind == CXType_Pointer || t.kind == CXType_LValueReference ||
      t.kind == CXType_RValueReference)
    t = clang_getCanonicalType(clang_getPointeeType(t));
  if (t.kind != CXType_Record)
    return CG_NONE;
  CXCursor decl = clang_getTypeDeclaration(t);
  if (!in_cg_namespace(decl))
    return async_kind(decl);
  char *name = cx_spelling(decl);
  cg_kind k = CG_OTHER;
  if (!strcmp(name, "thread_block"))
    k = CG_BLOCK;
  else if (!strcmp(name, "grid_group"))
    k = CG_GRID;
  else if (!strcmp(name, "coalesced_group"))
    k = CG_COALESCED;
  else if (!strcmp(name, "thread_group"))
    k = CG_GROUP;
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

const char *dev_cg_type_name(CXType t) {
  unsigned n;
  cg_kind k = cg_kind_of(t, &n);
  return k == CG_NONE        ? NULL
         : k == CG_COALESCED ? "cu2cl_cg_coalesced"
         : k == CG_SIZE      ? "ulong" /* aligned_size_t: the byte count */
                             : "cu2cl_cg_group";
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
  if (is_async_function(callee))
    return CG_OTHER;
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

/* A wait on a block-scope barrier or pipeline: a work-group barrier. */
static int async_is_barrier(CXCursor callee) {
  if (clang_getCursorKind(callee) != CXCursor_CXXMethod)
    return 0;
  CXType cls = clang_getCursorType(clang_getCursorSemanticParent(callee));
  unsigned n;
  cg_kind k = cg_kind_of(cls, &n);
  if ((k != CG_BARRIER && k != CG_PIPE) || async_scope(cls) != 'b')
    return 0;
  char *m = cx_spelling(callee);
  int r = k == CG_BARRIER
              ? !strcmp(m, "arrive_and_wait") || !strcmp(m, "wait")
              : !strcmp(m, "producer_acquire") || !strcmp(m, "consumer_wait");
  free(m);
  return r;
}

/* A function of the namespace or a method of one of its classes. */
static int is_cg_call(CXCursor callee) {
  return in_cg_namespace(callee) ||
         (clang_getCursorKind(callee) == CXCursor_CXXMethod &&
          in_cg_namespace(clang_getCursorSemanticParent(callee)));
}

int dev_cg_is_collective(CXCursor callee, int *scratch) {
  *scratch = 0;
  if (async_is_barrier(callee))
    return 1;
  if (!is_cg_call(callee))
    return 0;
  char *m = cx_spelling(callee);
  int tile_op =
      str_starts_with(m, "shfl") || !strcmp(m, "any") || !strcmp(m, "all") ||
      !strcmp(m, "ballot") || !strcmp(m, "reduce") || !strcmp(m, "match_any") ||
      !strcmp(m, "binary_partition") || !strcmp(m, "labeled_partition") ||
      !strcmp(m, "coalesced_threads");
  int sync = !strcmp(m, "sync") || !strcmp(m, "wait") ||
             !strcmp(m, "wait_prior"); /* cg::wait: the group's sync */
  free(m);
  /* a tile's sync is __syncwarp; the block's a work-group barrier and the
   * grid's a barrier in global memory, which need no warp scratch */
  cg_kind k = sync ? sync_kind(callee) : CG_NONE;
  *scratch = tile_op || (sync && k != CG_GRID && k != CG_BLOCK);
  return tile_op || sync;
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

int dev_cg_is_varying(CXCursor callee) {
  int method = clang_getCursorKind(callee) == CXCursor_CXXMethod;
  CXCursor cls = clang_getCursorSemanticParent(callee);
  if (!is_cg_call(callee))
    return 0;
  unsigned n;
  if (method && cg_kind_of(clang_getCursorType(cls), &n) == CG_COALESCED)
    return 1; /* every value of a coalesced group depends on its lanes */
  char *m = cx_spelling(callee);
  int r = !strcmp(m, "thread_rank") || !strcmp(m, "thread_index") ||
          !strcmp(m, "meta_group_rank") || !strcmp(m, "binary_partition") ||
          !strcmp(m, "labeled_partition") || !strcmp(m, "coalesced_threads");
  free(m);
  return r;
}

unsigned dev_cg_tile_width(CXCursor call) {
  CXCursor callee = clang_getCursorReferenced(call);
  int scratch;
  if (!is_cg_call(callee) || !dev_cg_is_collective(callee, &scratch))
    return 0;
  unsigned n = 32;
  cg_kind k = CG_NONE;
  if (clang_getCursorKind(callee) == CXCursor_CXXMethod)
    k = cg_kind_of(clang_getCursorType(clang_getCursorSemanticParent(callee)),
                   &n);
  else if (clang_Cursor_getNumArguments(call) > 0)
    k = cg_kind_of(clang_getCursorType(clang_Cursor_getArgument(call, 0)), &n);
  return k == CG_TILE ? n : 0;
}

int dev_cg_reads_active_lanes(CXCursor callee) {
  if (!is_cg_call(callee) || clang_getCursorKind(callee) == CXCursor_CXXMethod)
    return 0;
  char *m = cx_spelling(callee);
  int r = !strcmp(m, "coalesced_threads");
  free(m);
  return r;
}

int dev_cg_syncs_grid(CXCursor callee) {
  if (!is_cg_call(callee))
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

/* The reduction operator of cg::reduce from the functor's class: one of
 * the namespace's function objects, else NULL (the program's own). */
static const char *reduce_op(CXCursor op) {
  CXType t = clang_getCanonicalType(clang_getCursorType(op));
  if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
    t = clang_getCanonicalType(clang_getPointeeType(t));
  CXCursor decl = clang_getTypeDeclaration(t);
  if (t.kind != CXType_Record || !in_cg_namespace(decl))
    return NULL;
  char *n = cx_spelling(decl);
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
  /* the tile's lanes: on the PTX path a tile may take a branch without
   * the rest of its warp */
  char mask[40];
  snprintf(mask, sizeof mask, n >= 32 ? "0xffffffffu" : "cu2cl_tile_mask(%uu)",
           n);
  if (!strcmp(m, "sync"))
    return xasprintf("cu2cl_syncwarp(cu2cl_warp_scratch, %s)", mask);
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
    return xasprintf("cu2cl_shfl%s_%s(cu2cl_warp_scratch, %s, $0, $1, %u)",
                     kind, ts, mask, n);
  }
  if (!strcmp(m, "any") || !strcmp(m, "all") || !strcmp(m, "ballot"))
    return xasprintf("cu2cl_tile_%s(cu2cl_warp_scratch, $0, %uu)", m, n);
  return NULL;
}

/* A method of a coalesced group (the groups partitions make), whose
 * handle $g holds its lanes (prelude: cu2cl_cg_*). */
static char *coalesced_template(const char *m, const char *ts) {
  if (!strcmp(m, "sync"))
    return xstrdup("cu2cl_cg_sync(cu2cl_warp_scratch, $g)");
  if (!strcmp(m, "thread_rank") || !strcmp(m, "meta_group_rank") ||
      !strcmp(m, "meta_group_size"))
    return xasprintf("cu2cl_cg_%s($g)", m);
  if (!strcmp(m, "size") || !strcmp(m, "num_threads"))
    return xstrdup("cu2cl_cg_size($g)");
  if ((!strcmp(m, "shfl") || !strcmp(m, "shfl_up") ||
       !strcmp(m, "shfl_down")) &&
      ts)
    return xasprintf("cu2cl_cg_%s_%s(cu2cl_warp_scratch, $g, $0, $1)", m, ts);
  if (!strcmp(m, "any") || !strcmp(m, "all") || !strcmp(m, "ballot"))
    return xasprintf("cu2cl_cg_%s(cu2cl_warp_scratch, $g, $0)", m);
  return NULL;
}

/* cg::reduce(group, value, op) over a tile or a coalesced group */
static char *reduce_template(CXCursor *args) {
  unsigned tn = 32;
  cg_kind k = cg_kind_of(clang_getCursorType(args[0]), &tn);
  const char *op = reduce_op(args[2]);
  const char *ts = type_suffix(clang_getCursorType(args[1]));
  if (!op || !ts || (k != CG_TILE && k != CG_COALESCED))
    return NULL;
  if (k == CG_TILE)
    return xasprintf("cu2cl_tile_reduce_%s_%s(cu2cl_warp_scratch, $1, %uu)", op,
                     ts, tn);
  if ((!strcmp(ts, "float") || !strcmp(ts, "double")) && strcmp(op, "add") &&
      strcmp(op, "min") && strcmp(op, "max"))
    return NULL; /* a bitwise operator on a floating value */
  return xasprintf("cu2cl_cg_reduce_%s_%s(cu2cl_warp_scratch, $0, $1)", op, ts);
}

char dev_cg_custom_reduce(CXCursor callee, CXCursor *args, unsigned nargs,
                          unsigned *n) {
  if (nargs != 3 || clang_getCursorKind(callee) != CXCursor_FunctionDecl ||
      !in_cg_namespace(callee) || reduce_op(args[2]))
    return 0;
  char *m = cx_spelling(callee);
  int reduce = !strcmp(m, "reduce");
  free(m);
  *n = 32;
  cg_kind k = reduce ? cg_kind_of(clang_getCursorType(args[0]), n) : CG_NONE;
  return k == CG_TILE ? 't' : k == CG_COALESCED ? 'c' : 0;
}

/* The lanes of a partition's parent (a tile or a coalesced group, $0) as
 * warp lanes; NULL for any other group. */
static char *parent_mask(CXCursor parent) {
  unsigned n = 32;
  cg_kind k = cg_kind_of(clang_getCursorType(parent), &n);
  if (k == CG_TILE)
    return xasprintf("cu2cl_tile_mask(%uu)", n);
  return k == CG_COALESCED ? xstrdup("(uint)($0)") : NULL;
}

/* cg::binary_partition(parent, pred), cg::labeled_partition(parent,
 * label): a label of 64 bits (or a pointer) is matched as 64 bits, a bool
 * one partitions as binary_partition does (as CUDA dispatches it). */
static char *partition_template(const char *m, CXCursor *args, unsigned nargs) {
  char *pm = nargs == 2 ? parent_mask(args[0]) : NULL;
  if (!pm)
    return NULL;
  CXType lt = clang_getCanonicalType(clang_getCursorType(args[1]));
  char *t;
  if (!strcmp(m, "binary_partition") || lt.kind == CXType_Bool)
    t = xasprintf("cu2cl_cg_binary_partition(cu2cl_warp_scratch, %s, $1)", pm);
  else if (lt.kind == CXType_Pointer || clang_Type_getSizeOf(lt) == 8)
    t = xasprintf(
        "cu2cl_cg_labeled_partition64(cu2cl_warp_scratch, %s, (ulong)($1))",
        pm);
  else
    t = xasprintf(
        "cu2cl_cg_labeled_partition32(cu2cl_warp_scratch, %s, (uint)($1))", pm);
  free(pm);
  return t;
}

/* The handle of a block (0) or of a tile of n threads (n), from its type;
 * NULL for other groups, whose handles are computed. */
static char *static_handle(CXType t) {
  unsigned n = 32;
  cg_kind k = cg_kind_of(t, &n);
  return k == CG_BLOCK  ? xstrdup("0u")
         : k == CG_TILE ? xasprintf("%uu", n)
                        : NULL;
}

char *dev_cg_static_handle(CXType t) {
  return static_handle(t);
}

int dev_cg_is_block_handle(CXType t) {
  unsigned n;
  cg_kind k = cg_kind_of(t, &n);
  return k == CG_BLOCK || k == CG_TILE || k == CG_GROUP || k == CG_GRID;
}

int dev_cg_is_group_from_coalesced(CXType to, CXType from) {
  unsigned n;
  return cg_kind_of(to, &n) == CG_GROUP && cg_kind_of(from, &n) == CG_COALESCED;
}

/* coalesced_threads(): the lanes of the warp that reach the call. Where
 * warps are emulated or are sub-groups, every work-item runs the code a
 * branch holds (predication), so the group is the lanes whose predicate
 * (the enclosing branches' conditions, evaluated by all) holds: a binary
 * partition of the warp by it; the PTX path asks the hardware. */
static char *coalesced_threads_template(emitter *e) {
  const char *p = e->call_pred ? e->call_pred : e->pred ? e->pred : "true";
  return xasprintf("cu2cl_cg_coalesced_threads(cu2cl_warp_scratch, %s)", p);
}

/* A call that makes a group handle: a block's and a tile's come from the
 * type (the work-item implies the rest), tiled_partition(parent, n) at run
 * time makes a thread_group of n-thread tiles; a tile of a coalesced group
 * has no translation. */
static char *handle_template(emitter *e, CXCursor call, const char *m,
                             CXCursor *args, unsigned nargs) {
  if (!strcmp(m, "binary_partition") || !strcmp(m, "labeled_partition"))
    return partition_template(m, args, nargs);
  if (!strcmp(m, "coalesced_threads"))
    return coalesced_threads_template(e);
  unsigned n;
  if (!strcmp(m, "tiled_partition") && nargs &&
      cg_kind_of(clang_getCursorType(args[0]), &n) == CG_COALESCED)
    return NULL;
  if (!strcmp(m, "tiled_partition") && nargs == 2)
    return xstrdup("cu2cl_tg_tile($0, (uint)($1))");
  char *h = static_handle(clang_getCursorType(call));
  return h ? h : xstrdup("0");
}

/* A method of a thread_group (a block or a tile, handle $g: prelude's
 * cu2cl_tg_*). */
static char *group_template(const char *m) {
  if (!strcmp(m, "sync"))
    return xstrdup("cu2cl_tg_sync(cu2cl_warp_scratch, $g)");
  if (!strcmp(m, "thread_rank"))
    return xstrdup("cu2cl_tg_thread_rank($g)");
  if (!strcmp(m, "size") || !strcmp(m, "num_threads") ||
      !strcmp(m, "group_size"))
    return xstrdup("cu2cl_tg_size($g)");
  return NULL;
}

/* The sync of group g ($0 in the template). */
static char *sync_template(CXCursor g) {
  unsigned tn = 32;
  cg_kind gk = cg_kind_of(clang_getCursorType(g), &tn);
  return gk == CG_TILE        ? tile_template("sync", tn, NULL)
         : gk == CG_COALESCED ? xstrdup("cu2cl_cg_sync(cu2cl_warp_scratch, $0)")
         : gk == CG_BLOCK     ? block_template("sync")
         : gk == CG_GRID      ? grid_template("sync")
         : gk == CG_GROUP     ? group_template("sync")
                              : NULL;
}

/* cg::memcpy_async(group, dst, src, bytes): each thread of the group
 * copies its share at once (prelude: cu2cl_group_copy), and cg::wait is
 * the group's sync. A shape that is not a byte count (a layout, an
 * aligned_size_t) has no translation. */
static char *group_copy_template(CXCursor *args, unsigned nargs) {
  unsigned n = 32;
  if (nargs < 4 || nargs > 5 ||
      (clang_getCanonicalType(clang_getCursorType(args[3])).kind ==
           CXType_Record &&
       cg_kind_of(clang_getCursorType(args[3]), &n) != CG_SIZE))
    return NULL;
  const char *f = "cu2cl_group_copy_$A1_$A2($1, $2, (ulong)($3), ";
  switch (cg_kind_of(clang_getCursorType(args[0]), &n)) {
  case CG_BLOCK:
    return xasprintf("%scu2cl_local_linear_id(), cu2cl_local_group_size())", f);
  case CG_TILE: /* the tile's lanes that exist */
    return xasprintf("%scu2cl_lane_id() %% %uu, "
                     "popcount(cu2cl_tile_lanes(%uu)))",
                     f, n, n);
  case CG_COALESCED:
    return xasprintf("%scu2cl_cg_thread_rank($0), cu2cl_cg_size($0))", f);
  default:
    return NULL;
  }
}

static char *async_report(emitter *e, CXCursor call, const char *what,
                          const char *why, int *reported) {
  dev_report(e, call, CU2CL_D_ASYNC_PARTICIPATION, what, why);
  *reported = 1;
  return NULL;
}

/* A method's name as the report gives it: cuda::barrier::wait. */
static char *async_report_method(emitter *e, CXCursor call, cg_kind k,
                                 const char *m, const char *why,
                                 int *reported) {
  char *what =
      xasprintf("cuda::%s::%s", k == CG_BARRIER ? "barrier" : "pipeline", m);
  async_report(e, call, what, why, reported);
  free(what);
  return NULL;
}

/* A method of cuda::barrier or cuda::pipeline (k, type t). A thread's own
 * pipeline needs nothing (its copies are done); the block's waits are
 * barriers, and so is its producer_acquire: the stage it reuses must have
 * been released by every thread. */
static char *async_method(emitter *e, CXCursor call, const char *m, cg_kind k,
                          CXType t, int *reported) {
  char scope = async_scope(t);
  if (k == CG_SIZE)
    return str_starts_with(m, "operator") ? xstrdup("$g") : NULL;
  if ((k != CG_BARRIER && k != CG_PIPE) || (k == CG_BARRIER && scope != 'b') ||
      (k == CG_PIPE && scope == 'o'))
    return async_report_method(
        e, call, k, m, "a barrier or pipeline of another scope", reported);
  if (k == CG_BARRIER && !strcmp(m, "arrive_and_drop"))
    return async_report_method(e, call, k, m, "a thread leaves the barrier",
                               reported);
  if (k == CG_BARRIER)
    return !strcmp(m, "arrive_and_wait") || !strcmp(m, "wait")
               ? block_template("sync")
               : NULL;
  if (!strcmp(m, "producer_acquire") || !strcmp(m, "consumer_wait"))
    return scope == 'b' ? block_template("sync") : xstrdup("((void)0)");
  if (!strcmp(m, "producer_commit") || !strcmp(m, "consumer_release"))
    return xstrdup("((void)0)");
  return NULL;
}

/* cuda::init(&bar, count), cuda::make_pipeline(...), cuda::memcpy_async:
 * a thread's copy (dst, src, size, barrier or pipeline) or the group's
 * (group, dst, src, size, ...). */
static char *async_function(emitter *e, CXCursor call, const char *m,
                            CXCursor *args, unsigned nargs, int *reported) {
  unsigned n;
  if (!strcmp(m, "init") && nargs >= 2)
    return async_scope(clang_getCursorType(args[0])) == 'b'
               ? xstrdup("((void)($1))")
               : async_report(e, call, "cuda::init",
                              "a barrier of another scope than the block",
                              reported);
  if (!strcmp(m, "make_pipeline")) {
    if (nargs == 0)
      return xstrdup("0");
    if (nargs == 3)
      return async_report(e, call, "cuda::make_pipeline",
                          "a pipeline split into producer and consumer "
                          "threads (a role or a producer count)",
                          reported);
    if (cg_kind_of(clang_getCursorType(args[0]), &n) != CG_BLOCK)
      return async_report(e, call, "cuda::make_pipeline",
                          "a pipeline shared by a group other than the block",
                          reported);
    return xstrdup("0");
  }
  if (!strcmp(m, "memcpy_async") && nargs == 4)
    return xstrdup("cu2cl_pipeline_copy_$A0_$A1($0, $1, (ulong)($2), 0UL)");
  if (!strcmp(m, "memcpy_async") && nargs == 5)
    return group_copy_template(args, nargs);
  return NULL;
}

static int is_handle_call(const char *m) {
  return !strcmp(m, "this_thread_block") || !strcmp(m, "tiled_partition") ||
         !strcmp(m, "coalesced_threads") || !strcmp(m, "this_grid") ||
         !strcmp(m, "binary_partition") || !strcmp(m, "labeled_partition");
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
  if (!method && !strcmp(m, "group_size")) { /* cg::group_size(g) */
    free(m);
    m = xstrdup("size");
  }
  const char *ts = nargs ? type_suffix(clang_getCursorType(args[0])) : NULL;
  char *t = NULL;
  int reported = 0;
  if (is_async_function(callee)) {
    t = async_function(e, call, m, args, nargs, &reported);
  } else if (k >= CG_BARRIER) {
    CXType ot = clang_Cursor_isNull(obj)
                    ? clang_getCursorType(clang_getCursorSemanticParent(callee))
                    : clang_getCursorType(obj);
    t = async_method(e, call, m, k, ot, &reported);
  } else if (!method && is_handle_call(m)) {
    t = handle_template(e, call, m, args, nargs);
  } else if (!method && nargs == 1 &&
             (!strcmp(m, "sync") || !strcmp(m, "wait") ||
              !strcmp(m, "wait_prior"))) {
    t = sync_template(args[0]);
  } else if (!method && !strcmp(m, "memcpy_async")) {
    t = group_copy_template(args, nargs);
  } else if (!method && !strcmp(m, "reduce") && nargs == 3) {
    t = reduce_template(args);
  } else if (k == CG_BLOCK) {
    t = block_template(m);
  } else if (k == CG_GRID) {
    t = grid_template(m);
  } else if (k == CG_TILE) {
    t = tile_template(m, n, ts);
  } else if (k == CG_COALESCED && method) {
    t = coalesced_template(m, ts);
  } else if (k == CG_GROUP) {
    t = group_template(m);
  }
  if (!t && !reported) {
    char *what =
        xasprintf("%s::%s", k >= CG_BARRIER ? "cuda" : "cooperative_groups", m);
    dev_report(e, call, CU2CL_D_WARP_PRIMITIVE_UNSUPPORTED, what);
    free(what);
  } else if (!t) {
    t = xstrdup("0"); /* reported (CU2CL3040): the rest of the file builds */
  }
  free(m);
  *tpl = t;
  return 1;
}
