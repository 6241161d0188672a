/* cu2cl's own CUDA headers: thrust/random/linear_congruential_engine.h (declared in
 * thrust/random.h). */
#include "../random.h"
