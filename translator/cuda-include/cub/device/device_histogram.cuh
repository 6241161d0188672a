/* cub/device/device_histogram.cuh (cu2cl's own): see cub/cub.cuh. */
#include <cub/cub.cuh>
