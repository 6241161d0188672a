/*
 * dev_kernarg: structs with pointer members as kernel parameters. OpenCL C
 * forbids pointers in a kernel's struct parameters; such a struct arrives
 * as its mirror with every pointer an integer of the same size (device
 * pointers are SVM addresses) and is unpacked in the kernel's first lines.
 * Layer 7 of the device emitter (dev_state.h), after dev_types, whose
 * names and registry of emitted types it uses, and dev_class, whose
 * layout of bases it follows.
 *
 * Invariant: a mirror has its struct's layout byte for byte: the struct's
 * members in order (dev_types emit_record: the type tag, the non-empty
 * bases as cu2cl_base<i>, the fields, anonymous members in place), each
 * pointer (a pointer, a reference member, Thrust's device_ptr; alone or in
 * arrays of any rank) a ulong, each member struct holding pointers its own
 * mirror, everything else as it is. The host passes the bytes of its C++
 * object (host_stub: sizeof), so the mirror is checked at compile time to
 * be as large as the struct and as the host's object; unpacking reads the
 * same bytes as the struct, through a union.
 */
#include "dev_kernarg.h"

#include <string.h>

#include "dev_class.h"
#include "dev_types.h"

/* What dev_types prints as a pointer in a struct. */
static int is_pointer_like(CXType t) {
  CXType c = clang_getCanonicalType(t), elem;
  return c.kind == CXType_Pointer || c.kind == CXType_LValueReference ||
         c.kind == CXType_RValueReference ||
         (c.kind == CXType_Record && dev_thrust_class(c, &elem) == 'p');
}

/* The elements of an array of any rank (t itself for no array); dims (may
 * be NULL) receives the array's "[n][m]". */
static CXType element_of(CXType t, strbuf *dims) {
  CXType c = clang_getCanonicalType(t);
  while (dev_is_array_type(c)) {
    long long n = clang_getArraySize(c);
    if (dims && n >= 0)
      strbuf_printf(dims, "[%lld]", n);
    else if (dims) /* a flexible array member */
      strbuf_append(dims, "[]");
    c = clang_getCanonicalType(clang_getArrayElementType(c));
  }
  return c;
}

/* 1 for a member of type t that holds pointers, alone or in arrays. */
static int member_has_pointers(CXType t) {
  CXType el = element_of(t, NULL);
  return is_pointer_like(el) || dev_record_has_pointers(el);
}

static enum CXVisitorResult ptr_field(CXCursor c, CXClientData d) {
  if (!member_has_pointers(clang_getCursorType(c)))
    return CXVisit_Continue;
  *(int *)d = 1;
  return CXVisit_Break;
}

/* 1 for a struct with pointers in its fields (anonymous members
 * included), their arrays of any rank, member structs or bases: OpenCL C
 * forbids those as kernel parameters. Thrust's device_ptr is a pointer,
 * no struct. */
int dev_record_has_pointers(CXType t) {
  CXType elem;
  t = clang_getCanonicalType(t);
  if (t.kind != CXType_Record || dev_thrust_class(t, &elem) == 'p')
    return 0;
  int found = 0;
  clang_Type_visitFields(t, ptr_field, &found);
  CXType *bases;
  unsigned n = dev_class_bases(t, &bases);
  for (unsigned i = 0; i < n && !found; i++)
    found = dev_record_has_pointers(bases[i]);
  free(bases);
  return found;
}

static char *mirror_type(emitter *e, CXType t);

/* A member of type t named name, as the mirror holds it. */
static void mirror_member(emitter *e, strbuf *def, CXType t, const char *name) {
  strbuf dims = {0};
  strbuf_append(&dims, "");
  CXType el = element_of(t, &dims);
  if (is_pointer_like(el)) {
    strbuf_printf(def, "  ulong %s%s;\n", name, strbuf_cstr(&dims));
  } else if (dev_record_has_pointers(el)) {
    char *mt = mirror_type(e, el);
    strbuf_printf(def, "  %s %s%s;\n", mt, name, strbuf_cstr(&dims));
    free(mt);
  } else {
    strbuf_append(def, "  ");
    dev_print_type_decl(
        e, def, clang_getUnqualifiedType(clang_getCanonicalType(t)), 0, name);
    strbuf_append(def, ";\n");
  }
  strbuf_free(&dims);
}

typedef struct mirror_ctx {
  emitter *e;
  strbuf *def;
} mirror_ctx;

static enum CXVisitorResult mirror_field(CXCursor c, CXClientData d);

/* An anonymous struct or union member: in place, its members mirrored,
 * as dev_types prints it in the struct. */
