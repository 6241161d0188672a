/*
 * fuzz_launches: launch records (rt_record.h) as the build ahead reads
 * them (rt_record_read, in cu2clPrebuild), and the list of shapes it then
 * gives PoCL (rt_record_pocl_shapes), for every grid class: every shape of
 * the class must be in the list, whole, whatever the sizes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "rt_record.h"

/* Whether item is one of list's comma-separated items. */
static int listed(const char *list, const char *item) {
  size_t n = strlen(item);
  for (const char *p = list; (p = strstr(p, item)) != NULL; p += n)
    if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == '\0'))
      return 1;
  return 0;
}

static void check_shapes(const rt_launch_shape *s, size_t n, const char *grid) {
  char *list = rt_record_pocl_shapes(s, n, grid);
  for (size_t i = 0; i < n; i++) {
    if (grid && strcmp(grid, s[i].large ? "large" : "small"))
      continue;
    char one[96];
    snprintf(one, sizeof one, "%zu-%zu-%zu-goffs0%s", s[i].local[0],
             s[i].local[1], s[i].local[2], s[i].large ? "" : "-smallgrid");
    if (!list || !listed(list, one)) {
      fprintf(stderr, "fuzz_launches: shape %s missing from \"%s\"\n", one,
              list ? list : "(none)");
      abort();
    }
  }
  free(list);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *path = fuzz_file("k.cl.launches", data, size);
  rt_launch_shape *s = NULL;
  size_t n = 0;
  if (rt_record_read(path, &s, &n) == 0) {
    check_shapes(s, n, NULL);
    check_shapes(s, n, "small");
    check_shapes(s, n, "large");
  }
  free(s);
  return 0;
}
