// Launch-limit fixture (issue 27): kernels whose registers, launch bounds,
// register caps and cluster bounds decide the largest block that launches.
// Built with: nvcc -cubin -arch=sm_90 -o launch.sm_90.cubin launch.cu
#include <cuda_runtime.h>

template <int N>
__device__ __forceinline__ void heavy(const float *in, float *out)
{
	float v[N];
#pragma unroll
	for (int i = 0; i < N; i++)
		v[i] = in[threadIdx.x + i * blockDim.x];
#pragma unroll
	for (int r = 0; r < 4; r++)
#pragma unroll
		for (int i = 0; i < N; i++)
			v[i] = v[i] * v[(i + 1) % N] + v[(i + 7) % N];
	float s = 0.0f;
#pragma unroll
	for (int i = 0; i < N; i++)
		s += v[i] * (float)(i + 1);
	out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

extern "C" __global__ void light(const float *in, float *out) { out[threadIdx.x] = in[threadIdx.x] * 2.0f; }
extern "C" __global__ void heavy_nobound(const float *in, float *out) { heavy<96>(in, out); }
extern "C" __global__ void __maxnreg__(72) cap72_nobound(const float *in, float *out) { heavy<96>(in, out); }
extern "C" __global__ void __maxnreg__(128) cap128_nobound(const float *in, float *out) { heavy<160>(in, out); }
extern "C" __global__ void __maxnreg__(168) cap168_nobound(const float *in, float *out) { heavy<200>(in, out); }
extern "C" __global__ void __launch_bounds__(256) heavy_lb256(const float *in, float *out) { heavy<200>(in, out); }
extern "C" __global__ void __launch_bounds__(1024) heavy_lb1024(const float *in, float *out) { heavy<96>(in, out); }
extern "C" __global__ void __launch_bounds__(128, 4) heavy_lb128_min4(const float *in, float *out) { heavy<200>(in, out); }
extern "C" __global__ void __launch_bounds__(640) heavy_lb640(const float *in, float *out) { heavy<96>(in, out); }
extern "C" __global__ void __launch_bounds__(384, 1, 2) cluster_lb384(const float *in, float *out) { heavy<96>(in, out); }
extern "C" __global__ void __cluster_dims__(2, 1, 1) cluster_dims2(const float *in, float *out) { heavy<64>(in, out); }
extern "C" __global__ void static_shared_40k(const float *in, float *out)
{
	__shared__ float tile[10240];
	tile[threadIdx.x] = in[threadIdx.x];
	__syncthreads();
	out[threadIdx.x] = tile[(threadIdx.x + 1) % 10240];
}
extern "C" __global__ void __launch_bounds__(512) static_shared_48k_lb512(const float *in, float *out)
{
	__shared__ float tile[12288];
	tile[threadIdx.x] = in[threadIdx.x];
	__syncthreads();
	out[threadIdx.x] = tile[(threadIdx.x + 3) % 12288];
}
extern "C" __global__ void stack_frame_800(const float *in, float *out, int k)
{
	volatile float a[200];
	for (int i = 0; i < 200; i++)
		a[i] = in[i * blockDim.x + threadIdx.x];
	out[threadIdx.x] = a[k % 200];
}
