/* SPDX-License-Identifier: MIT */
/*
 * What an nvcc command line says about its compile: the output (-o) and
 * the targets it generates (-arch, -code, -gencode).  Used by spillway
 * record and by the GNU time -v reader ("Command being timed").
 */
#ifndef SPILLWAY_NVCCARGS_H
#define SPILLWAY_NVCCARGS_H

/* The -o / --output-file argument, NULL when none. */
const char	*nvccargs_output(int argc, char *const argv[]);

/*
 * The targets as a comma list ("sm_80,sm_90,compute_90"), in order of
 * appearance without repeats; "" when the line names none, or names one
 * spillway cannot resolve (-arch=native, all, all-major).  Allocated.
 */
char		*nvccargs_arches(int argc, char *const argv[]);

/*
 * nvcc's --threads N (also --threads=N, -t N, -t=N): the per-arch
 * compiles it runs at once (0: as many as the CPUs); the last one given
 * counts.  -1 when the line gives none (nvcc's default, one at a time) or
 * gives one that is no count of 0 to NVCCARGS_THREADS_MAX.
 */
#define NVCCARGS_THREADS_MAX	4096
int		 nvccargs_threads(int argc, char *const argv[]);

/* A name for the module when there is no -o: the first input file, else
 * the command's base name. */
const char	*nvccargs_guess_module(int argc, char *const argv[]);

/*
 * The compiler a command line runs: argv[0] when it is one (nvcc, hipcc,
 * a host compiler), else the one a launcher (ccache, sccache, distcc,
 * spillway record) runs; NULL when the command compiles nothing spillway
 * knows (ninja, make, a shell).
 */
const char	*nvccargs_compiler(int argc, char *const argv[]);

/* Splits a command line on blanks (no quoting: "Command being timed"
 * prints none); at most max words, into an allocated array. */
char		**nvccargs_split(const char *line, int *argc, int max);
void		 nvccargs_free(char **argv, int argc);

#endif
