/*
 * dev_stmt: statements printed as CUDA wrote them, into e->out, one per
 * line at e->indent, with the comments and `#pragma unroll` lines found
 * between them in the source carried over. Declarations of references
 * become pointers; __shared__ variables are hoisted to the top of the
 * kernel (dev_func), so their statements print nothing here.
 *
 * Predication takes over through two hooks (e->stmt_hooks, installed by
 * the entry point from dev_pred_stmt): before each statement and before
 * each item of a block. Without hooks this prints CUDA's control flow as
 * it is.
 *
 * Barriers that dev_sync adds are printed here too: before a block item,
 * around a single-statement body, or splitting an assignment; never in
 * the copy printed for NVIDIA's warps (e->plain), which runs CUDA's
 * control flow as written.
 *
 * Layer 19 of the device emitter (dev_state.h): calls dev_state, dev_types,
 * dev_uses, dev_sync, dev_space, dev_pred, dev_expr, dev_object,
 * dev_special.
 */
#include "dev_stmt.h"

#include <string.h>

#include "dev_expr.h"
#include "dev_object.h"
#include "dev_pred.h"
#include "dev_space.h"
#include "dev_special.h"
#include "dev_sync.h"
#include "dev_types.h"
#include "dev_uses.h"

static void print_decl_stmt(emitter *e, CXCursor s);
static void print_keyword_cond(emitter *e, CXCursor s, const char *keyword);

void dev_indent(emitter *e) {
  for (int i = 0; i < e->indent; i++)
    dev_emit(e, "  ");
}

/* Carries comments found between two offsets of the file holding `at` over
 * to the output, and with `pragmas` (the gap inside an attributed loop)
 * its `#pragma unroll` lines. Elsewhere a pragma lies in a branch of #if
 * that the parse skipped: the statement it went with is not there. */
static void print_gap(emitter *e, CXCursor at, unsigned from, unsigned to,
                      int pragmas) {
  if (to <= from)
    return;
  CXFile file;
  clang_getFileLocation(clang_getCursorLocation(at), &file, NULL, NULL, NULL);
  if (!file)
    return;
  size_t size = 0;
  CXTranslationUnit tu = cx_unit_of(e->tu, at);
  const char *text = clang_getFileContents(tu, file, &size);
  if (text && to <= size && !memchr(text + from, '/', to - from) &&
      !memchr(text + from, '#', to - from))
    return; /* neither comment nor pragma: nothing to tokenize */
  CXSourceRange r = clang_getRange(clang_getLocationForOffset(tu, file, from),
                                   clang_getLocationForOffset(tu, file, to));
  CXToken *toks;
  unsigned n;
  clang_tokenize(tu, r, &toks, &n);
  unsigned from_line;
  clang_getFileLocation(clang_getLocationForOffset(tu, file, from), NULL,
                        &from_line, NULL, NULL);
  int before = 1; /* only the previous statement's ';' seen so far */
  for (unsigned i = 0; i < n; i++) {
    char *s = cx_take(clang_getTokenSpelling(tu, toks[i]));
    unsigned line;
    clang_getFileLocation(clang_getTokenLocation(tu, toks[i]), NULL, &line,
                          NULL, NULL);
    if (clang_getTokenKind(toks[i]) != CXToken_Comment && strcmp(s, ";"))
      before = 0;
    if (clang_getTokenKind(toks[i]) == CXToken_Comment && line == from_line &&
        before && e->out->len && e->out->data[e->out->len - 1] == '\n') {
      /* a comment trailing the previous statement stays on its line */
      e->out->len--;
      strbuf_printf(e->out, "  %s\n", s);
    } else if (clang_getTokenKind(toks[i]) == CXToken_Comment) {
      dev_indent(e);
      dev_emit(e, s);
      dev_emit(e, "\n");
    } else if (!strcmp(s, "#") && i + 2 < n) {
      char *w = cx_take(clang_getTokenSpelling(tu, toks[i + 1]));
      char *x = cx_take(clang_getTokenSpelling(tu, toks[i + 2]));
      if (!strcmp(w, "pragma") && !strcmp(x, "unroll") && pragmas) {
        unsigned line;
        clang_getSpellingLocation(clang_getTokenLocation(tu, toks[i + 2]), NULL,
                                  &line, NULL, NULL);
        strbuf_append(e->out, "#pragma unroll");
        unsigned j = i + 3, l2;
        if (j < n) {
          clang_getSpellingLocation(clang_getTokenLocation(tu, toks[j]), NULL,
                                    &l2, NULL, NULL);
          if (l2 == line && clang_getTokenKind(toks[j]) == CXToken_Literal) {
            char *v = cx_take(clang_getTokenSpelling(tu, toks[j]));
            strbuf_printf(e->out, " %s", v);
            free(v);
          }
        }
        dev_emit(e, "\n");
      }
      free(w);
      free(x);
    }
    free(s);
  }
  clang_disposeTokens(tu, toks, n);
}

