// struct_args.cu - structs passed to kernels by value.
//
// Covers: a struct holding device pointers and a length passed by value
// (struct Arrays { float *a; float *b; int n; }), a parameter struct mixing
// float, int and a vector type, an array of structs in global memory updated
// by a kernel, a __device__ function taking and returning a struct, and
// typedef'd and nested structs.

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

struct Arrays {
    float *a;
    float *b;
    int n;
};

struct Range {
    float lo;
    float hi;
};

typedef struct {
    float scale;
    int shift;     // added to the element index before scaling
    Range clamp;   // nested struct
    int2 stride;   // (start, step) over the index space
} Params;

struct Particle {
    float x, y;
    float vx, vy;
    int bounces;
};

// b[i] = clamp(scale * (a[i] + shift)) for the indices selected by stride.
__global__ void transform(Arrays arr, Params p)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    int i = p.stride.x + k * p.stride.y;
    if (i < arr.n) {
        float v = p.scale * (arr.a[i] + (float)p.shift);
        arr.b[i] = fminf(fmaxf(v, p.clamp.lo), p.clamp.hi);
    }
}

// One explicit Euler step inside the unit box, reflecting off the walls.
__device__ Particle step(Particle q, float dt)
{
    q.x += q.vx * dt;
    q.y += q.vy * dt;
    if (q.x < 0.0f || q.x > 1.0f) {
        q.vx = -q.vx;
        q.x = fminf(fmaxf(q.x, 0.0f), 1.0f);
        q.bounces++;
    }
    if (q.y < 0.0f || q.y > 1.0f) {
        q.vy = -q.vy;
        q.y = fminf(fmaxf(q.y, 0.0f), 1.0f);
        q.bounces++;
    }
    return q;
}

__global__ void advance(Particle *particles, int n, float dt, int steps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        Particle q = particles[i];
        for (int s = 0; s < steps; ++s)
            q = step(q, dt);
        particles[i] = q;
    }
}

int main()
{
    const int n = 5000;
    printf("struct_args: structs with device pointers, nested params, array of structs\n");

    std::vector<float> h_a(n), h_b(n, -1.0f);
    for (int i = 0; i < n; ++i)
        h_a[i] = (float)(i % 50) - 25.0f;

    Arrays arr;
    arr.n = n;
    CHECK(cudaMalloc(&arr.a, n * sizeof(float)));
    CHECK(cudaMalloc(&arr.b, n * sizeof(float)));
    CHECK(cudaMemcpy(arr.a, h_a.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(arr.b, h_b.data(), n * sizeof(float), cudaMemcpyHostToDevice));

    Params p;
    p.scale = 0.5f;
    p.shift = 3;
    p.clamp.lo = -5.0f;
    p.clamp.hi = 7.5f;
    p.stride = make_int2(1, 2);  // odd indices only
    int count = n / 2;  // indices 1, 3, ..., n - 1
    transform<<<(count + 127) / 128, 128>>>(arr, p);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_b.data(), arr.b, n * sizeof(float), cudaMemcpyDeviceToHost));

    int errors = 0;
    for (int i = 0; i < n; ++i) {
        float want = -1.0f;  // untouched
        if (i % 2 == 1)
            want = fminf(fmaxf(0.5f * (h_a[i] + 3.0f), -5.0f), 7.5f);
        if (h_b[i] != want) {
            if (errors < 5)
                fprintf(stderr, "b[%d] = %f, expected %f\n", i, h_b[i], want);
            ++errors;
        }
    }

    // Particles: velocities in quarter and half units with dt = 1/128 keep every
    // position on a 1/512 grid, so GPU and CPU agree exactly.
    const int np = 1024, steps = 40;
    const float dt = 1.0f / 128.0f;
    std::vector<Particle> h_part(np), h_res(np);
    for (int i = 0; i < np; ++i) {
        h_part[i].x = (float)(i % 32) / 32.0f;
        h_part[i].y = (float)(i / 32) / 32.0f;
        h_part[i].vx = (float)(i % 7 - 3) / 4.0f;
        h_part[i].vy = (float)(i % 5 - 2) / 2.0f;
        h_part[i].bounces = 0;
    }
    Particle *d_part;
    CHECK(cudaMalloc(&d_part, np * sizeof(Particle)));
    CHECK(cudaMemcpy(d_part, h_part.data(), np * sizeof(Particle), cudaMemcpyHostToDevice));
    advance<<<np / 256, 256>>>(d_part, np, dt, steps);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_res.data(), d_part, np * sizeof(Particle), cudaMemcpyDeviceToHost));

    int totalBounces = 0;
    for (int i = 0; i < np; ++i) {
        Particle q = h_part[i];
        for (int s = 0; s < steps; ++s) {
            q.x += q.vx * dt;
            q.y += q.vy * dt;
            if (q.x < 0.0f || q.x > 1.0f) {
                q.vx = -q.vx;
                q.x = fminf(fmaxf(q.x, 0.0f), 1.0f);
                q.bounces++;
            }
            if (q.y < 0.0f || q.y > 1.0f) {
                q.vy = -q.vy;
                q.y = fminf(fmaxf(q.y, 0.0f), 1.0f);
                q.bounces++;
            }
        }
        const Particle &r = h_res[i];
        if (r.x != q.x || r.y != q.y || r.vx != q.vx || r.vy != q.vy ||
            r.bounces != q.bounces) {
            if (errors < 10)
                fprintf(stderr, "particle %d: (%f, %f, %d), expected (%f, %f, %d)\n", i, r.x,
                        r.y, r.bounces, q.x, q.y, q.bounces);
            ++errors;
        }
        totalBounces += r.bounces;
    }
    printf("particles bounced %d times in total\n", totalBounces);

    CHECK(cudaFree(arr.a));
    CHECK(cudaFree(arr.b));
    CHECK(cudaFree(d_part));

    printf("%d mismatches\n", errors);
    printf(errors == 0 ? "PASS\n" : "FAIL\n");
    return errors == 0 ? 0 : 1;
}
