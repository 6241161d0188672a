// A counter declared inside a branch some threads skip, whose every
// assignment is uniform (HeCBench ans: `if (gid < n) { unsigned done = 0;
// while (done < blockDim.x * 4) { ...; done += 4; __syncthreads(); } }`):
// its assignments run in every work-item, so the loop keeps one trip count
// for the group where the branch is predicated. Counters that cannot be
// hoisted keep CU2CL3002.
__global__ void counts(float *a, const float *in, int n)
{
    __shared__ float s[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { // EXPECT: CU2CL3003
        unsigned done = 0;
        while (done < blockDim.x * 4) {
            s[threadIdx.x] = in[i] + done;
            done += 4;
            __syncthreads();
        }
        a[i] = s[0];
    }
    if (i < n) { // EXPECT: CU2CL3003
        int k = 0;
        do {
            ++k;
            __syncthreads();
        } while (k < 3);
        a[i] += k;
    }
    if (i < n) { // EXPECT: CU2CL3003
        int c = 0;
        while (c < 8) { // EXPECT: CU2CL3002
            if (threadIdx.x & 1) // a deeper varying condition
                c += 2;
            else
                c += 1;
            __syncthreads();
        }
    }
    if (i < n) { // EXPECT: CU2CL3003
        int m = 0;
        while (m < 4) { // EXPECT: CU2CL3002
            m += (int)in[0]; // a memory read: not hoisted
            __syncthreads();
        }
    }
    if (i < n) { // EXPECT: CU2CL3003
        int b = 0;
        while (b < 4) { // EXPECT: CU2CL3002
            if (in[i] > 1.0f)
                break; // a jump in its scope
            b++;
            __syncthreads();
        }
    }
}
// CHECK-CL: uint done = 0;
// CHECK-CL: while (done < (uint)get_local_size(0) * 4) {
// CHECK-CL: done += 4;
// CHECK-CL: int k = 0;
// CHECK-CL: ++k;

int main() { counts<<<1, 64>>>(nullptr, nullptr, 40); return 0; }
