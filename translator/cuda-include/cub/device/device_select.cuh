/* cub/device/device_select.cuh (cu2cl's own): see cub/cub.cuh. */
#include <cub/cub.cuh>
