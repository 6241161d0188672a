// vector_types.cu - CUDA built-in vector types and make_* constructors.
//
// Covers: uchar4 (RGBA to grey), float4 (a*x + y per component through a
// __device__ function returning a vector), float3 arrays in global memory
// (12-byte elements: cross and dot products), int2 (component shuffling), and
// float2 (rotation by a (cos, sin) pair passed by value), all built with
// make_uchar4/make_float4/make_float3/make_int2/make_float2 on both sides.

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

__global__ void rgbaToGrey(const uchar4 *in, uchar4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        uchar4 p = in[i];
        unsigned char grey = (unsigned char)((77 * p.x + 150 * p.y + 29 * p.z) >> 8);
        out[i] = make_uchar4(grey, grey, grey, p.w);
    }
}

__device__ float4 axpy4(float a, float4 x, float4 y)
{
    return make_float4(a * x.x + y.x, a * x.y + y.y, a * x.z + y.z, a * x.w + y.w);
}

__global__ void axpyFloat4(float a, const float4 *x, float4 *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = axpy4(a, x[i], y[i]);
}

__global__ void crossDot(const float3 *u, const float3 *v, float3 *cross, float *dot, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float3 a = u[i], b = v[i];
        cross[i] = make_float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z,
                               a.x * b.y - a.y * b.x);
        dot[i] = a.x * b.x + a.y * b.y + a.z * b.z;
    }
}

__global__ void shuffleInt2(int2 *p, float2 *q, float2 rot, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int2 v = p[i];
        p[i] = make_int2(v.y + 1, v.x - 1);
        float2 w = q[i];
        q[i] = make_float2(rot.x * w.x - rot.y * w.y, rot.y * w.x + rot.x * w.y);
    }
}

static bool near(float got, float want)
{
    return fabsf(got - want) <= 1e-5f * fabsf(want) + 1e-5f;
}