unsigned dev_offset_of(CXSourceLocation l) {
  unsigned off;
  clang_getFileLocation(l, NULL, NULL, NULL, &off);
  return off;
}

/* The barrier dev_sync adds before s, on a line of its own. */
static void print_sync_before(emitter *e, CXCursor s) {
  unsigned fence = e->plain ? 0 : dev_sync_before(e, s);
  if (!fence)
    return;
  dev_indent(e);
  strbuf_printf(e->out,
                "CU2CL_LOCKSTEP_BARRIER(%s); /* cu2cl: CUDA relied on the "
                "warp's lockstep here */\n",
                dev_sync_flags(fence));
}

unsigned dev_print_items(emitter *e, CXCursor *kids, unsigned from, unsigned n,
                         unsigned prev) {
  for (unsigned i = from; i < n; i++) {
    CXSourceRange r = clang_getCursorExtent(kids[i]);
    print_gap(e, kids[i], prev, dev_offset_of(clang_getRangeStart(r)), 0);
    if (e->stmt_hooks && e->stmt_hooks->items(e, kids, i, n, &prev))
      return prev;
    print_sync_before(e, kids[i]);
    dev_print_stmt(e, kids[i]);
    prev = dev_offset_of(clang_getRangeEnd(r));
  }
  return prev;
}

/* ---- objects leaving their block ------------------------------------
 * Local objects whose class has a destructor of the user's are destroyed
 * where their block ends, last declared first, as C++ does. A return
 * that ends the block destroys them after its value is computed; a block
 * left earlier (return, break, continue, goto after the declaration) is
 * reported: its objects would not be destroyed. */

static int leaves_block(CXCursor s);

/* The destructions, each on its own line, under e->pred. */
static void print_destructions(emitter *e, CXCursor *objs, size_t n) {
  for (size_t i = n; i-- > 0;) {
    dev_indent(e);
    if (e->pred) {
      strbuf_printf(e->out, "if (%s)\n", e->pred);
      dev_indent(e);
      dev_emit(e, "  ");
    }
    if (dev_print_object_destroy(e, objs[i])) {
      char *name = cx_spelling(objs[i]);
      strbuf_printf(e->out, "; /* ~%s: the end of its block */\n", name);
      free(name);
    } else {
      dev_drop_line(e);
    }
  }
}

/* return [v]; ending a block with objects: v kept, the objects destroyed,
 * v returned. Returns 0 (reported) where that cannot be printed. */
static int print_return_after(emitter *e, CXCursor ret, CXCursor *objs,
                              size_t n) {
  CXCursor v = dev_first_child(ret);
  int has_value = !clang_Cursor_isNull(v);
  CXType t = has_value ? clang_getCanonicalType(clang_getCursorType(v))
                       : clang_getCursorType(ret);
  if (e->pred || t.kind == CXType_Pointer || dev_has_collective(e, ret)) {
    dev_report(e, ret, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT,
               "a return after objects whose class has a destructor, "
               "predicated or returning a pointer");
    return 0;
  }
  if (!has_value || t.kind == CXType_Void) {
    if (has_value) { /* return f(); in a void function: f runs first */
      dev_indent(e);
      dev_print_expr(e, v);
      dev_emit(e, ";\n");
    }
    print_destructions(e, objs, n);
    dev_indent(e);
    dev_emit(e, "return;\n");
    return 1;
  }
  char *ts = dev_type_string(e, t, 0);
  char *tmp = xasprintf("cu2cl_r%u", ++e->fresh);
  dev_indent(e);
  strbuf_printf(e->out, "%s %s = ", ts, tmp);
  dev_print_expr(e, v);
  dev_emit(e, ";\n");
  print_destructions(e, objs, n);
  dev_indent(e);
  strbuf_printf(e->out, "return %s;\n", tmp);
  free(ts);
  free(tmp);
  return 1;
}

void dev_print_block_items(emitter *e, CXCursor block) {
  CXCursor *kids;
  unsigned n = cx_children(block, &kids);
  CXSourceRange br = clang_getCursorExtent(block);
  unsigned prev = dev_offset_of(clang_getRangeStart(br)) + 1;
  CXCursor *objs;
  size_t nobj = dev_scope_objects(e, kids, n, &objs);
  unsigned last = n;
  if (nobj && clang_getCursorKind(kids[n - 1]) == CXCursor_ReturnStmt)
    last = n - 1;
  for (unsigned i = 0; nobj && i < last && !e->quiet; i++)
    if (leaves_block(kids[i]) &&
        dev_offset_of(clang_getCursorLocation(kids[i])) >
            dev_offset_of(clang_getCursorLocation(objs[0]))) {
      dev_report(e, kids[i], CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT,
                 "a block left early after objects whose class has a "
                 "destructor");
      break;
    }
  prev = dev_print_items(e, kids, 0, last, prev);
  if (last < n) {
    CXSourceRange r = clang_getCursorExtent(kids[last]);
    print_gap(e, kids[last], prev, dev_offset_of(clang_getRangeStart(r)), 0);
    e->site = kids[last];
    if (!print_return_after(e, kids[last], objs, nobj))
      dev_print_stmt(e, kids[last]);
    prev = dev_offset_of(clang_getRangeEnd(r));
  } else if (nobj) {
    print_destructions(e, objs, nobj);
  }
  print_gap(e, block, prev, dev_offset_of(clang_getRangeEnd(br)), 0);
  free(objs);
  free(kids);
}

