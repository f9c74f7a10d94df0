// Kernels whose symbols tests/corpus/extra/make-visibility.py gives every
// ELF visibility (st_other bits 0-1), the way the driver's OptiX library
// carries hidden entry kernels (st_other 0x12), which nvcc 13 does not make
// from source: it ignores __attribute__((visibility("hidden"))) on a
// __global__ function.
__device__ __noinline__ int dev_default(int x) { return x * 3 + 1; }
__device__ __noinline__ int dev_hidden(int x) { return x * 5 + 2; }

__global__ void vis_default(int *p) { p[threadIdx.x] = dev_default(threadIdx.x); }
__global__ void vis_internal(int *p) { p[threadIdx.x] = 11; }
__global__ void vis_hidden(int *p) { p[threadIdx.x] = dev_hidden(threadIdx.x); }
__global__ void vis_protected(int *p) { p[threadIdx.x] = 13; }
static __global__ void vis_static(int *p) { p[threadIdx.x] = 17; }
static __global__ void vis_static_hidden(int *p) { p[threadIdx.x] = 19; }

// Host stubs that take the static kernels' addresses, so that nvcc keeps them.
void *vis_keep[] = { (void *)vis_static, (void *)vis_static_hidden };
