/* cub/device/device_radix_sort.cuh (cu2cl's own): see cub/cub.cuh. */
#include <cub/cub.cuh>