void dev_print_compound(emitter *e, CXCursor s) {
  dev_emit(e, "{\n");
  e->indent++;
  dev_print_block_items(e, s);
  e->indent--;
  dev_indent(e);
  dev_emit(e, "}");
}

/* A statement printed as the body of if/for/while: blocks inline, others
 * on their own indented line. */
static void print_sub(emitter *e, CXCursor s) {
  if (clang_getCursorKind(s) == CXCursor_CompoundStmt) {
    dev_emit(e, " ");
    dev_print_compound(e, s);
  } else if (!e->plain && (dev_sync_before(e, s) ||
                           (e->stmt_hooks && dev_has_collective(e, s)))) {
    /* one body: a barrier and the statement, or the statements predicated
     * printing makes of one (predicates, temporaries, two copies) */
    dev_emit(e, " {\n");
    e->indent++;
    print_sync_before(e, s);
    dev_print_stmt(e, s);
    e->indent--;
    dev_indent(e);
    dev_emit(e, "}");
  } else {
    dev_emit(e, "\n");
    e->indent++;
    dev_print_stmt(e, s); /* ends its line */
    e->indent--;
  }
}

static int at_line_start(emitter *e) {
  return e->out->len == 0 || e->out->data[e->out->len - 1] == '\n';
}

/* Ends the current line unless a statement already did. */
static void end_line(emitter *e) {
  if (!at_line_start(e))
    dev_emit(e, "\n");
}

/* Removes the indentation written for a statement that prints nothing. */
void dev_drop_line(emitter *e) {
  while (e->out->len && e->out->data[e->out->len - 1] == ' ')
    e->out->len--;
  e->out->data[e->out->len] = 0;
}

/* A construction without arguments by a constructor with nothing to run:
 * the compiler's own, or one of CUDA's headers (vector types). */
static int is_default_construction(CXCursor in) {
  CXCursor ctor = clang_getCursorReferenced(in);
  if (clang_getCursorKind(in) != CXCursor_CallExpr ||
      clang_getCursorKind(ctor) != CXCursor_Constructor ||
      !clang_Cursor_isNull(dev_first_child(in)))
    return 0;
  return cx_in_system_header(ctor) || clang_Cursor_isNull(dev_function_body(
                                          clang_getCursorDefinition(ctor)));
}

/* An array of objects whose constructor runs (ScanElement items[4], each
 * built by ScanElement()): C has no initializer for that, so each element
 * is assigned the constructor's value, in order, after the declaration. */
static void print_array_construction(emitter *e, CXType t, const char *name,
                                     CXCursor init) {
  CXType el = clang_getCanonicalType(t);
  long long count = 1;
  while (el.kind == CXType_ConstantArray) {
    count *= clang_getArraySize(el);
    el = clang_getCanonicalType(clang_getArrayElementType(el));
  }
  char *et = dev_type_string(e, el, 0);
  dev_emit(e, ";\n");
  dev_indent(e);
  strbuf_printf(e->out, "for (int cu2cl_k = 0; cu2cl_k < %lld; cu2cl_k++)\n",
                count);
  dev_indent(e);
  strbuf_printf(e->out, "  ((%s *)%s)[cu2cl_k] = ", et, name);
  free(et);
  dev_print_initializer(e, init);
  dev_emit(e, ";\n");
}

