/* The host side of reduce.cu, as a program's other files see it. */
template <typename T> void scale_all(T *data, int n, T by);
void add_offset_all(int *data, int n);
int first_of(int *data);
