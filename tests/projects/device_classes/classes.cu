// Classes in device code: constructors give exactly C++'s values (in-class
// member initializers, constructors that leave members to them, defaulted
// and implicit constructors, bases, value- and aggregate initialization,
// objects made by device new and passed by value), and virtual functions
// called through base pointers and references, for objects made by device
// new, as locals and by placement new into shared memory: pure virtuals,
// overrides on several levels, a base's method not overridden, a virtual
// call from a method, delete through a base with a virtual destructor.
#include <cstdio>
#include <new>
#include <cuda_runtime.h>

struct P { int a = 3; float b{1.5f}; int c; __device__ P() { c = 7; } };
struct Q { int a = 4; float b = 2.5f; int z; __host__ __device__ Q() = default; };
struct R { int a = 5; int b = 6; int c = 9; __device__ R(int x) : b(x) {} };
struct B { int base = 11; __host__ __device__ B() {} };
struct D : B { int d = 12; __host__ __device__ D() {} };
struct E : B { int e = 13; };
struct W { int x = 21; int y; };
struct H { W w; int h = 31; };

__device__ int sum_p() { P p; return p.a + (int)(p.b * 10) + p.c; }

__global__ void construct(int *out, W wv, D dv)
{
    P p; out[0] = p.a; out[1] = (int)(p.b * 10); out[2] = p.c;
    Q q = Q(); out[3] = q.a; out[4] = (int)(q.b * 10); out[5] = q.z;
    R r(8); out[6] = r.a; out[7] = r.b; out[8] = r.c;
    D d; out[9] = d.base; out[10] = d.d;
    E e; out[11] = e.base; out[12] = e.e;
    W w{}; out[13] = w.x; out[14] = w.y;
    W w2{5}; out[15] = w2.x;
    W w3; out[16] = w3.x;
    H h; out[17] = h.w.x; out[18] = h.h;
    out[19] = sum_p();
    P *pp = new P(); out[20] = pp->a + pp->c; delete pp;
    R *rp = new R(2); out[21] = rp->a * 100 + rp->b * 10 + rp->c; delete rp;
    D *dp = new D; out[22] = dp->base + dp->d; delete dp;
    W *wp = new W(); out[23] = wp->x + wp->y; delete wp;
    out[24] = wv.x; out[25] = wv.y; out[26] = dv.base; out[27] = dv.d;
}

__device__ int destroyed;

class Shape {
public:
    int id;
    __device__ Shape(int i) : id(i) {}
    __device__ virtual ~Shape() { atomicAdd(&destroyed, 1); }
    __device__ virtual float area() const = 0;
    __device__ virtual int sides() { return 0; }
    __device__ float twice() const { return 2 * area(); }
};

class Rect : public Shape {
public:
    float w, h;
    __device__ Rect(int i, float w_, float h_) : Shape(i), w(w_), h(h_) {}
    __device__ ~Rect() { atomicAdd(&destroyed, 10); }
    __device__ float area() const override { return w * h; }
    __device__ int sides() override { return 4; }
};

class Square : public Rect {
public:
    __device__ Square(int i, float s) : Rect(i, s, s) {}
    __device__ ~Square() { atomicAdd(&destroyed, 100); }
    __device__ int sides() override { return 40; } /* not a rectangle's */
};

class Circle : public Shape {
public:
    float r;
    __device__ Circle(int i, float r_) : Shape(i), r(r_) {}
    __device__ float area() const override { return 3.0f * r * r; }
};

__device__ float measure(const Shape &s) { return s.area(); }

__global__ void shapes(float *out, int *sides)
{
    Shape *all[3];
    all[0] = new Rect(1, 2.0f, 3.0f);
    all[1] = new Square(2, 4.0f);
    all[2] = new Circle(3, 1.0f);
    for (int i = 0; i < 3; i++) {
        out[i] = all[i]->area();
        out[3 + i] = measure(*all[i]);
        out[6 + i] = all[i]->twice();
        sides[i] = all[i]->sides();
        sides[3 + i] = all[i]->id;
    }
    Rect &r = *static_cast<Rect *>(all[1]);
    out[9] = r.area() + 9;
    sides[6] = r.sides();
    for (int i = 0; i < 3; i++)
        delete all[i];
}

__global__ void shared_shape(float *out)
{
    __shared__ __align__(8) unsigned char buf[sizeof(Square)];
    __shared__ Shape *s;
    if (threadIdx.x == 0)
        s = new (buf) Square(9, 3.0f);
    __syncthreads();
    out[threadIdx.x] = s->area() + s->sides();
}

int main()
{
    int *d_out, *d_sides, h[32], hs[8], hd = 0, bad = 0;
    float *d_f, hf[32];
    cudaMalloc(&d_out, sizeof h);
    cudaMalloc(&d_sides, sizeof hs);
    cudaMalloc(&d_f, sizeof hf);
    W wv; wv.y = 22; D dv;
    construct<<<1, 1>>>(d_out, wv, dv);
    cudaMemcpy(h, d_out, sizeof h, cudaMemcpyDeviceToHost);
    const int want[28] = {3, 15, 7, 4, 25, 0, 5, 8, 9, 11, 12, 11, 13, 21,
                          0, 5, 21, 21, 31, 25, 10, 529, 23, 21, 21, 22,
                          11, 12};
    for (int i = 0; i < 28; i++)
        if (h[i] != want[i]) {
            printf("construct: out[%d] = %d, want %d\n", i, h[i], want[i]);
            bad = 1;
        }
    shapes<<<1, 1>>>(d_f, d_sides);
    cudaMemcpy(hf, d_f, 10 * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(hs, d_sides, 7 * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpyFromSymbol(&hd, destroyed, sizeof(int));
    const float wantf[10] = {6, 16, 3, 6, 16, 3, 12, 32, 6, 25};
    const int wants[7] = {4, 40, 0, 1, 2, 3, 40};
    for (int i = 0; i < 10; i++)
        if (hf[i] != wantf[i]) {
            printf("shapes: out[%d] = %g, want %g\n", i, hf[i], wantf[i]);
            bad = 1;
        }
    for (int i = 0; i < 7; i++)
        if (hs[i] != wants[i]) {
            printf("shapes: sides[%d] = %d, want %d\n", i, hs[i], wants[i]);
            bad = 1;
        }
    if (hd != 11 + 111 + 1) { /* Rect, Square, Circle (Shape's) */
        printf("destructors: %d, want %d\n", hd, 11 + 111 + 1);
        bad = 1;
    }
    shared_shape<<<1, 32>>>(d_f);
    cudaMemcpy(hf, d_f, 32 * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 32; i++)
        if (hf[i] != 49) {
            printf("shared_shape: %d gives %g\n", i, hf[i]);
            bad = 1;
            break;
        }
    cudaError_t err = cudaDeviceSynchronize();
    printf("%s\n", !bad && err == cudaSuccess ? "PASS" : "FAIL");
    return bad;
}
