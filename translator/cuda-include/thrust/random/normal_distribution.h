/* cu2cl's own CUDA headers: thrust/random/normal_distribution.h (declared in
 * thrust/random.h). */
#include "../random.h"
