/*
 * replay: runs a fuzz target (built with the normal compiler) on files:
 * each argument is a file, or a directory whose files are each one input.
 * Exits 0 when every input ran (a crash or a sanitizer report ends the
 * process); this is how the regression corpora run in ctest, without
 * libFuzzer.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int run_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    return 1;
  }
  size_t cap = 1 << 16, len = 0, n;
  uint8_t *data = malloc(cap);
  while (data && (n = fread(data + len, 1, cap - len, f)) > 0)
    if ((len += n) == cap)
      data = realloc(data, cap *= 2);
  fclose(f);
  if (!data)
    return 1;
  LLVMFuzzerTestOneInput(data, len);
  free(data);
  return 0;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files of dir, in name order (the runs repeat exactly). */
static int run_dir(const char *dir, int *count) {
  DIR *d = opendir(dir);
  if (!d) {
    perror(dir);
    return 1;
  }
  char **names = NULL;
  size_t n = 0;
  struct dirent *e;
  while ((e = readdir(d)))
    if (e->d_name[0] != '.') {
      names = realloc(names, (n + 1) * sizeof *names);
      names[n] = malloc(strlen(dir) + strlen(e->d_name) + 2);
      sprintf(names[n++], "%s/%s", dir, e->d_name);
    }
  closedir(d);
  if (n)
    qsort(names, n, sizeof *names, by_name);
  int bad = 0;
  for (size_t i = 0; i < n; i++) {
    bad |= run_file(names[i]);
    ++*count;
    free(names[i]);
  }
  free(names);
  return bad;
}

int main(int argc, char **argv) {
  int bad = 0, count = 0;
  for (int i = 1; i < argc; i++) {
    struct stat st;
    if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
      bad |= run_dir(argv[i], &count);
    } else {
      bad |= run_file(argv[i]);
      count++;
    }
  }
  printf("replay: %d input(s)%s\n", count, bad ? ", some unreadable" : "");
  return bad || count == 0;
}
