/* cub/device/device_scan.cuh (cu2cl's own): see cub/cub.cuh. */
#include <cub/cub.cuh>
