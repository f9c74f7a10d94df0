// SPDX-License-Identifier: MIT
#ifndef SEPCOMP_H
#define SEPCOMP_H

namespace sep {
__device__ float remote_scale(const float *p, int n);
template <typename T> __global__ void recursive_walk_kernel(const T *v, T *out, int depth);
__global__ void recursive_count_kernel(const int *v, int *out, int n);
template <int N> __global__ void local_buffer_kernel(const float *in, float *out, int stride);
__global__ void chain_kernel(const float *in, float *out, int n);
__global__ void flat_kernel(float *out);
__global__ void calls_spiller_kernel(const float *in, float *out, int n);
__global__ void calls_remote_kernel(const float *in, float *out, int n);
__global__ void parent_kernel(float *data, int depth);
__global__ void prints_kernel(int n);
} // namespace sep

#endif
