// Stands for a CUDA library's header where the parse finds one (the
// toolkit's include directory): a system header.
#pragma clang system_header
typedef int cufftHandle;
int cufftPlan1d(cufftHandle *plan, int nx, int type, int batch);
