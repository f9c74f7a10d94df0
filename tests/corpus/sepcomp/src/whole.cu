// SPDX-License-Identifier: MIT
// Whole-program compilation (no -rdc): ptxas lays each kernel's callees
// out in the kernel's own code.  A recursive callee's frame is not folded
// into the kernel's: ptxas -v prints it under the kernel, and the binary
// says STACK 0 (or only the kernel's own frame) for a stack with no bound.
#include <cstdio>

namespace whole {

__device__ int descend(const int *v, int n)
{
	int keep[10];
	for (int i = 0; i < 10; i++)
		keep[i] = v[(n + i) & 31];
	return n <= 0 ? keep[0] : keep[n % 10] + descend(v, n - 1) * keep[(n * 3) % 10];
}

__device__ __noinline__ float spill_callee(const float *p, int n)
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

__global__ void whole_recursive_kernel(const int *v, int *out, int n)
{
	out[threadIdx.x] = descend(v, n);
}

__global__ void whole_framed_recursive_kernel(const int *v, int *out, int n)
{
	int mine[64];
	for (int i = 0; i < 64; i++)
		mine[i] = v[i * n];
	out[threadIdx.x] = descend(mine, n) + mine[n & 63];
}

__global__ void whole_spill_callee_kernel(const float *in, float *out, int n)
{
	out[threadIdx.x] = spill_callee(in + threadIdx.x, n);
}

} // namespace whole

int main(int argc, char **argv)
{
	int *v = nullptr, *o = nullptr;
	float *f = nullptr, *g = nullptr;
	if (argc > 1) {
		whole::whole_recursive_kernel<<<1, 32>>>(v, o, argc);
		whole::whole_framed_recursive_kernel<<<1, 32>>>(v, o, argc);
		whole::whole_spill_callee_kernel<<<1, 32>>>(f, g, argc);
	}
	printf("whole %d\n", argc);
	return 0;
}