int main()
{
    const int n = 10000;
    const int threads = 128;
    const int blocks = (n + threads - 1) / threads;
    printf("vector_types: uchar4, float4, float3, int2, float2 kernels on %d elements\n", n);

    std::vector<uchar4> h_rgba(n), h_grey(n);
    std::vector<float4> h_x4(n), h_y4(n), h_r4(n);
    std::vector<float3> h_u(n), h_v(n), h_cross(n);
    std::vector<float> h_dot(n);
    std::vector<int2> h_p(n), h_p2(n);
    std::vector<float2> h_q(n), h_q2(n);
    for (int i = 0; i < n; ++i) {
        h_rgba[i] = make_uchar4(i % 256, (i * 3) % 256, (i * 7) % 256, (i * 11) % 256);
        h_x4[i] = make_float4(i * 0.5f, -i * 0.25f, 1.0f, (float)(i % 10));
        h_y4[i] = make_float4(1.0f, 2.0f, i * 0.125f, -3.0f);
        h_u[i] = make_float3(sinf(i * 0.1f), cosf(i * 0.1f), 0.5f);
        h_v[i] = make_float3(1.0f, (float)(i % 5), -0.25f * (i % 3));
        h_p[i] = make_int2(i, -i * 2);
        h_q[i] = make_float2((float)(i % 100), 1.0f);
    }
    const float a = 1.5f;
    const float angle = 0.3f;
    const float2 rot = make_float2(cosf(angle), sinf(angle));

    uchar4 *d_rgba, *d_grey;
    float4 *d_x4, *d_y4;
    float3 *d_u, *d_v, *d_cross;
    float *d_dot;
    int2 *d_p;
    float2 *d_q;
    CHECK(cudaMalloc(&d_rgba, n * sizeof(uchar4)));
    CHECK(cudaMalloc(&d_grey, n * sizeof(uchar4)));
    CHECK(cudaMalloc(&d_x4, n * sizeof(float4)));
    CHECK(cudaMalloc(&d_y4, n * sizeof(float4)));
    CHECK(cudaMalloc(&d_u, n * sizeof(float3)));
    CHECK(cudaMalloc(&d_v, n * sizeof(float3)));
    CHECK(cudaMalloc(&d_cross, n * sizeof(float3)));
    CHECK(cudaMalloc(&d_dot, n * sizeof(float)));
    CHECK(cudaMalloc(&d_p, n * sizeof(int2)));
    CHECK(cudaMalloc(&d_q, n * sizeof(float2)));
    CHECK(cudaMemcpy(d_rgba, h_rgba.data(), n * sizeof(uchar4), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_x4, h_x4.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_y4, h_y4.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_u, h_u.data(), n * sizeof(float3), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_v, h_v.data(), n * sizeof(float3), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_p, h_p.data(), n * sizeof(int2), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_q, h_q.data(), n * sizeof(float2), cudaMemcpyHostToDevice));

    rgbaToGrey<<<blocks, threads>>>(d_rgba, d_grey, n);
    CHECK(cudaGetLastError());
    axpyFloat4<<<blocks, threads>>>(a, d_x4, d_y4, n);
    CHECK(cudaGetLastError());
    crossDot<<<blocks, threads>>>(d_u, d_v, d_cross, d_dot, n);
    CHECK(cudaGetLastError());
    shuffleInt2<<<blocks, threads>>>(d_p, d_q, rot, n);
    CHECK(cudaGetLastError());

    CHECK(cudaMemcpy(h_grey.data(), d_grey, n * sizeof(uchar4), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(h_r4.data(), d_y4, n * sizeof(float4), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(h_cross.data(), d_cross, n * sizeof(float3), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(h_dot.data(), d_dot, n * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(h_p2.data(), d_p, n * sizeof(int2), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(h_q2.data(), d_q, n * sizeof(float2), cudaMemcpyDeviceToHost));

    int errors = 0;
    for (int i = 0; i < n; ++i) {
        bool ok = true;
        uchar4 p = h_rgba[i];
        unsigned char grey = (unsigned char)((77 * p.x + 150 * p.y + 29 * p.z) >> 8);
        ok &= h_grey[i].x == grey && h_grey[i].y == grey && h_grey[i].z == grey &&
              h_grey[i].w == p.w;

        float4 x = h_x4[i], y = h_y4[i], r = h_r4[i];
        ok &= near(r.x, a * x.x + y.x) && near(r.y, a * x.y + y.y) &&
              near(r.z, a * x.z + y.z) && near(r.w, a * x.w + y.w);

        float3 u = h_u[i], v = h_v[i], c = h_cross[i];
        ok &= near(c.x, u.y * v.z - u.z * v.y) && near(c.y, u.z * v.x - u.x * v.z) &&
              near(c.z, u.x * v.y - u.y * v.x);
        ok &= near(h_dot[i], u.x * v.x + u.y * v.y + u.z * v.z);

        ok &= h_p2[i].x == h_p[i].y + 1 && h_p2[i].y == h_p[i].x - 1;
        float2 w = h_q[i];
        ok &= near(h_q2[i].x, rot.x * w.x - rot.y * w.y) &&
              near(h_q2[i].y, rot.y * w.x + rot.x * w.y);
        if (!ok) {
            if (errors < 5)
                fprintf(stderr, "mismatch at element %d\n", i);
            ++errors;
        }
    }

    CHECK(cudaFree(d_rgba));
    CHECK(cudaFree(d_grey));
    CHECK(cudaFree(d_x4));
    CHECK(cudaFree(d_y4));
    CHECK(cudaFree(d_u));
    CHECK(cudaFree(d_v));
    CHECK(cudaFree(d_cross));
    CHECK(cudaFree(d_dot));
    CHECK(cudaFree(d_p));
    CHECK(cudaFree(d_q));

    printf("%d mismatching elements\n", errors);
    printf(errors == 0 ? "PASS\n" : "FAIL\n");
    return errors == 0 ? 0 : 1;
}
