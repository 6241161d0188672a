/*
 * fuzz_compdb: compilation databases and their commands' flags: the input
 * is a compile_commands.json loaded by cu2cl_compdb_load (which maps every
 * command's flags through flags.c); then, read as NUL- or
 * newline-separated words, an argv for cu2cl_flags_translate,
 * cu2cl_flags_intent and cu2cl_flags_language.
 */
#include <stdlib.h>
#include <string.h>

#include "compdb.h"
#include "flags.h"
#include "fuzz.h"

static void flags_of(const uint8_t *data, size_t size) {
  char *text = malloc(size + 1);
  memcpy(text, data, size);
  text[size] = '\0';
  strvec argv = {0};
  strvec_push(&argv, "nvcc");
  for (char *w = text; w < text + size; w += strlen(w) + 1) {
    w[strcspn(w, "\n")] = '\0';
    if (argv.len < 512)
      strvec_push(&argv, w);
  }
  strvec out = {0};
  char *arch = NULL;
  const char *const *v = (const char *const *)argv.items;
  cu2cl_flags_translate(v, argv.len, "a.cu", fuzz_dir(), &out, &arch);
  cu2cl_flags_intent(v, argv.len, fuzz_dir());
  cu2cl_flags_language(v, argv.len, "a.cu", fuzz_dir());
  free(arch);
  strvec_free(&out);
  strvec_free(&argv);
  free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 64 << 10)
    return 0;
  const char *path = fuzz_file("compile_commands.json", data, size);
  strvec only = {0};
  cu2cl_compile_cmds cmds;
  memset(&cmds, 0, sizeof cmds);
  char err[512];
  if (cu2cl_compdb_load(path, &only, &cmds, err, sizeof err) == 0)
    cu2cl_compile_cmds_free(&cmds);
  flags_of(data, size);
  return 0;
}
