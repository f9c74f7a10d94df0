/* SPDX-License-Identifier: MIT */
/*
 * What the CUDA driver makes of a cubin's functions: every function
 * cuModuleEnumerateFunctions lists, then, for each NAME given, whether
 * cuModuleGetFunction finds it and the registers it reports for it
 * (CU_FUNC_ATTRIBUTE_NUM_REGS, -1 when not found).  Ground truth for
 * spillway's visibility column (tests/corpus/extra/README.md); built and
 * run on a machine with a GPU:
 *
 *   nvcc -o functions tests/device/functions.c -lcuda
 *   ./functions FILE.cubin NAME...
 */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>

static const char *
error_name(CUresult r)
{
	const char *s = "?";

	cuGetErrorName(r, &s);
	return s;
}

int
main(int argc, char **argv)
{
	CUdevice dev;
	CUcontext ctx;
	CUmodule mod;
	CUfunction *fs;
	unsigned n = 0;
	CUresult r;

	if (argc < 2) {
		fprintf(stderr, "usage: functions FILE.cubin NAME...\n");
		return 2;
	}
	if (cuInit(0) != CUDA_SUCCESS || cuDeviceGet(&dev, 0) != CUDA_SUCCESS ||
	    cuCtxCreate(&ctx, NULL, 0, dev) != CUDA_SUCCESS)
		return 1;
	if ((r = cuModuleLoad(&mod, argv[1])) != CUDA_SUCCESS) {
		printf("%s\tload\t%s\n", argv[1], error_name(r));
		return 1;
	}
	cuModuleGetFunctionCount(&n, mod);
	fs = calloc(n ? n : 1, sizeof *fs);
	cuModuleEnumerateFunctions(fs, n, mod);
	for (unsigned k = 0; k < n; k++) {
		const char *name = "?";

		cuFuncGetName(&name, fs[k]);
		printf("%s\tenumerated\t%s\n", argv[1], name);
	}
	for (int i = 2; i < argc; i++) {
		CUfunction f;
		int regs = -1;

		r = cuModuleGetFunction(&f, mod, argv[i]);
		if (r == CUDA_SUCCESS)
			cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, f);
		printf("%s\tget\t%s\t%s\t%d\n", argv[1], argv[i], error_name(r), regs);
	}
	free(fs);
	cuModuleUnload(mod);
	return 0;
}
