/*
 * dev_literal: literals printed as OpenCL C, keeping their source spelling
 * where they have one (float suffixes, hexadecimal), and integer constants
 * by value; what else only the spelling tells (a cast to a reference
 * type). Layer 1 of the device emitter (dev_state.h): calls dev_state.
 */
#include "dev_literal.h"

#include <ctype.h>
#include <string.h>

static char *literal_token(emitter *e, CXCursor c) {
  CXToken *toks;
  unsigned n;
  CXTranslationUnit tu = cx_unit_of(e->tu, c);
  clang_tokenize(tu, clang_getCursorExtent(c), &toks, &n);
  char *r = NULL;
  if (n == 1 && clang_getTokenKind(toks[0]) == CXToken_Literal)
    r = cx_take(clang_getTokenSpelling(tu, toks[0]));
  clang_disposeTokens(tu, toks, n);
  return r;
}

/* A floating constant as C source: always with a '.' or exponent, 'f'
 * suffixed for float. */
static void print_float(strbuf *b, double d, int is_float) {
  if (d != d) {
    strbuf_append(b, is_float ? "NAN" : "(double)NAN");
    return;
  }
  if (d == 1.0 / 0.0 || d == -1.0 / 0.0) {
    strbuf_printf(b, "%s%s", d < 0 ? "-" : "",
                  is_float ? "INFINITY" : "(double)INFINITY");
    return;
  }
  char tmp[64];
  snprintf(tmp, sizeof tmp, is_float ? "%.9g" : "%.17g", d);
  strbuf_append(b, tmp);
  if (!strpbrk(tmp, ".e"))
    strbuf_append(b, ".0");
  if (is_float)
    strbuf_appendc(b, 'f');
}

void dev_print_int_value(emitter *e, CXCursor c) {
  long long v;
  int u = 0;
  if (!cx_eval_int(c, &v, &u)) {
    CXEvalResult r = clang_Cursor_Evaluate(c);
    if (r && clang_EvalResult_getKind(r) == CXEval_Float) {
      double d = clang_EvalResult_getAsDouble(r);
      clang_EvalResult_dispose(r);
      print_float(e->out, d,
                  clang_getCanonicalType(clang_getCursorType(c)).kind ==
                      CXType_Float);
      return;
    }
    if (r)
      clang_EvalResult_dispose(r);
    dev_report(e, c, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT,
               "an expression that is not a constant");
    return;
  }
  enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(c)).kind;
  const char *suffix = "";
  if (k == CXType_UInt || k == CXType_UShort || k == CXType_UChar)
    suffix = "u";
  else if (k == CXType_Long || k == CXType_LongLong)
    suffix = "L";
  else if (k == CXType_ULong || k == CXType_ULongLong)
    suffix = "UL";
  else if (k == CXType_Bool) {
    dev_emit(e, v ? "true" : "false");
    return;
  }
  if ((u || *suffix == 'u' || *suffix == 'U') &&
      (unsigned long long)v > 0xffffu)
    /* masks and bit patterns (often from macros) read better in hex */
    strbuf_printf(e->out, "0x%llx%s", (unsigned long long)v, suffix);
  else if (u || *suffix == 'u' || *suffix == 'U')
    strbuf_printf(e->out, "%llu%s", (unsigned long long)v, suffix);
  else if (v == (-9223372036854775807LL - 1))
    strbuf_printf(e->out, "(-9223372036854775807L - 1)");
  else
    strbuf_printf(e->out, "%lld%s", v, suffix);
}

void dev_print_literal(emitter *e, CXCursor c) {
  char *tok = literal_token(e, c);
  if (tok) {
    dev_emit(e, tok);
    free(tok);
    return;
  }
  if (clang_getCursorKind(c) == CXCursor_FloatingLiteral) {
    CXEvalResult r = clang_Cursor_Evaluate(c);
    double v = r ? clang_EvalResult_getAsDouble(r) : 0;
    if (r)
      clang_EvalResult_dispose(r);
    print_float(e->out, v,
                clang_getCanonicalType(clang_getCursorType(c)).kind ==
                    CXType_Float);
    return;
  }
  dev_print_int_value(e, c);
}

/* The cast's type as written ends in & or &&: tokens up to the '>' that
 * closes reinterpret_cast<, or the ')' that closes a C-style cast's '('.
 * (The expression's type is T for a cast to T & as for one to T.) */
int dev_cast_written_as_reference(emitter *e, CXCursor c) {
  CXToken *toks;
  unsigned n;
  CXTranslationUnit tu = cx_unit_of(e->tu, c);
  clang_tokenize(tu, clang_getCursorExtent(c), &toks, &n);
  int c_style = clang_getCursorKind(c) == CXCursor_CStyleCastExpr;
  int depth = 0, r = 0;
  char *prev = NULL;
  for (unsigned i = 0; i < n; i++) {
    char *s = cx_take(clang_getTokenSpelling(tu, toks[i]));
    int open = c_style ? !strcmp(s, "(") : !strcmp(s, "<");
    int close = c_style ? !strcmp(s, ")") : !strcmp(s, ">");
    int close2 = !c_style && !strcmp(s, ">>");
    depth += open - close - 2 * close2;
    if ((close || close2) && depth <= 0) {
      r = prev && (!strcmp(prev, "&") || !strcmp(prev, "&&")) && !close2;
      free(s);
      break;
    }
    free(prev);
    prev = s;
  }
  free(prev);
  clang_disposeTokens(tu, toks, n);
  return r;
}
