/*
 * fuzz_tu: the translator's entry point for one translation unit,
 * cu2cl_translate_tu, on a CUDA source (parsed with cu2cl's own CUDA
 * headers; the OpenCL C check is off for speed: it parses what the device
 * emitter printed, not the input).
 *
 * The custom mutator keeps inputs mostly CUDA: it cuts the input into
 * tokens (identifiers, numbers, punctuation, the rest) and replaces,
 * inserts, deletes or repeats tokens, splicing in CUDA's own (qualifiers,
 * built-ins, launch brackets, runtime calls); one mutation in four is
 * libFuzzer's byte-level one.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cu2cl_prelude.h"
#include "diag.h"
#include "fuzz.h"
#include "translate.h"

static cu2cl_options opts;

static void setup(void) {
  char err[256];
  if (cu2cl_cuda_find("none", &opts.cuda, err, sizeof err))
    abort();
  opts.in_root = fuzz_dir();
  opts.out_root = "/nonexistent-out";
  opts.own_headers = CU2CL_SOURCE_DIR "/translator/cuda-include";
  opts.host_compat =
      CU2CL_SOURCE_DIR "/translator/cuda-include/cu2cl_host_compat.h";
  opts.prelude = cu2cl_prelude_text;
  opts.warp_size = 32;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!opts.in_root)
    setup();
  if (size > 64 << 10)
    return 0;
  cu2cl_compile_cmd cmd = {0};
  cmd.file = (char *)fuzz_file("input.cu", data, size);
  cmd.directory = (char *)fuzz_dir();
  strvec_push(&cmd.flags, "-std=c++17");
  cu2cl_diag_engine *d = cu2cl_diag_engine_new(NULL, 0);
  cu2cl_tu_result r;
  memset(&r, 0, sizeof r);
  cu2cl_translate_tu(&opts, &cmd, d, &r);
  cu2cl_tu_result_free(&r);
  cu2cl_diag_engine_delete(d);
  strvec_free(&cmd.flags);
  return 0;
}

/* ---- the token-level mutator ---- */

static const char *const cuda_tokens[] = {
    "__global__",
    "__device__",
    "__host__",
    "__shared__",
    "__constant__",
    "__restrict__",
    "__syncthreads()",
    "__syncwarp()",
    "threadIdx.x",
    "threadIdx.y",
    "blockIdx.x",
    "blockDim.x",
    "gridDim.x",
    "warpSize",
    "<<<",
    ">>>",
    "<<<1, 32>>>",
    "<<<grid, block, 0, stream>>>",
    "dim3",
    "cudaMalloc",
    "cudaFree",
    "cudaMemcpy",
    "cudaMemcpyHostToDevice",
    "cudaDeviceSynchronize()",
    "cudaStream_t",
    "cudaEvent_t",
    "atomicAdd",
    "atomicCAS",
    "__shfl_down_sync",
    "__ballot_sync",
    "0xffffffff",
    "extern __shared__ float s[];",
    "template <typename T>",
    "typename",
    "struct",
    "auto",
    "int",
    "float",
    "double",
    "unsigned",
    "const",
    "static",
    "if",
    "else",
    "for",
    "while",
    "return",
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    ";",
    ",",
    "=",
    "+",
    "*",
    "&",
    "->",
    ".",
    "::",
    "<",
    ">",
    "0",
    "1",
    "32",
    "1024",
    "-1",
    "1e30f",
    "\"%d\\n\"",
    "printf",
    "#define N 256\n",
    "#include <cuda_runtime.h>\n",
    "float4",
    "make_float4",
    "__ldg",
    "__float2half",
    "cooperative_groups::this_thread_block()",
    "sizeof",
    "new",
    "delete",
    "nullptr",
    "goto",
    "switch",
    "case",
    "break"};
enum { NTOKENS = sizeof cuda_tokens / sizeof cuda_tokens[0] };

/* libFuzzer's byte-level mutator; absent (weak) where replay.c runs the
 * target, which never mutates. */
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size)
    __attribute__((weak));

/* The token starting at s[i] (i < n): its length. */
static size_t token_len(const uint8_t *s, size_t i, size_t n) {
  size_t j = i + 1;
  if (isalnum(s[i]) || s[i] == '_')
    while (j < n && (isalnum(s[j]) || s[j] == '_'))
      j++;
  else if (isspace(s[i]))
    while (j < n && isspace(s[j]))
      j++;
  return j - i;
}

/* The starts of data's tokens into starts (at most max); their count. */
static size_t tokenize(const uint8_t *data, size_t size, size_t *starts,
                       size_t max) {
  size_t n = 0;
  for (size_t i = 0; i < size && n < max; i += token_len(data, i, size))
    starts[n++] = i;
  return n;
}

/* Replaces data[at, at+cut) with text (of len bytes); the new size, or
 * size unchanged when it would not fit max_size. */
static size_t splice(uint8_t *data, size_t size, size_t max_size, size_t at,
                     size_t cut, const uint8_t *text, size_t len) {
  if (size - cut + len > max_size)
    return size;
  memmove(data + at + len, data + at + cut, size - at - cut);
  if (len) /* text is NULL for a deletion */
    memcpy(data + at, text, len);
  return size - cut + len;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                               unsigned int seed) {
  srand(seed);
  size_t starts[4096];
  size_t n = tokenize(data, size, starts, 4096);
  if (n == 0 || rand() % 4 == 0)
    return LLVMFuzzerMutate(data, size, max_size);
  size_t t = (size_t)rand() % n, at = starts[t];
  size_t len = (t + 1 < n ? starts[t + 1] : size) - at;
  const char *tok = cuda_tokens[rand() % NTOKENS];
  uint8_t buf[256];
  size_t blen;
  switch (rand() % 5) {
  case 0: /* replace a token with CUDA's */
    return splice(data, size, max_size, at, len, (const uint8_t *)tok,
                  strlen(tok));
  case 1: /* insert one of CUDA's, spaced */
    blen = (size_t)snprintf((char *)buf, sizeof buf, " %s ", tok);
    return splice(data, size, max_size, at, 0, buf, blen);
  case 2: /* delete a run of up to 4 tokens */
    for (size_t k = 1; k < 4 && t + k < n; k++)
      len = (t + k + 1 < n ? starts[t + k + 1] : size) - at;
    return splice(data, size, max_size, at, len, NULL, 0);
  case 3: { /* copy a token of the input elsewhere */
    size_t u = (size_t)rand() % n, ulen;
    ulen = (u + 1 < n ? starts[u + 1] : size) - starts[u];
    blen = ulen < sizeof buf ? ulen : sizeof buf;
    memcpy(buf, data + starts[u], blen);
    return splice(data, size, max_size, at, 0, buf, blen);
  }
  default: /* bytes, libFuzzer's way */
    return LLVMFuzzerMutate(data, size, max_size);
  }
}