void dev_print_var_decl(emitter *e, CXCursor v) {
  char *n = cx_spelling(v);
  char *sn = dev_safe_name(n);
  free(n);
  CXType t = clang_getCursorType(v);
  var_entry *ve = dev_var_find(e, v);
  CXCursor init = dev_var_init(v);
  if (dev_is_extern_shared(v)) {
    char *et = dev_type_string(
        e, clang_getArrayElementType(clang_getCanonicalType(t)), 0);
    strbuf_printf(e->out,
                  "__local %s *%s = (__local %s *)cu2cl_dynamic_shared;\n", et,
                  sn, et);
    free(et);
    free(sn);
    return;
  }
  if (cx_cuda_attrs(v) & CX_SHARED) {
    /* Declared at the top of the kernel; a device function's comes in as
     * a parameter. The statement's line goes. */
    if (e->cur && !e->cur->is_kernel)
      strbuf_printf(
          e->out, "/* __shared__ %s: declared by the calling kernels */\n", sn);
    else
      dev_drop_line(e);
    free(sn);
    return;
  }
  if (dev_is_nonconst_ref(t)) {
    CXType pt = clang_getPointeeType(clang_getCanonicalType(t));
    char *d = dev_pointer_declarator(pt, ve ? ve->space : 'p', sn);
    dev_print_type_decl(e, e->out, pt, ve ? ve->space : 'p', d);
    free(d);
    dev_emit(e, " = &");
    char *it = dev_arg_text(e, init);
    dev_emit(e, it);
    free(it);
    dev_emit(e, ";\n");
    free(sn);
    return;
  }
  if (dev_is_const_ref(t))
    t = clang_getPointeeType(clang_getCanonicalType(t));
  char sp = ve && (ve->flags & V_POINTER) ? ve->space : 0;
  dev_print_type_decl_inner(e, e->out, t, sp,
                            ve && (ve->flags & V_POINTER) ? ve->inner : 0, sn);
  if (!clang_Cursor_isNull(init)) {
    CXCursor in = cx_strip_implicit(init);
    int trivial_ctor = clang_getCursorKind(in) == CXCursor_CallExpr &&
                       clang_getCursorKind(clang_getCursorReferenced(in)) ==
                           CXCursor_Constructor &&
                       clang_Cursor_getNumArguments(in) == 0 &&
                       clang_Cursor_isNull(dev_function_body(
                           dev_definition(e, clang_getCursorReferenced(in))));
    /* an array of vectors or records default-constructed (uchar4 c[4];):
     * CUDA leaves the elements as they are, and OpenCL C has no form of
     * a whole array's value */
    if (dev_is_array_type(t) && is_default_construction(in))
      trivial_ctor = 1;
    if (!trivial_ctor && dev_is_array_type(t) &&
        clang_getCursorKind(in) == CXCursor_CallExpr &&
        clang_getCursorKind(clang_getCursorReferenced(in)) ==
            CXCursor_Constructor) {
      print_array_construction(e, t, sn, init);
      free(sn);
      return;
    }
    if (!trivial_ctor) {
      dev_emit(e, " = ");
      dev_print_initializer(e, init);
    }
  }
  dev_emit(e, ";\n");
  free(sn);
}

static void print_decl_stmt(emitter *e, CXCursor s) {
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  for (unsigned i = 0; i < n; i++) {
    if (i)
      dev_indent(e);
    if (clang_getCursorKind(kids[i]) == CXCursor_VarDecl)
      dev_print_var_decl(e, kids[i]);
    else
      dev_emit(e, "\n");
  }
  free(kids);
}

/* 1 for an expression that changes a variable (i++, i += s, i = j, a
 * comma of those): what a for header's increment is. */
static int is_update(CXCursor c) {
  c = cx_strip_implicit(c);
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_CompoundAssignOperator)
    return 1;
  if (k == CXCursor_UnaryOperator) {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
    return op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
           op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec;
  }
  if (k != CXCursor_BinaryOperator)
    return 0;
  enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
  return op == CXBinaryOperator_Assign || op == CXBinaryOperator_Comma;
}

/* The parts of a for header written in a macro (FOR_KERNEL_LOOP(i, n)),
 * where every part has the macro call's position: by their kinds. Three
 * children besides the body are all three parts; a declaration is the
 * initialization; of the rest, an update that comes last is the
 * increment and anything before it the condition. */
static void for_parts_by_kind(CXCursor *kids, unsigned n, CXCursor *part) {
  unsigned k = n ? n - 1 : 0, i = 0;
  if (k == 3) {
    part[0] = kids[0], part[1] = kids[1], part[2] = kids[2];
    return;
  }
  if (i < k && (clang_getCursorKind(kids[i]) == CXCursor_DeclStmt ||
                (k == 2 && is_update(kids[k - 1]) && is_update(kids[0]))))
    part[0] = kids[i++];
  if (i < k && (i + 1 < k || !is_update(kids[i])))
    part[1] = kids[i++];
  if (i < k)
    part[2] = kids[i];
}

/* 1 for a statement written in a macro's definition. */
static int in_macro(CXCursor c) {
  CXSourceLocation l = clang_getCursorLocation(c);
  CXFile fs, fe;
  unsigned os, oe;
  clang_getSpellingLocation(l, &fs, NULL, NULL, &os);
  clang_getExpansionLocation(l, &fe, NULL, NULL, &oe);
  return os != oe || !clang_File_isEqual(fs, fe);
}

/* for (init; cond; inc): libclang omits absent parts, so each child is
 * placed by its position relative to the two semicolons of the header. */
/* The offsets of the two semicolons of a for header; returns how many
 * were found. */
static unsigned header_semicolons(emitter *e, CXCursor s, unsigned *semi) {
  CXToken *toks;
  unsigned nt, ns = 0;
  CXTranslationUnit tu = cx_unit_of(e->tu, s);
  clang_tokenize(tu, clang_getCursorExtent(s), &toks, &nt);
  int depth = 0;
  for (unsigned i = 0; i < nt && ns < 2; i++) {
    char *t = cx_take(clang_getTokenSpelling(tu, toks[i]));
    if (!strcmp(t, "("))
      depth++;
    else if (!strcmp(t, ")"))
      depth--;
    else if (!strcmp(t, ";") && depth == 1)
      semi[ns++] = dev_offset_of(clang_getTokenLocation(tu, toks[i]));
    free(t);
  }
  clang_disposeTokens(tu, toks, nt);
  return ns;
}

