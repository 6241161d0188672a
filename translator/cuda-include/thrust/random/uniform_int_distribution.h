/* cu2cl's own CUDA headers: thrust/random/uniform_int_distribution.h (declared in
 * thrust/random.h). */
#include "../random.h"
