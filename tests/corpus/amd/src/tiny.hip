// The smallest HIP fixture: one kernel with LDS and no spill (fuzz seeds).
#include <hip/hip_runtime.h>

__global__ void tiny_kernel(float *out, float a)
{
	__shared__ float tile[64];
	int t = threadIdx.x;

	tile[t] = a * t;
	__syncthreads();
	out[blockIdx.x * blockDim.x + t] = tile[63 - t];
}
