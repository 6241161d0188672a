/* cub/device/device_run_length_encode.cuh (cu2cl's own): see cub/cub.cuh. */
#include <cub/cub.cuh>
