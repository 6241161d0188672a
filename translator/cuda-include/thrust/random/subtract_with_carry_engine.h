/* cu2cl's own CUDA headers: thrust/random/subtract_with_carry_engine.h (declared in
 * thrust/random.h). */
#include "../random.h"
