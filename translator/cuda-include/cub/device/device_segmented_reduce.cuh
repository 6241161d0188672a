/* cub/device/device_segmented_reduce.cuh (cu2cl's own): see cub/cub.cuh. */
#include <cub/cub.cuh>
