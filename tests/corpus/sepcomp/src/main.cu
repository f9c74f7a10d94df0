// SPDX-License-Identifier: MIT
// The executable: launches every kernel of the static library, so that the
// device link keeps them.
#include <cstdio>
#include "sepcomp.h"

int main(int argc, char **argv)
{
	float *f = nullptr, *g = nullptr;
	double *d = nullptr, *e = nullptr;
	int *i = nullptr, *j = nullptr;

	if (argc > 1) {	/* never run: the binary is what is measured */
		sep::recursive_walk_kernel<float><<<1, 32>>>(f, g, argc);
		sep::recursive_walk_kernel<double><<<1, 32>>>(d, e, argc);
		sep::recursive_count_kernel<<<1, 32>>>(i, j, argc);
		sep::local_buffer_kernel<200><<<1, 32>>>(f, g, argc);
		sep::local_buffer_kernel<64><<<1, 32>>>(f, g, argc);
		sep::chain_kernel<<<1, 32>>>(f, g, argc);
		sep::flat_kernel<<<1, 32>>>(g);
		sep::calls_spiller_kernel<<<1, 32>>>(f, g, argc);
		sep::calls_remote_kernel<<<1, 32>>>(f, g, argc);
		sep::parent_kernel<<<1, 1>>>(g, argc);
		sep::prints_kernel<<<1, 1>>>(argc);
	}
	printf("sepcomp %d\n", argc);
	return 0;
}
