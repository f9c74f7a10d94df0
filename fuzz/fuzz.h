/* SPDX-License-Identifier: MIT */
/*
 * The libFuzzer entry point that every fuzz target defines.  The same
 * sources link either with libFuzzer (make fuzz, clang) or with
 * fuzz/replay.c, a main() that feeds them files (make check, any compiler).
 */
#ifndef SPILLWAY_FUZZ_H
#define SPILLWAY_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
