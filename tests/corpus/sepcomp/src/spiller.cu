// SPDX-License-Identifier: MIT
// A callee that spills: built with -maxrregcount=32 (CMakeLists.txt), the
// __noinline__ function holds more values than 32 registers keep, and the
// kernel that calls it spills nothing of its own.
#include "sepcomp.h"

namespace sep {

__device__ __noinline__ float pressure(const float *p, int n)
{
	float v[40];
#pragma unroll
	for (int i = 0; i < 40; i++)
		v[i] = p[i * n + 1] * (float)(i + 1);
	float s = 0.0f;
#pragma unroll
	for (int r = 0; r < 4; r++)
#pragma unroll
		for (int i = 0; i < 40; i++)
			s += v[i] * v[(i + r + 1) % 40] - v[(i * 3 + r) % 40];
	return s;
}

__global__ void calls_spiller_kernel(const float *in, float *out, int n)
{
	out[threadIdx.x] = pressure(in + threadIdx.x, n);
}

} // namespace sep
