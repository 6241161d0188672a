/* cu2cl's own CUDA headers: cooperative_groups.h
 *
 * Declares the Cooperative Groups API (CUDA C++ Programming Guide,
 * "Cooperative Groups"): thread_group, thread_block (this_thread_block),
 * grid_group (this_grid), coalesced_group (coalesced_threads), the
 * statically sized thread_block_tile<Size, ParentT> with its warp
 * collectives, tiled_partition in its template and run-time forms,
 * binary_partition and labeled_partition, and the free functions sync,
 * thread_rank and group_size. Member functions are
 * __device__ declarations; cu2cl lowers calls to them by class and member
 * name. Written for cu2cl from the documented API. */
#ifndef CU2CL_COOPERATIVE_GROUPS_H
#define CU2CL_COOPERATIVE_GROUPS_H

#include "host_defines.h"
#include "vector_types.h"

namespace cooperative_groups {

/* Any group of threads; what the run-time tiled_partition returns. */
class thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
};

/* The threads of the calling block. */
class thread_block : public thread_group {
public:
  __device__ static void sync();
  __device__ static unsigned int size();
  __device__ static unsigned int num_threads();
  __device__ static unsigned int thread_rank();
  __device__ static dim3 group_index();
  __device__ static dim3 thread_index();
  __device__ static dim3 group_dim();
  __device__ static dim3 dim_threads();
};

__device__ thread_block this_thread_block();

/* All threads of the grid (needs a cooperative launch to sync). */
class grid_group : public thread_group {
public:
  __device__ bool is_valid() const;
  __device__ void sync() const;
  __device__ static unsigned long long size();
  __device__ static unsigned long long num_threads();
  __device__ static unsigned long long thread_rank();
  __device__ static unsigned long long num_blocks();
  __device__ static unsigned long long block_rank();
  __device__ static dim3 group_dim();
  __device__ static dim3 dim_threads();
  __device__ static dim3 dim_blocks();
  __device__ static dim3 block_index();
  __device__ static dim3 thread_index();
};

__device__ grid_group this_grid();

/* The currently active threads of the calling warp. */
class coalesced_group : public thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned int size() const;
  __device__ unsigned int num_threads() const;
  __device__ unsigned int thread_rank() const;
  __device__ unsigned int meta_group_rank() const;
  __device__ unsigned int meta_group_size() const;
  template <class T> __device__ T shfl(T var, int srcRank) const;
  template <class T> __device__ T shfl_up(T var, int delta) const;
  template <class T> __device__ T shfl_down(T var, int delta) const;
  __device__ int any(int predicate) const;
  __device__ int all(int predicate) const;
  __device__ unsigned int ballot(int predicate) const;
  template <class T> __device__ unsigned int match_any(T val) const;
  template <class T> __device__ unsigned int match_all(T val, int &pred) const;
};

__device__ coalesced_group coalesced_threads();

/* A tile of Size (a power of two up to 32) threads partitioned from
 * ParentT; thread_block_tile<Size> (ParentT void) is what any tile of that
 * size converts to. */
template <unsigned int Size, class ParentT = void> class thread_block_tile;

template <unsigned int Size>
class thread_block_tile<Size, void> : public thread_group {
public:
  __device__ static void sync();
  __device__ static unsigned int size();
  __device__ static unsigned int num_threads();
  __device__ static unsigned int thread_rank();
  __device__ unsigned int meta_group_rank() const;
  __device__ unsigned int meta_group_size() const;
  template <class T> __device__ T shfl(T var, int srcRank) const;
  template <class T> __device__ T shfl_up(T var, unsigned int delta) const;
  template <class T> __device__ T shfl_down(T var, unsigned int delta) const;
  template <class T> __device__ T shfl_xor(T var, unsigned int laneMask) const;
  __device__ int any(int predicate) const;
  __device__ int all(int predicate) const;
  __device__ unsigned int ballot(int predicate) const;
  template <class T> __device__ unsigned int match_any(T val) const;
  template <class T> __device__ unsigned int match_all(T val, int &pred) const;
};

template <unsigned int Size, class ParentT>
class thread_block_tile : public thread_block_tile<Size, void> {};

/* Partitioning. */
template <unsigned int Size, class ParentT>
__device__ thread_block_tile<Size, ParentT>
tiled_partition(const ParentT &parent);
__device__ thread_group tiled_partition(const thread_group &parent,
                                        unsigned int tilesz);
__device__ thread_group tiled_partition(const thread_block &parent,
                                        unsigned int tilesz);
__device__ coalesced_group tiled_partition(const coalesced_group &parent,
                                           unsigned int tilesz);

/* Partitions of a tile (of at most 32 threads) or a coalesced group into
 * coalesced groups: the threads whose predicate agrees (binary_partition),
 * or whose label, an integral or pointer value, is equal
 * (labeled_partition). */
__device__ coalesced_group binary_partition(const coalesced_group &parent,
                                            bool pred);
template <unsigned int Size, class ParentT>
__device__ coalesced_group
binary_partition(const thread_block_tile<Size, ParentT> &parent, bool pred);
template <class LabelT>
__device__ coalesced_group labeled_partition(const coalesced_group &parent,
                                             LabelT label);
template <class LabelT, unsigned int Size, class ParentT>
__device__ coalesced_group
labeled_partition(const thread_block_tile<Size, ParentT> &parent, LabelT label);

/* Free functions on any group. */
template <class GroupT> __device__ void sync(GroupT const &g);
template <class GroupT>
__device__ unsigned long long thread_rank(GroupT const &g);
template <class GroupT>
__device__ unsigned long long group_size(GroupT const &g);

} /* namespace cooperative_groups */

#endif /* CU2CL_COOPERATIVE_GROUPS_H */