/* A loop or switch printed as written binds break (and a loop continue)
 * again: saves and clears what a predicated loop around it set. */
typedef struct {
  const char *brk, *cont;
} jump_targets;

static jump_targets rebind_jumps(emitter *e, int loop) {
  jump_targets saved = {e->break_as, e->continue_as};
  e->break_as = NULL;
  if (loop)
    e->continue_as = NULL;
  return saved;
}

static void restore_jumps(emitter *e, jump_targets saved) {
  e->break_as = saved.brk;
  e->continue_as = saved.cont;
}

void dev_for_parts(emitter *e, CXCursor s, CXCursor part[3]) {
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  unsigned semi[2] = {0, 0};
  unsigned ns = header_semicolons(e, s, semi);
  part[0] = part[1] = part[2] = clang_getNullCursor();
  int by_kind = ns < 2 || in_macro(s);
  if (by_kind) /* the header is a macro's: its parts have no positions */
    for_parts_by_kind(kids, n, part);
  for (unsigned i = 0; !by_kind && i + 1 < n; i++) {
    unsigned off =
        dev_offset_of(clang_getRangeStart(clang_getCursorExtent(kids[i])));
    int slot = off < semi[0] ? 0 : off < semi[1] ? 1 : 2;
    part[slot] = kids[i];
  }
  free(kids);
}

/* for (int a = 0, b = n; ...): several declarations are printed one per
 * statement, which a for header cannot hold; they go before the loop, in a
 * block of their own so that their scope stays the loop's. 1 for such a
 * loop, whose parts are part. */
static int for_hoists(emitter *e, CXCursor s, CXCursor part[3]) {
  dev_for_parts(e, s, part);
  int hoist = 0;
  if (!clang_Cursor_isNull(part[0]) &&
      clang_getCursorKind(part[0]) == CXCursor_DeclStmt) {
    CXCursor *decls;
    hoist = cx_children(part[0], &decls) > 1;
    free(decls);
  }
  return hoist;
}

void dev_print_for(emitter *e, CXCursor s) {
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  jump_targets jumps = rebind_jumps(e, 1);
  CXCursor part[3];
  int hoist = for_hoists(e, s, part);
  if (hoist) {
    dev_emit(e, "{\n");
    e->indent++;
    dev_indent(e);
    print_decl_stmt(e, part[0]);
    if (e->loop_pragmas) { /* its #pragma unroll: before the for itself */
      dev_emit(e, e->loop_pragmas);
      free(e->loop_pragmas);
      e->loop_pragmas = NULL;
    }
    dev_indent(e);
    part[0] = clang_getNullCursor();
  }
  dev_emit(e, "for (");
  if (!clang_Cursor_isNull(part[0])) {
    if (clang_getCursorKind(part[0]) == CXCursor_DeclStmt) {
      strbuf tmp = {0};
      strbuf *saved = e->out;
      e->out = &tmp;
      print_decl_stmt(e, part[0]);
      e->out = saved;
      /* one declaration: drop its ";\n" */
      if (tmp.len >= 2)
        tmp.data[tmp.len - 2] = 0;
      dev_emit(e, strbuf_cstr(&tmp));
      strbuf_free(&tmp);
    } else {
      dev_print_expr(e, part[0]);
    }
  }
  dev_emit(e, "; ");
  if (!clang_Cursor_isNull(part[1]))
    dev_print_expr(e, part[1]);
  dev_emit(e, "; ");
  if (!clang_Cursor_isNull(part[2]))
    dev_print_expr(e, part[2]);
  dev_emit(e, ")");
  if (n)
    print_sub(e, kids[n - 1]);
  end_line(e);
  if (hoist) {
    e->indent--;
    dev_indent(e);
    dev_emit(e, "}\n");
  }
  restore_jumps(e, jumps);
  free(kids);
}

/* ---- barriers in branches ------------------------------------------- */
/* A branch that holds a work-group barrier is taken by the whole group
 * (CUDA requires it of __syncthreads as OpenCL does of barrier). PoCL (3.1
 * seen) runs the code between such a branch's last barrier and its end for
 * one work-item only: `if (uniform) { for (...) { ...; barrier } if (tid ==
 * last) out = s[tid]; }` never stores. A barrier at the branch's end makes
 * that code a region of its own; on a device without the fault it costs one
 * barrier where the group already waits at several. Not added where a
 * work-item can leave the branch early (return, or break/continue of an
 * enclosing loop): the others would wait for it. */

static int is_block_barrier(CXCursor c, void *ctx) {
  (void)ctx;
  if (clang_getCursorKind(c) != CXCursor_CallExpr)
    return 0;
  char *n = cx_spelling(clang_getCursorReferenced(c));
  int hit = str_starts_with(n, "__syncthreads");
  free(n);
  return hit;
}

