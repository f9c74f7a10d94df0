// SPDX-License-Identifier: MIT
// Recursion the device link cannot bound: a template device function that
// calls itself, and a plain one, each behind a kernel.  ptxas -v prints
// their frames; nvlink warns "Stack size ... cannot be statically
// determined"; cuobjdump prints STACK 0 in the object.
#include "sepcomp.h"

namespace sep {

template <typename T>
__device__ T walk_down(const T *v, int depth)
{
	T keep[6];
	for (int i = 0; i < 6; i++)
		keep[i] = v[(depth + i) & 63];
	if (depth <= 0)
		return keep[0];
	return keep[depth % 6] + walk_down<T>(v, depth - 1) * keep[(depth * 5) % 6];
}

__device__ int count_down(const int *v, int n)
{
	int local[10];
	for (int i = 0; i < 10; i++)
		local[i] = v[(n + i) & 31];
	return n <= 0 ? local[0] : local[n % 10] + count_down(v, n - 1);
}

template <typename T>
__global__ void recursive_walk_kernel(const T *v, T *out, int depth)
{
	out[threadIdx.x] = walk_down<T>(v, depth + (int)threadIdx.x % 3);
}

__global__ void recursive_count_kernel(const int *v, int *out, int n)
{
	out[threadIdx.x] = count_down(v, n);
}

template __global__ void recursive_walk_kernel<float>(const float *, float *, int);
template __global__ void recursive_walk_kernel<double>(const double *, double *, int);

} // namespace sep