static void mirror_anonymous(mirror_ctx *m, CXCursor field) {
  CXType t = clang_getCanonicalType(clang_getCursorType(field));
  CXCursor decl = clang_getTypeDeclaration(t);
  strbuf inner = {0};
  strbuf_append(&inner, "");
  mirror_ctx in = {m->e, &inner};
  clang_Type_visitFields(t, mirror_field, &in);
  strbuf_printf(m->def, "  %s {\n",
                clang_getCursorKind(decl) == CXCursor_UnionDecl ? "union"
                                                                : "struct");
  for (const char *p = strbuf_cstr(&inner); *p;) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p + 1) : strlen(p);
    strbuf_printf(m->def, "  %.*s", (int)n, p);
    p += n;
  }
  strbuf_append(m->def, "  };\n");
  strbuf_free(&inner);
}

static enum CXVisitorResult mirror_field(CXCursor c, CXClientData d) {
  mirror_ctx *m = d;
  if (dev_is_anonymous_member(c)) {
    mirror_anonymous(m, c);
    return CXVisit_Continue;
  }
  char *sn = dev_field_name(m->e, c);
  mirror_member(m->e, m->def, clang_getCursorType(c), sn);
  free(sn);
  return CXVisit_Continue;
}

/* What the struct holds before its fields (dev_class.h): the type tag,
 * then the non-empty bases. */
static void mirror_prefix(emitter *e, strbuf *def, CXType t) {
  if (dev_class_holds_tag(t))
    strbuf_append(def, "  ulong cu2cl_vtag;\n");
  CXType *bases;
  unsigned nb = dev_class_bases(t, &bases);
  for (unsigned i = 0; i < nb; i++) {
    if (dev_class_takes_no_room(bases[i]))
      continue;
    char *bn = xasprintf("cu2cl_base%u", i);
    mirror_member(e, def, bases[i], bn);
    free(bn);
  }
  free(bases);
}

/* "Name_kernarg", emitted once after the mirrors of its members, with the
 * check that it is as large as Name on the device and on the host. */
static char *mirror_type(emitter *e, CXType t) {
  t = clang_getUnqualifiedType(clang_getCanonicalType(t));
  char *name = dev_type_name(e, t);
  char *kn = xasprintf("%s_kernarg", name);
  char *usr = xasprintf("%s#kernarg", kn);
  if (!dev_type_registered(e, usr)) {
    strvec_push(&e->type_usrs, usr);
    strbuf def = {0};
    strbuf_append(&def, "");
    mirror_prefix(e, &def, t);
    mirror_ctx m = {e, &def};
    clang_Type_visitFields(t, mirror_field, &m);
    int is_union =
        clang_getCursorKind(clang_getTypeDeclaration(t)) == CXCursor_UnionDecl;
    strbuf_printf(&e->types,
                  "/* %s as a kernel parameter: OpenCL C forbids pointers in "
                  "struct parameters. */\ntypedef %s %s {\n%s} "
                  "__attribute__((aligned(%lld))) %s;\n",
                  name, is_union ? "union" : "struct", kn, strbuf_cstr(&def),
                  clang_Type_getAlignOf(t), kn);
    long long size = clang_Type_getSizeOf(t);
    if (size > 0) /* the host passes its object's bytes */
      strbuf_printf(&e->types,
                    "typedef char cu2cl_check_%s[sizeof(%s) == %lld ? "
                    "(sizeof(%s) == %lld ? 1 : -1) : -1]; /* the host's "
                    "size */\n",
                    kn, kn, size, name, size);
    strbuf_append(&e->types, "\n");
    strbuf_free(&def);
  }
  free(usr);
  free(name);
  return kn;
}

/* cu2cl_unpack_Name() reads the mirror's bytes as Name: the layouts are
 * the same, and a union reads them without copying member by member
 * (arrays of any rank, const members). Emitted once. */
char *dev_kernarg_type(emitter *e, CXType t) {
  char *kn = mirror_type(e, t);
  char *name = dev_type_name(e, t);
  char *usr = xasprintf("%s#unpack", kn);
  if (!dev_type_registered(e, usr)) {
    strvec_push(&e->type_usrs, usr);
    strbuf_printf(&e->types,
                  "%s cu2cl_unpack_%s(%s a) {\n"
                  "  union {\n    %s k;\n    %s v;\n  } u = {a};\n"
                  "  return u.v;\n}\n\n",
                  name, name, kn, kn, name);
  }
  free(usr);
  free(name);
  return kn;
}