typedef struct {
  int depth; /* loops and switches entered below the branch */
  int exits;
} exit_walk;

static enum CXChildVisitResult exit_visit(CXCursor c, CXCursor parent,
                                          CXClientData d) {
  exit_walk *w = d;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_ReturnStmt || k == CXCursor_GotoStmt ||
      ((k == CXCursor_BreakStmt || k == CXCursor_ContinueStmt) && !w->depth)) {
    w->exits = 1;
    return CXChildVisit_Break;
  }
  if (k == CXCursor_LambdaExpr)
    return CXChildVisit_Continue;
  int nest = k == CXCursor_ForStmt || k == CXCursor_WhileStmt ||
             k == CXCursor_DoStmt || k == CXCursor_SwitchStmt;
  w->depth += nest;
  clang_visitChildren(c, exit_visit, w);
  w->depth -= nest;
  return w->exits ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* 1 when s leaves the block it is in: a return or goto in it, or a break
 * or continue not inside a loop or switch of its own. */
static int leaves_block(CXCursor s) {
  exit_walk w = {0, 0};
  exit_visit(s, s, &w);
  return w.exits;
}

/* 1 when s holds a __syncthreads (itself or below). */
static int has_block_barrier(CXCursor s) {
  return is_block_barrier(s, NULL) ||
         dev_find(s, is_block_barrier, NULL, 1, NULL) > 0;
}

/* 1 when the branch needs a barrier at its end (above). */
static int needs_tail_barrier(CXCursor branch) {
  if (!has_block_barrier(branch))
    return 0;
  CXCursor last = branch;
  if (clang_getCursorKind(branch) == CXCursor_CompoundStmt)
    last = dev_last_child(branch);
  if (clang_Cursor_isNull(last) || is_block_barrier(last, NULL))
    return 0;
  exit_walk w = {0, 0};
  clang_visitChildren(branch, exit_visit, &w);
  return !w.exits && clang_getCursorKind(branch) != CXCursor_ReturnStmt;
}

/* A kernel that returns early and then meets a barrier has the same fault
 * at its end: PoCL (3.1 seen) drops or never finishes the code after the
 * kernel's last barrier when the early return's branch does per-work-item
 * work (`if (*skip) { if (tid < 3) out[tid] = 0; return; } ...;
 * __syncthreads(); if (tid == 0) out[0] = sum;` never stores the sum).
 * A barrier at the kernel's end makes that code a region of its own. Only
 * where it is safe: the last barrier is a statement of the kernel's body,
 * which every work-item that gets to the end has passed, no return comes
 * after it, and none before it can have been taken by only part of the
 * group (the barrier would not have been reached by all). */

/* Counts the returns and gotos in and below c (lambdas left out). */
static enum CXChildVisitResult return_visit(CXCursor c, CXCursor parent,
                                            CXClientData d) {
  (void)parent;
  unsigned *count = d;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_LambdaExpr)
    return CXChildVisit_Continue;
  if (k == CXCursor_ReturnStmt || k == CXCursor_GotoStmt)
    ++*count;
  return CXChildVisit_Recurse;
}

int dev_needs_kernel_tail_barrier(CXCursor body) {
  CXCursor *kids;
  unsigned n = cx_children(body, &kids);
  unsigned last = n;
  for (unsigned i = 0; i < n; i++)
    if (has_block_barrier(kids[i]))
      last = i;
  int need = 0;
  if (last + 1 < n && is_block_barrier(kids[last], NULL)) {
    unsigned before = 0, after = 0;
    for (unsigned i = 0; i < n; i++) {
      unsigned *count = i < last ? &before : &after;
      return_visit(kids[i], body, count);
      clang_visitChildren(kids[i], return_visit, count);
    }
    need = before && !after;
  }
  free(kids);
  return need;
}

/* An if's branch: as print_sub, with the barrier above where needed. */
static void print_branch(emitter *e, CXCursor s) {
  if (!needs_tail_barrier(s)) {
    print_sub(e, s);
    return;
  }
  dev_emit(e, " {\n");
  e->indent++;
  if (clang_getCursorKind(s) == CXCursor_CompoundStmt) {
    dev_print_block_items(e, s);
  } else {
    dev_print_stmt(e, s);
  }
  dev_indent(e);
  dev_emit(e, "barrier(CLK_LOCAL_MEM_FENCE);  /* cu2cl: closes the "
              "branch's last barrier region */\n");
  e->indent--;
  dev_indent(e);
  dev_emit(e, "}");
}

/* if (c) A else B, both holding barriers: PoCL (3.1 seen) runs one of the
 * two wrongly whatever closes their regions. As two ifs with a barrier
 * between them, on the condition evaluated once, it runs both right; the
 * condition is the same for the whole group (the barriers require it), so
 * nothing else changes. */
