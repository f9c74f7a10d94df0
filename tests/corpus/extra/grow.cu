template <int N> __global__ void scale(float *x, float a) {
	int i = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
	for (int k = 0; k < N; k++) x[i * N + k] *= a + k;
}
template __global__ void scale<4>(float *, float);
#ifdef MORE
template __global__ void scale<64>(float *, float);
#endif
__global__ void plain(float *x) { x[threadIdx.x] = 1.0f; }
