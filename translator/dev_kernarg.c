/*
 * dev_kernarg: structs with pointer members as kernel parameters. OpenCL C
 * forbids pointers in a kernel's struct parameters; such a struct arrives
 * as its mirror with every pointer an integer of the same size (device
 * pointers are SVM addresses) and is unpacked in the kernel's first lines.
 * Layer 7 of the device emitter (dev_state.h), after dev_types, whose
 * names and registry of emitted types it uses.
 */
#include "dev_kernarg.h"

#include <string.h>

#include "dev_types.h"

typedef struct ptr_scan {
  int found;
} ptr_scan;

static enum CXVisitorResult ptr_field(CXCursor c, CXClientData d) {
  ptr_scan *ps = d;
  {
    CXType ft = clang_getCanonicalType(clang_getCursorType(c));
    if (ft.kind == CXType_Pointer || dev_record_has_pointers(ft))
      ps->found = 1;
  }
  return CXVisit_Continue;
}

/* 1 for a struct with (possibly nested) pointer fields: OpenCL C forbids
 * those as kernel parameters. */
int dev_record_has_pointers(CXType t) {
  t = clang_getCanonicalType(t);
  if (t.kind != CXType_Record)
    return 0;
  ptr_scan ps = {0};
  clang_Type_visitFields(t, ptr_field, &ps);
  return ps.found;
}

typedef struct kernarg_ctx {
  emitter *e;
  strbuf *def, *unpack;
} kernarg_ctx;

static enum CXVisitorResult kernarg_field(CXCursor c, CXClientData d) {
  kernarg_ctx *k = d;
  if (dev_is_anonymous_member(c)) {
    dev_report(k->e, c, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT,
               "an anonymous struct or union in a kernel parameter's struct "
               "that holds pointers");
    return CXVisit_Continue;
  }
  char *sn = dev_field_name(k->e, c);
  CXType ft = clang_getCanonicalType(clang_getCursorType(c));
  if (ft.kind == CXType_Pointer) {
    char *pt = dev_type_string(k->e, ft, 'g');
    strbuf_printf(k->def, "  ulong %s;\n", sn);
    strbuf_printf(k->unpack, "      .%s = (%s)a.%s,\n", sn, pt, sn);
    free(pt);
  } else if (dev_record_has_pointers(ft)) {
    char *kt = dev_kernarg_type(k->e, ft);
    char *rn = dev_type_name(k->e, ft);
    strbuf_printf(k->def, "  %s %s;\n", kt, sn);
    strbuf_printf(k->unpack, "      .%s = cu2cl_unpack_%s(a.%s),\n", sn, rn,
                  sn);
    free(kt);
    free(rn);
  } else {
    strbuf_append(k->def, "  ");
    dev_print_type_decl(k->e, k->def, clang_getUnqualifiedType(ft), 0, sn);
    strbuf_append(k->def, ";\n");
    strbuf_printf(k->unpack, "      .%s = a.%s,\n", sn, sn);
  }
  free(sn);
  return CXVisit_Continue;
}

/* "Name_kernarg": Name with every pointer as a ulong (same size and
 * alignment on 64-bit devices; device pointers are SVM addresses), and
 * cu2cl_unpack_Name() turning it back into Name, by initializing it (a
 * const member cannot be assigned). Emitted once. */
char *dev_kernarg_type(emitter *e, CXType t) {
  char *name = dev_type_name(e, t);
  char *kn = xasprintf("%s_kernarg", name);
  char *usr = xasprintf("%s#kernarg", kn);
  if (!dev_type_registered(e, usr)) {
    strvec_push(&e->type_usrs, usr);
    strbuf def = {0}, unpack = {0};
    kernarg_ctx k = {e, &def, &unpack};
    clang_Type_visitFields(clang_getCanonicalType(t), kernarg_field, &k);
    strbuf_printf(&e->types,
                  "/* %s as a kernel parameter: OpenCL C forbids pointers in "
                  "struct parameters. */\ntypedef struct %s {\n%s} "
                  "__attribute__((aligned(%lld))) %s;\n\n"
                  "%s cu2cl_unpack_%s(%s a) {\n  %s r = {\n%s  };\n  return "
                  "r;\n}\n\n",
                  name, kn, strbuf_cstr(&def), clang_Type_getAlignOf(t), kn,
                  name, name, kn, name, strbuf_cstr(&unpack));
    strbuf_free(&def);
    strbuf_free(&unpack);
  }
  free(usr);
  free(name);
  return kn;
}
