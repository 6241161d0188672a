/*
 * runner: runs the commands of a one-shot validation, collects their traces
 * and stdout, and judges them; see runner.h.
 */
#include "runner.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "transfers.h"

/* Reads the command's stdout from fd into s->out, echoing it line by line
 * with a prefix. */
static void pump(side *s, int fd, int echo) {
  char buf[8192];
  int at_start = 1;
  for (;;) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    strbuf_appendn(&s->out, buf, (size_t)n);
    for (ssize_t i = 0; echo && i < n; i++) {
      if (at_start)
        printf("%s| ", s->label);
      putchar(buf[i]);
      at_start = buf[i] == '\n';
    }
  }
  if (echo && !at_start)
    putchar('\n');
  fflush(stdout);
}

static char *temp_trace(void) {
  const char *dir = getenv("TMPDIR");
  char *path =
      xasprintf("%s/cu2cl-validate-XXXXXX", dir && *dir ? dir : "/tmp");
  int fd = mkstemp(path);
  if (fd < 0) {
    free(path);
    return NULL;
  }
  close(fd);
  return path;
}

/* Runs s->cmd through /bin/sh -c with CU2CL_TRACE set. Returns 0 when the
 * command ran (whatever its status), -1 when it could not be started. */
static int run_side(side *s, int echo) {
  if (!s->save && !(s->tmp = temp_trace()))
    return -1;
  s->trace = s->save ? s->save : s->tmp;
  if (s->save)
    unlink(s->save); /* a stale trace must not pass for this run's */
  int fds[2];
  if (pipe(fds))
    return -1;
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0)
    return -1;
  if (pid == 0) {
    close(fds[0]);
    dup2(fds[1], STDOUT_FILENO);
    close(fds[1]);
    setenv("CU2CL_TRACE", s->trace, 1);
    execl("/bin/sh", "sh", "-c", s->cmd, (char *)NULL);
    _exit(127);
  }
  close(fds[1]);
  pump(s, fds[0], echo);
  close(fds[0]);
  while (waitpid(pid, &s->status, 0) < 0 && errno == EINTR) {
  }
  return 0;
}

/* The shell reports a program killed by signal N as status 128 + N. */
static char *describe_status(int status) {
  if (WIFSIGNALED(status))
    return xasprintf("was killed by signal %d (%s)", WTERMSIG(status),
                     strsignal(WTERMSIG(status)));
  int code = WEXITSTATUS(status);
  if (code > 128 && code < 128 + 65)
    return xasprintf("exited with status %d (the shell's report of signal "
                     "%d, %s)",
                     code, code - 128, strsignal(code - 128));
  return xasprintf("exited with status %d", code);
}

/* Keeps the captured stdout with the trace: in its file when the trace is
 * complete, else (a truncated trace cannot take a record) in memory. */
static void attach_stdout(side *s) {
  const char *text = s->out.data ? s->out.data : "";
  cu2cl_tracefile *t = s->t;
  if (t->complete && !cu2cl_tracefile_append_stdout(t, text, s->out.len))
    return;
  if (t->complete)
    fprintf(stderr, "cu2cl validate: warning: cannot add stdout to %s: %s\n",
            s->trace, strerror(errno));
  free(t->out);
  t->out = xstrndup(text, s->out.len);
  t->out_len = s->out.len;
  t->has_stdout = 1;
}

/* Reads the side's trace; for a command, attaches its stdout. */
static void load_side(side *s) {
  struct stat sb;
  if (s->cmd && (stat(s->trace, &sb) || sb.st_size == 0)) {
    s->st = CU2CL_TRACE_EFORMAT;
    s->error = xasprintf(
        "the %s command wrote no trace (is the program built with tracing, "
        "cu2cl_trace_cuda.h or cu2clrt, and does it reach a traced call?)",
        s->label);
    return;
  }
  s->st = cu2cl_tracefile_read(s->trace, &s->t, &s->error);
  if (!s->cmd && s->t && s->stdout_file) {
    size_t n = 0;
    char *text = read_file(s->stdout_file, &n);
    if (!text) {
      s->st = CU2CL_TRACE_EFORMAT;
      s->error = xasprintf("cannot read the %s stdout file %s: %s", s->label,
                           s->stdout_file, strerror(errno));
      return;
    }
    free(s->t->out);
    s->t->out = text;
    s->t->out_len = n;
    s->t->has_stdout = 1;
  }
  if (!s->cmd || !s->t)
    return;
  attach_stdout(s);
  if (s->tmp) { /* name it for the report: the file will be gone */
    free(s->t->path);
    s->t->path = xasprintf("(temporary) %s", s->tmp);
  }
}

