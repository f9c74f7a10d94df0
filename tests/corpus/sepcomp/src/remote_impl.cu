// SPDX-License-Identifier: MIT
#include "sepcomp.h"

namespace sep {

__device__ __noinline__ float remote_scale(const float *p, int n)
{
	float window[30];
	for (int i = 0; i < 30; i++)
		window[i] = p[i * n];
	return window[n % 30] * 0.5f;
}

} // namespace sep
