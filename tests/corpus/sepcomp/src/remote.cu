// SPDX-License-Identifier: MIT
// A kernel whose callee is defined in another translation unit
// (remote_impl.cu): in this object its stack is not settled; the device
// link adds the callee's frame.
#include "sepcomp.h"

namespace sep {

__global__ void calls_remote_kernel(const float *in, float *out, int n)
{
	out[threadIdx.x] = remote_scale(in + threadIdx.x, n);
}

} // namespace sep