void runner_side_free(side *s) {
  if (s->tmp) {
    unlink(s->tmp);
    free(s->tmp);
  }
  strbuf_free(&s->out);
  cu2cl_tracefile_delete(s->t);
  free(s->error);
}

/* The exit status when a side is unusable, -1 when it can be compared. A
 * failing port is a divergence; a failing original makes validation
 * impossible. */
static int judge_side(side *s, int is_ported) {
  char *how = s->cmd ? describe_status(s->status) : NULL;
  int failed = s->cmd && s->status != 0;
  int rc = -1;
  if (s->st != CU2CL_TRACE_OK) {
    fprintf(stderr, "cu2cl validate: error: %s\n", s->error);
    if (how)
      fprintf(stderr, "cu2cl validate: note: the %s command %s\n", s->label,
              how);
    rc = is_ported && failed ? 1 : 2;
    if (rc == 1 && s->st == CU2CL_TRACE_ETRUNCATED && s->t)
      rc = -1; /* a crashed port: compare what it wrote before it stopped */
  }
  free(how);
  return rc;
}

/* Compares statuses of two commands; prints and returns 1 on a mismatch. A
 * trace file stands for an original that ran to its end (its trace is
 * complete, or it would have been refused): a port that fails then
 * diverges. */
static int compare_status(const side *o, const side *p) {
  if (!p->cmd || (o->cmd ? o->status == p->status : p->status == 0))
    return 0;
  if (!o->cmd) {
    char *sp = describe_status(p->status);
    printf("FAIL: the ported command %s\n", sp);
    free(sp);
    return 1;
  }
  char *so = describe_status(o->status), *sp = describe_status(p->status);
  printf("FAIL: the original command %s, the ported command %s\n", so, sp);
  free(so);
  free(sp);
  return 1;
}

int runner_run_and_compare(side *o, side *p, const cu2cl_validate_options *opt,
                           int echo) {
  side *sides[2] = {o, p};
  for (int i = 0; i < 2; i++) {
    if (sides[i]->cmd && run_side(sides[i], echo)) {
      fprintf(stderr, "cu2cl validate: error: cannot run the %s command: %s\n",
              sides[i]->label, strerror(errno));
      return 2;
    }
    load_side(sides[i]);
  }
  int rc = judge_side(o, 0);
  if (rc < 0)
    rc = judge_side(p, 1);
  if (rc >= 0)
    return rc;
  if (p->st == CU2CL_TRACE_ETRUNCATED)
    printf("note: the ported trace is truncated; comparing the %zu "
           "transfers it holds\n",
           p->t->n_copies);
  rc = cu2cl_validate_compare(o->t, p->t, opt, stdout);
  if (compare_status(o, p) || p->st != CU2CL_TRACE_OK)
    rc = 1;
  return rc;
}

int runner_record(const char *trace, const char *cmd) {
  side s = {.label = "program", .cmd = cmd, .save = trace};
  int rc = 2;
  if (run_side(&s, 1)) {
    fprintf(stderr, "cu2cl validate: error: cannot run the command: %s\n",
            strerror(errno));
  } else {
    load_side(&s);
    if (s.st != CU2CL_TRACE_OK) {
      fprintf(stderr, "cu2cl validate: error: %s\n", s.error);
    } else {
      char *how = describe_status(s.status);
      printf("recorded %s: %zu transfers, %" PRIu64
             " bytes, %zu bytes of stdout; the command %s\n",
             trace, s.t->n_copies, s.t->copied_bytes, s.t->out_len, how);
      free(how);
      rc = s.status == 0 ? 0 : 1;
    }
  }
  runner_side_free(&s);
  return rc;
}