static void print_split_if(emitter *e, CXCursor *kids) {
  dev_emit(e, "{\n");
  e->indent++;
  dev_indent(e);
  dev_emit(e, "const int cu2cl_branch = !!(");
  dev_print_expr(e, kids[0]);
  dev_emit(e, ");\n");
  dev_indent(e);
  dev_emit(e, "if (cu2cl_branch)");
  print_branch(e, kids[1]);
  end_line(e);
  dev_indent(e);
  dev_emit(e, "barrier(CLK_LOCAL_MEM_FENCE);  /* cu2cl: between the two "
              "branches' barrier regions */\n");
  dev_indent(e);
  dev_emit(e, "if (!cu2cl_branch)");
  print_branch(e, kids[2]);
  end_line(e);
  e->indent--;
  dev_indent(e);
  dev_emit(e, "}\n");
}

static void print_if(emitter *e, CXCursor s) {
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  unsigned i = 0;
  if (n > 3 || (n == 3 && clang_getCursorKind(kids[0]) == CXCursor_DeclStmt))
    dev_report(e, s, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT,
               "a declaration in an if condition");
  else if (n == 3 && has_block_barrier(kids[1]) && has_block_barrier(kids[2])) {
    print_split_if(e, kids);
    free(kids);
    return;
  }
  dev_emit(e, "if (");
  dev_print_expr(e, kids[i]);
  dev_emit(e, ")");
  print_branch(e, kids[i + 1]);
  if (n > i + 2) {
    if (at_line_start(e))
      dev_indent(e);
    dev_emit(e, at_line_start(e) || e->out->data[e->out->len - 1] == ' '
                    ? "else"
                    : " else");
    if (clang_getCursorKind(kids[i + 2]) == CXCursor_IfStmt) {
      dev_emit(e, " ");
      print_if(e, kids[i + 2]);
      free(kids);
      return;
    }
    print_branch(e, kids[i + 2]);
  }
  end_line(e);
  free(kids);
}

/* while (cond) body and do body while (cond); */
void dev_print_loop(emitter *e, CXCursor s) {
  jump_targets jumps = rebind_jumps(e, 1);
  if (clang_getCursorKind(s) == CXCursor_WhileStmt) {
    print_keyword_cond(e, s, "while");
    restore_jumps(e, jumps);
    return;
  }
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  dev_emit(e, "do");
  if (n)
    print_sub(e, kids[0]);
  if (at_line_start(e))
    dev_indent(e);
  dev_emit(e, at_line_start(e) || e->out->data[e->out->len - 1] == ' '
                  ? "while ("
                  : " while (");
  if (n > 1)
    dev_print_expr(e, kids[1]);
  dev_emit(e, ");\n");
  restore_jumps(e, jumps);
  free(kids);
}

/* while (cond) body / switch (cond) body */
static void print_keyword_cond(emitter *e, CXCursor s, const char *keyword) {
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  strbuf_printf(e->out, "%s (", keyword);
  dev_print_expr(e, kids[0]);
  dev_emit(e, ")");
  print_sub(e, kids[n - 1]);
  end_line(e);
  free(kids);
}

void dev_print_stmt(emitter *e, CXCursor s) {
  e->site = s;
  dev_indent(e);
  dev_print_sites(e, s, 0);
  if (e->stmt_hooks && e->stmt_hooks->stmt(e, s))
    return;
  dev_print_stmt_body(e, s);
}

/* case V: body */
static void print_case(emitter *e, CXCursor s) {
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  dev_emit(e, "case ");
  dev_print_int_value(e, kids[0]);
  dev_emit(e, ":\n");
  if (n > 1) {
    e->indent++;
    dev_print_stmt(e, kids[n - 1]);
    e->indent--;
  }
  free(kids);
}

static void print_default(emitter *e, CXCursor s) {
  dev_emit(e, "default:\n");
  e->indent++;
  dev_print_stmt(e, dev_first_child(s));
  e->indent--;
}

/* A constructor's clone returns the object it builds. */
static void print_return(emitter *e, CXCursor s) {
  CXCursor v = dev_first_child(s);
  int ctor =
      e->cur && clang_getCursorKind(e->cur->decl) == CXCursor_Constructor;
  if (ctor) {
    dev_emit(e, "return self;\n");
  } else if (clang_Cursor_isNull(v)) {
    dev_emit(e, "return;\n");
  } else if (e->cur && dev_returns_reference(e->cur->decl)) {
    dev_emit(e, "return &("); /* T &f(): the object's address */
    dev_print_expr(e, v);
    dev_emit(e, ");\n");
  } else {
    dev_emit(e, "return ");
    dev_print_expr(e, v);
    dev_emit(e, ";\n");
  }
}

