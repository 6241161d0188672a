/* cub/util_ptx.cuh (cu2cl's own): see cub/cub.cuh, which defines what this
 * header does in CUB. Where a toolkit's Thrust has brought the toolkit's
 * CUB into the unit (cu2cl's CUB cannot join it), the toolkit's header. */
#if !defined(CU2CL_OWN_CUB_CUH) && !defined(CU2CL_THRUST_BASE_H) &&           \
    (defined(CUB_VERSION) || defined(THRUST_VERSION))
#include_next <cub/util_ptx.cuh>
#else
#include <cub/cub.cuh>
#endif
