/* SPDX-License-Identifier: MIT */
/*
 * --pool-file=FORMAT:FILE: --jobs=auto's answer as a file a build system
 * takes (jobsadvice.h computes it):
 *   ninja  a file to include from build.ninja: pool heavy, its depth, the
 *          -j to run, and the outputs whose edges take pool = heavy;
 *   cmake  a file to include() after the targets: JOB_POOLS heavy=DEPTH
 *          and JOB_POOL_COMPILE heavy on the targets that compile the
 *          heaviest modules (TARGET from CMakeFiles/TARGET.dir/ in their
 *          object paths);
 *   env    shell assignments for setup.py builds: MAX_JOBS (PyTorch's
 *          cpp_extension, flash-attention), NVCC_THREADS where spillway
 *          record saw --threads.
 * Names from logs go into comments only, escaped (escape.h): no byte of
 * one ends a comment; a CMake target name is written only when it is one.
 */
#ifndef SPILLWAY_POOLFILE_H
#define SPILLWAY_POOLFILE_H

#include <stddef.h>
#include <stdio.h>

#include "bytes.h"
#include "jobsadvice.h"
#include "model.h"

enum poolfile_format { POOLFILE_NINJA, POOLFILE_CMAKE, POOLFILE_ENV };

/* The formats' words, NULL past the last (--help, the shells). */
const char *poolfile_format_name(size_t i);
/* The format a word names, or -1. */
int	poolfile_format_of(const char *word, size_t len);

/* The answer's host, as the files' first lines name it. */
struct poolfile_host {
	int64_t		 bytes;
	enum bytes_unit	 unit;
	int		 machine;	/* JOBSADVICE_MACHINE_* bits */
};

/* Writes the file of format for the advice a over m.  Returns 0, or -1
 * when the advice has no -j (one compile alone is over the memory):
 * nothing is written then. */
int	poolfile_write(FILE *, enum poolfile_format, const struct model *, const struct jobsadvice *,
	    const struct poolfile_host *);

/* The target of a CMake object path (DIR/CMakeFiles/TARGET.dir/SRC.o),
 * into buf; 0, or -1 when name is no such path or TARGET is not a name
 * CMake takes ([A-Za-z0-9_.+-]). */
int	poolfile_cmake_target(const char *name, char *buf, size_t size);

#endif
