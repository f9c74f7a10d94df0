// spill.hip without the HIP headers (bookworm's are ROCm 5.2's, whose
// device functions clang 19 links only from ROCm 5.2's device libraries,
// which have no gfx942 or gfx1100): the same two kernels, the work-item
// and group ids from clang's builtins, for code object v5 (clang 19's
// default).  No host runtime is called: the host side only registers.
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __launch_bounds__(n) __attribute__((amdgpu_flat_work_group_size(1, n)))

typedef struct { unsigned x, y, z; } dim3_;
extern "C" int hipLaunchKernel(const void *, dim3_, dim3_, void **, unsigned long, void *);
extern "C" int __hipPushCallConfiguration(dim3_, dim3_, unsigned long, void *);
extern "C" int __hipPopCallConfiguration(dim3_ *, dim3_ *, unsigned long *, void **);

#define LIVE 160

static __attribute__((device)) int
global_id(void)
{
	return __builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() +
	    __builtin_amdgcn_workitem_id_x();
}

template <int N>
__global__ void __launch_bounds__(1024) spill_kernel(const float *in, float *out, int stride)
{
	float v[N];
	int t = global_id();

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
	int t = __builtin_amdgcn_workitem_id_x();

	tile[t] = a * t;
	__builtin_amdgcn_s_barrier();
	out[global_id()] = tile[255 - t];
}

template __global__ void spill_kernel<LIVE>(const float *, float *, int);
