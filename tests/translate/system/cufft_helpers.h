// A project's header named like a library's: not a system header.
inline int cufft_batch(int n) { return n / 2; }
