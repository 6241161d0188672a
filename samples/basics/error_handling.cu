// error_handling.cu - provoking real runtime errors and reading them back.
//
// Covers: cudaGetErrorString and cudaGetErrorName, the error code returned by
// a cudaMemcpy with an invalid direction, an invalid cudaSetDevice, and a
// launch with more threads per block than the device allows (invalid
// configuration or invalid value, depending on the CUDA version);
// cudaPeekAtLastError (reports without clearing) versus cudaGetLastError
// (reports and clears); and that these non-sticky errors leave the context
// usable for a following kernel.

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(call)                                                          \
    do {                                                                     \
        cudaError_t err_ = (call);                                           \
        if (err_ != cudaSuccess) {                                           \
            fprintf(stderr, "%s:%d: CUDA error: %s\n", __FILE__, __LINE__,   \
                    cudaGetErrorString(err_));                               \
            printf("FAIL\n");                                                \
            exit(EXIT_FAILURE);                                              \
        }                                                                    \
    } while (0)

static int failures = 0;

// Compares an error code with the expected one, by value and by name.
static void expectError(const char *what, cudaError_t got, cudaError_t want,
                        const char *wantName)
{
    printf("%-28s -> %s: %s\n", what, cudaGetErrorName(got), cudaGetErrorString(got));
    if (got != want || strcmp(cudaGetErrorName(got), wantName) != 0) {
        fprintf(stderr, "%s: got %d (%s), expected %d (%s)\n", what, (int)got,
                cudaGetErrorName(got), (int)want, wantName);
        ++failures;
    }
}

__global__ void fill(int *out, int value, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = value;
}

int main()
{
    printf("error_handling: deliberate runtime errors and last-error semantics\n");

    const char *okString = cudaGetErrorString(cudaSuccess);
    if (okString == nullptr || okString[0] == '\0' ||
        strcmp(cudaGetErrorName(cudaSuccess), "cudaSuccess") != 0)
        ++failures;
    CHECK(cudaGetLastError());  // nothing pending at start

    const int n = 1024;
    int *d_buf;
    std::vector<int> h_buf(n, 7);
    CHECK(cudaMalloc(&d_buf, n * sizeof(int)));

    // 1. A copy with a direction that does not exist.
    cudaError_t err = cudaMemcpy(d_buf, h_buf.data(), n * sizeof(int), (cudaMemcpyKind)42);
    expectError("cudaMemcpy(kind 42)", err, cudaErrorInvalidMemcpyDirection,
                "cudaErrorInvalidMemcpyDirection");
    expectError("cudaGetLastError", cudaGetLastError(), cudaErrorInvalidMemcpyDirection,
                "cudaErrorInvalidMemcpyDirection");
    expectError("cudaGetLastError again", cudaGetLastError(), cudaSuccess, "cudaSuccess");

    // 2. A device number one past the last device.
    int count = 0;
    CHECK(cudaGetDeviceCount(&count));
    expectError("cudaSetDevice(count)", cudaSetDevice(count), cudaErrorInvalidDevice,
                "cudaErrorInvalidDevice");
    expectError("cudaGetLastError", cudaGetLastError(), cudaErrorInvalidDevice,
                "cudaErrorInvalidDevice");
    expectError("cudaGetLastError again", cudaGetLastError(), cudaSuccess, "cudaSuccess");
    int dev = -1;
    CHECK(cudaGetDevice(&dev));
    if (dev < 0 || dev >= count)
        ++failures;

    // 3. A launch with twice the allowed threads per block. CUDA 12 and older
    // report cudaErrorInvalidConfiguration; CUDA 13 (driver 580, checked on
    // an H100) reports cudaErrorInvalidValue. Either is a correct answer; what
    // matters is that Peek keeps reporting it and Get reports it once.
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, dev));
    fill<<<1, 2 * prop.maxThreadsPerBlock>>>(d_buf, 1, n);
    cudaError_t launchErr = cudaPeekAtLastError();
    if (launchErr != cudaErrorInvalidConfiguration && launchErr != cudaErrorInvalidValue) {
        fprintf(stderr, "oversized launch: got %s, expected %s or %s\n",
                cudaGetErrorName(launchErr), cudaGetErrorName(cudaErrorInvalidConfiguration),
                cudaGetErrorName(cudaErrorInvalidValue));
        ++failures;
    }
    const char *launchName = cudaGetErrorName(launchErr);
    expectError("cudaPeekAtLastError", launchErr, launchErr, launchName);
    expectError("cudaPeekAtLastError again", cudaPeekAtLastError(), launchErr, launchName);
    expectError("cudaGetLastError", cudaGetLastError(), launchErr, launchName);
    expectError("cudaGetLastError again", cudaGetLastError(), cudaSuccess, "cudaSuccess");

    // 4. None of this was sticky: a correct launch and copy still work.
    fill<<<(n + 255) / 256, 256>>>(d_buf, 3, n);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(h_buf.data(), d_buf, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i)
        if (h_buf[i] != 3) {
            fprintf(stderr, "h_buf[%d] = %d after recovery\n", i, h_buf[i]);
            ++failures;
            break;
        }
    CHECK(cudaFree(d_buf));

    printf("%d failed checks\n", failures);
    printf(failures == 0 ? "PASS\n" : "FAIL\n");
    return failures == 0 ? 0 : 1;
}
