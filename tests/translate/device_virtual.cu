// Virtual functions in device code: a type tag where C++ keeps the vtable
// pointer, set by the constructors; a call through a pointer goes to a
// dispatcher over the tags. What the tag cannot express is reported.
#include <cuda_runtime.h>

struct Animal {
    int legs = 4;
    __device__ virtual int sound() const = 0;
    __device__ virtual ~Animal() {}
};
struct Dog : Animal {
    __device__ int sound() const override { return 1; }
};
struct Puppy : Dog {
    __device__ Puppy() { legs = 3; }
    __device__ int sound() const override { return 2; }
};

struct Plain { int p; };
struct Late : Plain, Animal { // EXPECT: CU2CL2101
    __device__ int sound() const override { return 3; }
};
struct VBase { int v; };
struct Diamond : virtual VBase { int d; }; // EXPECT: CU2CL2101

__global__ void k(int *out)
{
    Animal *a = new Puppy();
    out[0] = a->sound() + a->legs;
    delete a; // EXPECT: CU2CL2107
    Dog d;
    out[1] = d.sound();
}

__global__ void reported(Late *l, Diamond *dm, int *out)
{
    out[0] = l->p + dm->d;
}

// An object made on the host: its tag is set to its class's on entry.
struct Tool {
    int w = 2;
    __host__ __device__ virtual int use() const { return w; }
};
__global__ void byvalue(Tool t, // EXPECT: CU2CL2108
                        int *out)
{
    const Tool &r = t;
    out[0] = r.use();
}

int main()
{
    k<<<1, 1>>>(nullptr);
    byvalue<<<1, 1>>>(Tool(), nullptr);
    reported<<<1, 1>>>(nullptr, nullptr, nullptr);
    return 0;
}
// CHECK-CL: ulong cu2cl_vtag; /* the dynamic type */
// CHECK-CL: Animal cu2cl_base0;
// CHECK-CL: out[0] = Animal_sound_virtual(a) + a->legs;
// CHECK-CL: out[1] = Dog_sound_p(&d);
// CHECK-CL: self.cu2cl_base0.cu2cl_base0.cu2cl_vtag = 0x8a5f45171ac613a7ul;
// CHECK-CL: switch (self->cu2cl_vtag) {
// CHECK-CL: return Puppy_sound(((__global Puppy *)self));
