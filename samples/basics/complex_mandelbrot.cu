// complex_mandelbrot.cu - a small Complex class used on host and device.
//
// Covers: a struct with __host__ __device__ constructor, member functions and
// operator* / operator+ overloads, a __host__ __device__ free function (Horner
// evaluation) called from a kernel and from the CPU reference, 2D grids with
// dim3 over an image, and a Mandelbrot escape-time kernel. Escape counts of
// points on the fractal's boundary are chaotic: a last-bit difference between
// GPU and CPU arithmetic (e.g. fused multiply-add) can change them, so up to
// 1% of the pixels may differ by any amount; everything else must agree.

#include <cstdio>
#include <cstdlib>
#include <cmath>
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

struct Complex {
    float re, im;

    __host__ __device__ Complex(float r = 0.0f, float i = 0.0f) : re(r), im(i) {}

    __host__ __device__ Complex operator*(const Complex &o) const
    {
        return Complex(re * o.re - im * o.im, re * o.im + im * o.re);
    }

    __host__ __device__ Complex operator+(const Complex &o) const
    {
        return Complex(re + o.re, im + o.im);
    }

    __host__ __device__ float norm2() const { return re * re + im * im; }
};

// p(z) = c[0] + c[1] z + ... + c[deg] z^deg
__host__ __device__ Complex horner(const Complex *c, int deg, Complex z)
{
    Complex acc = c[deg];
    for (int k = deg - 1; k >= 0; --k)
        acc = acc * z + c[k];
    return acc;
}

#define MAX_DEG 7

__global__ void evalPolynomial(const Complex *coeffs, int deg, const Complex *z, Complex *out,
                               int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = horner(coeffs, deg, z[i]);
}

__device__ int escapeTime(Complex c, int maxIter)
{
    Complex z;
    int it = 0;
    while (it < maxIter && z.norm2() <= 4.0f) {
        z = z * z + c;
        ++it;
    }
    return it;
}

__global__ void mandelbrot(int *iters, int width, int height, float x0, float y0, float dx,
                           float dy, int maxIter)
{
    int px = blockIdx.x * blockDim.x + threadIdx.x;
    int py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px < width && py < height) {
        Complex c(x0 + px * dx, y0 + py * dy);
        iters[py * width + px] = escapeTime(c, maxIter);
    }
}

int main()
{
    printf("complex_mandelbrot: Complex operators in polynomial evaluation and Mandelbrot\n");
    int errors = 0;

    // Polynomial at points on a spiral inside the unit disk.
    const int n = 4096, deg = MAX_DEG;
    std::vector<Complex> h_c(deg + 1), h_z(n), h_p(n);
    for (int k = 0; k <= deg; ++k)
        h_c[k] = Complex(1.0f / (k + 1), (k % 2 ? -0.5f : 0.5f));
    for (int i = 0; i < n; ++i) {
        float r = (float)i / n, t = 0.01f * i;
        h_z[i] = Complex(r * cosf(t), r * sinf(t));
    }
    Complex *d_c, *d_z, *d_p;
    CHECK(cudaMalloc(&d_c, (deg + 1) * sizeof(Complex)));
    CHECK(cudaMalloc(&d_z, n * sizeof(Complex)));
    CHECK(cudaMalloc(&d_p, n * sizeof(Complex)));
    CHECK(cudaMemcpy(d_c, h_c.data(), (deg + 1) * sizeof(Complex), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_z, h_z.data(), n * sizeof(Complex), cudaMemcpyHostToDevice));
    evalPolynomial<<<n / 128, 128>>>(d_c, deg, d_z, d_p, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_p.data(), d_p, n * sizeof(Complex), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
        Complex want = horner(h_c.data(), deg, h_z[i]);
        float err = sqrtf((h_p[i].re - want.re) * (h_p[i].re - want.re) +
                          (h_p[i].im - want.im) * (h_p[i].im - want.im));
        if (err > 1e-5f * (1.0f + sqrtf(want.norm2()))) {
            if (errors < 5)
                fprintf(stderr, "p(z[%d]) = (%f, %f), expected (%f, %f)\n", i, h_p[i].re,
                        h_p[i].im, want.re, want.im);
            ++errors;
        }
    }

    // Mandelbrot set over [-2, 0.75] x [-1.25, 1.25].
    const int width = 256, height = 192, maxIter = 200;
    const float x0 = -2.0f, y0 = -1.25f;
    const float dx = 2.75f / width, dy = 2.5f / height;
    int *d_iters;
    CHECK(cudaMalloc(&d_iters, width * height * sizeof(int)));
    dim3 block(16, 16);
    dim3 grid((width + block.x - 1) / block.x, (height + block.y - 1) / block.y);
    mandelbrot<<<grid, block>>>(d_iters, width, height, x0, y0, dx, dy, maxIter);
    CHECK(cudaGetLastError());
    std::vector<int> h_iters(width * height);
    CHECK(cudaMemcpy(h_iters.data(), d_iters, h_iters.size() * sizeof(int),
                     cudaMemcpyDeviceToHost));

    int differing = 0, inside = 0;
    for (int py = 0; py < height; ++py)
        for (int px = 0; px < width; ++px) {
            Complex c(x0 + px * dx, y0 + py * dy), z;
            int it = 0;
            while (it < maxIter && z.norm2() <= 4.0f) {
                z = z * z + c;
                ++it;
            }
            int got = h_iters[py * width + px];
            differing += (got != it);
            inside += (got == maxIter);
            if (got < 1 || got > maxIter)
                ++errors;  // never legal
        }
    printf("mandelbrot: %d of %d pixels inside, %d differ from the CPU\n", inside,
           width * height, differing);
    if (differing * 100 > width * height || inside == 0 || inside == width * height)
        ++errors;

    CHECK(cudaFree(d_c));
    CHECK(cudaFree(d_z));
    CHECK(cudaFree(d_p));
    CHECK(cudaFree(d_iters));

    printf(errors == 0 ? "PASS\n" : "FAIL\n");
    return errors == 0 ? 0 : 1;
}
