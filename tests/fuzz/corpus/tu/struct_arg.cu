struct S { int a; float b; };
__global__ void k(S s, S *o) { o[0] = s; }
int main() { S s{1, 2.f}; S *o; cudaMalloc(&o, sizeof(S)); k<<<1,1>>>(s, o); }
