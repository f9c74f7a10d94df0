// Ground truth for spillway's occupancy model, from the CUDA driver.
// usage: occupancy MODULE KERNEL_LIST
//   MODULE       a cubin or fatbin the GPU can load
//   KERNEL_LIST  one mangled kernel name per line
// Prints "kernel,block,dynamic_smem,blocks_per_sm,regs,static_smem,local" per
// kernel and block size (32..1024 by powers of two), from
// cuOccupancyMaxActiveBlocksPerMultiprocessor and cuFuncGetAttribute.
// Built and run on the device machine only (nvcc -o occupancy occupancy.cu -lcuda).
#include <cuda.h>
#include <stdio.h>
#include <string.h>

#define CHECK(x) do { CUresult r_ = (x); if (r_ != CUDA_SUCCESS) { \
	const char *s_ = ""; cuGetErrorString(r_, &s_); \
	fprintf(stderr, "%s: %s\n", #x, s_); return 1; } } while (0)

int main(int argc, char **argv)
{
	CUdevice dev;
	CUcontext ctx;
	CUmodule mod;
	char name[8192];
	FILE *f;

	if (argc != 3)
		return 2;
	CHECK(cuInit(0));
	CHECK(cuDeviceGet(&dev, 0));
	CHECK(cuCtxCreate(&ctx, NULL, 0, dev));
	CHECK(cuModuleLoad(&mod, argv[1]));
	f = fopen(argv[2], "r");
	if (f == NULL)
		return 2;
	while (fgets(name, sizeof name, f) != NULL) {
		CUfunction fn;
		int regs, smem, local, maxthr;

		name[strcspn(name, "\n")] = '\0';
		if (cuModuleGetFunction(&fn, mod, name) != CUDA_SUCCESS) {
			fprintf(stderr, "not found: %s\n", name);
			continue;
		}
		cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, fn);
		cuFuncGetAttribute(&smem, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, fn);
		cuFuncGetAttribute(&local, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, fn);
		cuFuncGetAttribute(&maxthr, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, fn);
		for (int block = 32; block <= 1024; block *= 2) {
			int n = -1;

			if (block > maxthr)
				break;
			CHECK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&n, fn, block, 0));
			printf("%s,%d,0,%d,%d,%d,%d\n", name, block, n, regs, smem, local);
		}
	}
	fclose(f);
	return 0;
}