/* Attributed statements (#pragma unroll): the pragma, then the statement. */
static void print_attributed(emitter *e, CXCursor s) {
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  if (n) {
    CXCursor part[3];
    int later = clang_getCursorKind(kids[n - 1]) == CXCursor_ForStmt &&
                for_hoists(e, kids[n - 1], part);
    strbuf pragmas = {0};
    strbuf *out = e->out;
    if (later) /* printed by dev_print_for, after what goes before */
      e->out = &pragmas;
    else
      dev_drop_line(e);
    print_gap(
        e, s, dev_offset_of(clang_getRangeStart(clang_getCursorExtent(s))),
        dev_offset_of(clang_getRangeStart(clang_getCursorExtent(kids[n - 1]))),
        1);
    e->out = out;
    if (later)
      e->loop_pragmas = strbuf_take(&pragmas);
    dev_print_stmt(e, kids[n - 1]);
    free(e->loop_pragmas); /* a loop printed another way */
    e->loop_pragmas = NULL;
  }
  free(kids);
}

/* lhs = rhs or lhs op= rhs split by a barrier (dev_sync): every work-item
 * reads first, then stores, as a warp does; under e->pred the reads and
 * the store are guarded and the barrier is not. */
void dev_print_split(emitter *e, CXCursor s) {
  CXCursor op = cx_strip_implicit(s);
  CXCursor *kids;
  unsigned n = cx_children(op, &kids);
  CXType t = clang_getUnqualifiedType(
      clang_getCanonicalType(clang_getCursorType(kids[n - 1])));
  char *ts = dev_type_string(e, t, 0);
  char *tmp = xasprintf("cu2cl_t%u", ++e->fresh);
  const char *p = e->pred;
  e->pred = NULL;
  dev_emit(e, "{\n");
  e->indent++;
  dev_indent(e);
  if (p) {
    strbuf_printf(e->out, "%s %s = 0;\n", ts, tmp);
    dev_indent(e);
    strbuf_printf(e->out, "if (%s) %s = ", p, tmp);
  } else {
    strbuf_printf(e->out, "%s %s = ", ts, tmp);
  }
  dev_print_expr(e, kids[n - 1]);
  dev_emit(e, ";\n");
  dev_indent(e);
  strbuf_printf(e->out,
                "CU2CL_LOCKSTEP_BARRIER(%s); /* cu2cl: every work-item reads "
                "before any stores, as a warp does */\n",
                dev_sync_flags(dev_sync_split(e, s)));
  dev_indent(e);
  if (p)
    strbuf_printf(e->out, "if (%s) ", p);
  dev_print_expr(e, kids[0]);
  CXString os = clang_getBinaryOperatorKindSpelling(
      clang_getCursorBinaryOperatorKind(op));
  strbuf_printf(e->out, " %s %s;\n", clang_getCString(os), tmp);
  clang_disposeString(os);
  e->indent--;
  dev_indent(e);
  dev_emit(e, "}\n");
  e->pred = p;
  free(tmp);
  free(ts);
  free(kids);
}

/* Expression statements, and what has no OpenCL C form (reported). */
static void print_other(emitter *e, CXCursor s) {
  enum CXCursorKind k = clang_getCursorKind(s);
  if (clang_isExpression(k) && !e->plain && dev_sync_split(e, s)) {
    dev_print_split(e, s);
    return;
  }
  if (dev_print_special(e, s))
    return;
  if (clang_isExpression(k)) {
    dev_print_expr(e, s);
    dev_emit(e, ";\n");
    return;
  }
  if (k == CXCursor_LabelStmt || k == CXCursor_GotoStmt) {
    dev_report(e, s, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT, "goto");
  } else {
    char *kn = cx_kind_name(s);
    dev_report(e, s, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT, kn);
    free(kn);
  }
  dev_emit(e, "\n");
}

void dev_print_stmt_body(emitter *e, CXCursor s) {
  switch (clang_getCursorKind(s)) {
  case CXCursor_CompoundStmt:
    dev_print_compound(e, s);
    dev_emit(e, "\n");
    return;
  case CXCursor_DeclStmt:
    print_decl_stmt(e, s);
    return;
  case CXCursor_IfStmt:
    print_if(e, s);
    return;
  case CXCursor_ForStmt:
    dev_print_for(e, s);
    return;
  case CXCursor_WhileStmt:
  case CXCursor_DoStmt:
    dev_print_loop(e, s);
    return;
  case CXCursor_SwitchStmt: {
    jump_targets jumps = rebind_jumps(e, 0);
    print_keyword_cond(e, s, "switch");
    restore_jumps(e, jumps);
    return;
  }
  case CXCursor_CaseStmt:
    print_case(e, s);
    return;
  case CXCursor_DefaultStmt:
    print_default(e, s);
    return;
  case CXCursor_BreakStmt:
    strbuf_printf(e->out, "%s\n", e->break_as ? e->break_as : "break;");
    return;
  case CXCursor_ContinueStmt:
    strbuf_printf(e->out, "%s\n",
                  e->continue_as ? e->continue_as : "continue;");
    return;
  case CXCursor_NullStmt:
    dev_emit(e, ";\n");
    return;
  case CXCursor_ReturnStmt:
    print_return(e, s);
    return;
  case CXCursor_UnexposedStmt:
    print_attributed(e, s);
    return;
  default:
    print_other(e, s);
    return;
  }
}
