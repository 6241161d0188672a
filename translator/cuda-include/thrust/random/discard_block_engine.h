/* cu2cl's own CUDA headers: thrust/random/discard_block_engine.h (declared in
 * thrust/random.h). */
#include "../random.h"
