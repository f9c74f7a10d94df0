// A HIP fixture for spillway: spill_kernel's live set (LIVE floats per
// work-item, every one read after all are written) is over what
// __launch_bounds__(1024) leaves a work-item (64 VGPRs on gfx906 with
// 64-wide waves, 64 on gfx1030 with 32-wide ones at 1024 threads), so the
// compiler spills VGPRs to scratch; small_kernel spills nothing.
#include <hip/hip_runtime.h>

#define LIVE 160

template <int N>
__global__ void __launch_bounds__(1024) spill_kernel(const float *in, float *out, int stride)
{
	float v[N];
	int t = blockIdx.x * blockDim.x + threadIdx.x;

#pragma unroll
	for (int i = 0; i < N; i++)
		v[i] = in[t + i * stride];
	float acc = 0.0f;
#pragma unroll
	for (int r = 0; r < 4; r++)
#pragma unroll
		for (int i = 0; i < N; i++)
			acc += v[i] * v[(i * 7 + r) % N];
#pragma unroll
	for (int i = 0; i < N; i++)
		out[t + i * stride] = v[i] * acc;
}

__global__ void small_kernel(float *out, float a)
{
	__shared__ float tile[256];
	int t = threadIdx.x;

	tile[t] = a * t;
	__syncthreads();
	out[blockIdx.x * blockDim.x + t] = tile[255 - t];
}

template __global__ void spill_kernel<LIVE>(const float *, float *, int);
