// CUB's segmented reduction, histograms, run-length encoding and unique
// selection, each with the two-call temporary-storage protocol on a stream
// and checked exactly on the host.
#include <cstdio>
#include <cstdlib>
#include <cub/cub.cuh>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      printf("%s: %s\n", #call, cudaGetErrorString(e));                        \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static int same(const int *got, const int *want, int n, const char *what) {
  for (int i = 0; i < n; i++)
    if (got[i] != want[i]) {
      printf("%s[%d] = %d, expected %d\n", what, i, got[i], want[i]);
      return 0;
    }
  return 1;
}

int main() {
  const int items[10] = {3, 3, 1, 4, 4, 4, 1, 5, 9, 9};
  const int begins[4] = {0, 2, 2, 6}, ends[4] = {2, 2, 6, 10};
  const float samples[8] = {0.0f, 0.24f, 0.25f, 0.5f, 0.99f, 1.0f, -0.1f, 0.75f};
  const float levels[4] = {0.0f, 0.1f, 0.5f, 1.0f};
  int *d_in, *d_out, *d_counts, *d_num, *d_begin, *d_end;
  float *d_samples, *d_levels;
  cudaStream_t s;
  CHECK(cudaStreamCreate(&s));
  CHECK(cudaMalloc(&d_in, sizeof items));
  CHECK(cudaMalloc(&d_out, sizeof items));
  CHECK(cudaMalloc(&d_counts, sizeof items));
  CHECK(cudaMalloc(&d_num, sizeof(int)));
  CHECK(cudaMalloc(&d_begin, sizeof begins));
  CHECK(cudaMalloc(&d_end, sizeof ends));
  CHECK(cudaMalloc(&d_samples, sizeof samples));
  CHECK(cudaMalloc(&d_levels, sizeof levels));
  CHECK(cudaMemcpy(d_in, items, sizeof items, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_begin, begins, sizeof begins, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_end, ends, sizeof ends, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_samples, samples, sizeof samples, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_levels, levels, sizeof levels, cudaMemcpyHostToDevice));

  void *d_temp = NULL;
  size_t temp_bytes = 0;
  CHECK(cub::DeviceSegmentedReduce::Sum(d_temp, temp_bytes, d_in, d_out, 4,
                                        d_begin, d_end, s));
  CHECK(cudaMalloc(&d_temp, temp_bytes > 0 ? temp_bytes : 1));
  CHECK(cub::DeviceSegmentedReduce::Sum(d_temp, temp_bytes, d_in, d_out, 4,
                                        d_begin, d_end, s));
  int got[10], num = 0, ok = 1;
  CHECK(cudaMemcpyAsync(got, d_out, 4 * sizeof(int), cudaMemcpyDeviceToHost, s));
  CHECK(cudaStreamSynchronize(s));
  const int sums[4] = {6, 0, 13, 24};
  ok &= same(got, sums, 4, "segment sums");
  CHECK(cub::DeviceSegmentedReduce::Max(d_temp, temp_bytes, d_in, d_out, 4,
                                        d_begin, d_end, s));
  CHECK(cudaMemcpy(got, d_out, 4 * sizeof(int), cudaMemcpyDeviceToHost));
  const int maxes[4] = {3, -2147483647 - 1, 4, 9};
  ok &= same(got, maxes, 4, "segment maxima");

  // Bins [0, 0.25), [0.25, 0.5), [0.5, 0.75), [0.75, 1): 1.0 and -0.1 fall
  // outside.
  CHECK(cub::DeviceHistogram::HistogramEven(d_temp, temp_bytes, d_samples,
                                            d_counts, 5, 0.0f, 1.0f, 8, s));
  CHECK(cudaMemcpy(got, d_counts, 4 * sizeof(int), cudaMemcpyDeviceToHost));
  const int even[4] = {2, 1, 1, 2};
  ok &= same(got, even, 4, "even histogram");
  CHECK(cub::DeviceHistogram::HistogramEven(d_temp, temp_bytes, d_in,
                                            d_counts, 4, 0, 9, 10, s));
  CHECK(cudaMemcpy(got, d_counts, 3 * sizeof(int), cudaMemcpyDeviceToHost));
  const int even_int[3] = {2, 6, 0}; // [0,3) [3,6) [6,9): the 9s fall outside
  ok &= same(got, even_int, 3, "integer histogram");
  CHECK(cub::DeviceHistogram::HistogramRange(d_temp, temp_bytes, d_samples,
                                             d_counts, 4, d_levels, 8, s));
  CHECK(cudaMemcpy(got, d_counts, 3 * sizeof(int), cudaMemcpyDeviceToHost));
  const int ranged[3] = {1, 2, 3};
  ok &= same(got, ranged, 3, "range histogram");

  CHECK(cub::DeviceRunLengthEncode::Encode(d_temp, temp_bytes, d_in, d_out,
                                           d_counts, d_num, 10, s));
  CHECK(cudaMemcpy(&num, d_num, sizeof num, cudaMemcpyDeviceToHost));
  const int runs[6] = {3, 1, 4, 1, 5, 9}, lengths[6] = {2, 1, 3, 1, 1, 2};
  CHECK(cudaMemcpy(got, d_out, 6 * sizeof(int), cudaMemcpyDeviceToHost));
  ok &= num == 6 && same(got, runs, 6, "runs");
  CHECK(cudaMemcpy(got, d_counts, 6 * sizeof(int), cudaMemcpyDeviceToHost));
  ok &= same(got, lengths, 6, "run lengths");
  CHECK(cub::DeviceRunLengthEncode::NonTrivialRuns(
      d_temp, temp_bytes, d_in, d_out, d_counts, d_num, 10, s));
  CHECK(cudaMemcpy(&num, d_num, sizeof num, cudaMemcpyDeviceToHost));
  const int offsets[3] = {0, 3, 8}, long_lengths[3] = {2, 3, 2};
  CHECK(cudaMemcpy(got, d_out, 3 * sizeof(int), cudaMemcpyDeviceToHost));
  ok &= num == 3 && same(got, offsets, 3, "run offsets");
  CHECK(cudaMemcpy(got, d_counts, 3 * sizeof(int), cudaMemcpyDeviceToHost));
  ok &= same(got, long_lengths, 3, "long run lengths");

  CHECK(cub::DeviceSelect::Unique(d_temp, temp_bytes, d_in, d_out, d_num, 10,
                                  s));
  CHECK(cudaMemcpy(&num, d_num, sizeof num, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(got, d_out, 6 * sizeof(int), cudaMemcpyDeviceToHost));
  ok &= num == 6 && same(got, runs, 6, "unique");
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
