// SPDX-License-Identifier: MIT
// Dynamic parallelism: a kernel that launches a child grid and itself.
// A launch is not a call: the child runs on a stack of its own; the
// launch goes through the device runtime (libcudadevrt), whose functions
// the device link adds.
#include <cstdio>
#include "sepcomp.h"

namespace sep {

__global__ void child_kernel(float *data)
{
	data[threadIdx.x] += 1.0f;
}

__global__ void parent_kernel(float *data, int depth)
{
	if (threadIdx.x == 0) {
		if (depth > 0)
			parent_kernel<<<1, 1>>>(data, depth - 1);
		child_kernel<<<1, 32>>>(data);
	}
}

__global__ void prints_kernel(int n)
{
	printf("sepcomp %d\n", n);
}

} // namespace sep
