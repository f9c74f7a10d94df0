#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes many-sections.cu: 22,500 small kernels in one translation unit,
which nvcc 13 makes into a cubin of 67,513 sections, past the 65,280 that
e_shnum can hold (ELF then keeps the count in section 0's sh_size).

    python3 make-many-sections.py > many-sections.cu
    nvcc -cubin -arch=sm_90 -o many-sections.sm_90.cubin many-sections.cu
    xz -9 many-sections.sm_90.cubin
"""
KERNELS = 22500

print("// %d small kernels in one translation unit (make-many-sections.py)" % KERNELS)
for i in range(KERNELS):
    print("__global__ void k%d(int *p) { p[threadIdx.x] = %d; }" % (i, i))
