/* A C header, included inside extern "C" { } by its C++ users. */
static inline int c_offset(void) { return 1; }
