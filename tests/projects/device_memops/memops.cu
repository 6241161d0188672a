// memcpy and memset in device code (HeCBench fsm's shape: a thread clears
// its own scratch with memset), into and out of every kind of memory a
// kernel sees: a struct copied from global into a thread's private copy,
// a row cleared in __shared__ memory, bytes at odd offsets and lengths
// (the byte path), whole words (the word path), memcpy's result used as a
// pointer; and fsm's 32 KB private table per thread, cleared with memset,
// in blocks of 256 threads (8 MB of private memory per block: PoCL's
// thread stack overflowed); and parameters declared as arrays (HeCBench
// bitcracker's `const unsigned char salt[16]`), which are pointers: into
// global memory for a kernel, into global or private memory for a device
// function. Every byte is checked against the same operations done here
// on the host.
#include <cstdio>
#include <cstring>

struct Cell {
  int a[6];
  float f;
};

__global__ void cells(const Cell *in, Cell *out, int n) {
  __shared__ Cell tile[64];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  Cell mine;
  memcpy(&mine, &in[i < n ? i : 0], sizeof(Cell));
  memset(&tile[t], 0, sizeof(Cell));
  tile[t].f = mine.f * 2.0f;
  tile[t].a[t % 6] = mine.a[(t + 1) % 6];
  __syncthreads();
  int from = (t + 1) % blockDim.x; // a neighbour's row
  if (i < n)
    memcpy(&out[i], &tile[from], sizeof(Cell));
}

__global__ void bytes(unsigned char *buf, int stride) {
  int t = threadIdx.x;
  unsigned char scratch[13];
  memset(scratch, 0x5a + t, sizeof scratch);
  scratch[t % 13] = (unsigned char)t;
  unsigned char *end = (unsigned char *)memcpy(buf + t * stride + 1, scratch + 2, 9);
  end[9] = 0xee; // just past the 9 copied bytes, through memcpy's result
  memset(buf + t * stride + 11, t, t % 3);
}

// A thread's private 32 KB table, cleared and filled along a walk of the
// data; the count of entries it revisits is the thread's result.
__global__ void big_private(const unsigned short *data, int length,
                            int *hits) {
  unsigned char table[32768];
  memset(table, 0, sizeof table);
  int id = blockIdx.x * blockDim.x + threadIdx.x, h = 0;
  for (int i = 0; i < length; i++) {
    int slot = (data[i] * 31 + id * 17) & 32767;
    h += table[slot];
    table[slot] = 1;
  }
  hits[id] = h;
}

__device__ int sum4(const int v[4]) { return v[0] + v[1] + v[2] + v[3]; }

__global__ void array_params(const unsigned char salt[16], const int pad[4],
                             int *out) {
  int mine[4] = {1, 2, 3, (int)threadIdx.x};
  out[threadIdx.x] = salt[threadIdx.x % 16] + 100 * sum4(pad) + sum4(mine);
}

int main() {
  const int n = 100, threads = 64, stride = 16;
  Cell h[n], got[n];
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 6; k++)
      h[i].a[k] = i * 10 + k;
    h[i].f = 0.5f * i;
  }
  Cell *din, *dout;
  cudaMalloc(&din, sizeof h);
  cudaMalloc(&dout, sizeof h);
  cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(dout, 0xff, sizeof h);
  int blocks = (n + threads - 1) / threads;
  cells<<<blocks, threads>>>(din, dout, n);
  cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int b = 0; b < blocks; b++)
    for (int t = 0; t < threads; t++) {
      int i = b * threads + t;
      if (i >= n)
        continue;
      int from = (t + 1) % threads, src = b * threads + from;
      const Cell &m = h[src < n ? src : 0];
      Cell want;
      memset(&want, 0, sizeof want);
      want.f = m.f * 2.0f;
      want.a[from % 6] = m.a[(from + 1) % 6];
      if (memcmp(&want, &got[i], sizeof want) && bad++ < 5)
        printf("cell %d differs\n", i);
    }

  const int nt = 32, size = nt * stride;
  unsigned char hb[size], want[size];
  memset(want, 0x11, size);
  for (int t = 0; t < nt; t++) {
    unsigned char scratch[13];
    memset(scratch, 0x5a + t, sizeof scratch);
    scratch[t % 13] = (unsigned char)t;
    memcpy(want + t * stride + 1, scratch + 2, 9);
    want[t * stride + 10] = 0xee;
    memset(want + t * stride + 11, t, t % 3);
  }
  unsigned char *db;
  cudaMalloc(&db, size);
  cudaMemset(db, 0x11, size);
  bytes<<<1, nt>>>(db, stride);
  cudaMemcpy(hb, db, size, cudaMemcpyDeviceToHost);
  for (int i = 0; i < size; i++)
    if (hb[i] != want[i] && bad++ < 10)
      printf("byte %d: %d, expected %d\n", i, hb[i], want[i]);
  const int length = 3000, pthreads = 256, pblocks = 4, np = pthreads * pblocks;
  unsigned short hd[length];
  for (int i = 0; i < length; i++)
    hd[i] = (unsigned short)((i * 7919) % 2048);
  unsigned short *dd;
  int *dh, hh[np];
  cudaMalloc(&dd, sizeof hd);
  cudaMalloc(&dh, sizeof hh);
  cudaMemcpy(dd, hd, sizeof hd, cudaMemcpyHostToDevice);
  big_private<<<pblocks, pthreads>>>(dd, length, dh);
  if (cudaMemcpy(hh, dh, sizeof hh, cudaMemcpyDeviceToHost) != cudaSuccess &&
      bad++ < 10)
    printf("big_private failed\n");
  static unsigned char table[32768];
  for (int id = 0; id < np; id++) {
    memset(table, 0, sizeof table);
    int h = 0;
    for (int i = 0; i < length; i++) {
      int slot = (hd[i] * 31 + id * 17) & 32767;
      h += table[slot];
      table[slot] = 1;
    }
    if (hh[id] != h && bad++ < 10)
      printf("thread %d: %d hits, expected %d\n", id, hh[id], h);
  }
  unsigned char hsalt[16];
  int hpad[4] = {3, 5, 7, 11}, hout[32];
  for (int i = 0; i < 16; i++)
    hsalt[i] = (unsigned char)(i * 13);
  unsigned char *dsalt;
  int *dpad, *dout2;
  cudaMalloc(&dsalt, sizeof hsalt);
  cudaMalloc(&dpad, sizeof hpad);
  cudaMalloc(&dout2, sizeof hout);
  cudaMemcpy(dsalt, hsalt, sizeof hsalt, cudaMemcpyHostToDevice);
  cudaMemcpy(dpad, hpad, sizeof hpad, cudaMemcpyHostToDevice);
  array_params<<<1, 32>>>(dsalt, dpad, dout2);
  cudaMemcpy(hout, dout2, sizeof hout, cudaMemcpyDeviceToHost);
  for (int t = 0; t < 32; t++) {
    int want = hsalt[t % 16] + 100 * 26 + 6 + t;
    if (hout[t] != want && bad++ < 10)
      printf("array_params %d: %d, expected %d\n", t, hout[t], want);
  }
  printf("cell 5: a = %d %d %d %d %d %d, f = %g; byte 17 = %d\n", got[5].a[0],
         got[5].a[1], got[5].a[2], got[5].a[3], got[5].a[4], got[5].a[5],
         got[5].f, hb[17]);
  printf("thread 3: %d hits\n", hh[3]);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
