// SPDX-License-Identifier: MIT
// Stack frames that only ptxas -v reports in a relocatable object: per
// thread arrays indexed at run time (float buf[N]), and a chain of
// __noinline__ callees whose frames add up under the kernel.
#include "sepcomp.h"

namespace sep {

__device__ __noinline__ float leaf_sum(const float *p, int n)
{
	float buf[48];
	for (int i = 0; i < 48; i++)
		buf[i] = p[i * n];
	return buf[n % 48] + buf[(n * 7) % 48];
}

__device__ __noinline__ float middle_sum(const float *p, int n)
{
	float part[24];
	for (int i = 0; i < 24; i++)
		part[i] = leaf_sum(p + i, n);
	return part[n % 24];
}

template <int N>
__global__ void local_buffer_kernel(const float *in, float *out, int stride)
{
	float buf[N];
	for (int i = 0; i < N; i++)
		buf[i] = in[i * stride + threadIdx.x];
	out[threadIdx.x] = buf[(stride * 13) % N];
}

__global__ void chain_kernel(const float *in, float *out, int n)
{
	out[threadIdx.x] = middle_sum(in, n) + leaf_sum(in, n + 1);
}

__global__ void flat_kernel(float *out)
{
	out[threadIdx.x] = 2.0f * threadIdx.x;
}

template __global__ void local_buffer_kernel<200>(const float *, float *, int);
template __global__ void local_buffer_kernel<64>(const float *, float *, int);

} // namespace sep
