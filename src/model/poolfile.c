/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "poolfile.h"
#include "threadpairs.h"

static const char *const formats[] = {
	[POOLFILE_NINJA] = "ninja",
	[POOLFILE_CMAKE] = "cmake",
	[POOLFILE_ENV] = "env",
};
#define NFORMATS	(sizeof formats / sizeof formats[0])

/* The longest CMake target name written: a longer one is named in a
 * comment only (CMake takes longer, a path of objects seldom holds one). */
#define POOLFILE_TARGET_MAX	256

const char *
poolfile_format_name(size_t i)
{
	return i < NFORMATS ? formats[i] : NULL;
}

int
poolfile_format_of(const char *word, size_t len)
{
	for (size_t i = 0; i < NFORMATS; i++)
		if (strlen(formats[i]) == len && strncmp(word, formats[i], len) == 0)
			return (int)i;
	return -1;
}

int
poolfile_cmake_target(const char *name, char *buf, size_t size)
{
	const char *at = NULL, *end;
	size_t len;

	/* The last CMakeFiles/ that starts the name or follows a slash. */
	for (const char *p = name; (p = strstr(p, "CMakeFiles/")) != NULL; p++)
		if (p == name || p[-1] == '/')
			at = p + strlen("CMakeFiles/");
	if (at == NULL || (end = strstr(at, ".dir/")) == NULL || end == at)
		return -1;
	len = (size_t)(end - at);
	if (len >= size || len > POOLFILE_TARGET_MAX)
		return -1;
	for (size_t i = 0; i < len; i++)
		if (strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.+-", at[i]) == NULL ||
		    at[i] == '\0')
			return -1;
	memcpy(buf, at, len);
	buf[len] = '\0';
	return 0;
}

/* "# " and an escaped name: a comment line in all three formats. */
static void
comment_name(FILE *f, const char *lead, const char *name, int64_t peak)
{
	char w[BYTES_TEXT_MAX];

	fprintf(f, "# %s", lead);
	escape_fputs(name, f);
	fprintf(f, " (%s)\n", bytes_format(peak, w, sizeof w));
}

/* The first lines of every format: what wrote it, for which host. */
static void
header(FILE *f, const struct jobsadvice *a, const struct poolfile_host *h)
{
	char text[JOBSADVICE_TEXT_MAX];

	fprintf(f, "# Written by %s --jobs=auto from %d recorded peak%s:\n", PACKAGE_STRING, a->peaks_known,
	    a->peaks_known == 1 ? "" : "s");
	fprintf(f, "# %s\n", jobsadvice_answer(a, h->bytes, h->unit, h->machine, text, sizeof text));
}

/* The -j to run: the pool's where one is advised. */
static int
run_jobs(const struct jobsadvice *a)
{
	return a->heavy > 0 ? a->pool_jobs : a->enough_jobs;
}

/* nvcc --threads for -jjobs on the cores: of the counts recorded whose
 * -j fits as many jobs, the most whose jobs x threads stay within the
 * cores, else the fewest; 0 when spillway record saw none. */
static int
nvcc_threads(const struct model *m, const struct jobsadvice *a, int jobs)
{
	struct threadpairs tp;
	int best = 0;

	threadpairs_compute(m, a->fit, JOBSADVICE_JOBS_MAX, &tp);
	for (size_t i = 0; i < tp.npairs; i++) {
		const struct threadpair *p = &tp.pairs[i];

		if (p->threads < 1 || p->jobs < jobs)
			continue;
		/* ascending: the smallest that fits first, then the last within the cores */
		if (best == 0 || (a->cores > 0 && (int64_t)p->threads * jobs <= a->cores))
			best = p->threads;
	}
	return best;
}

static void
threads_comment(FILE *f, const struct model *m, const struct jobsadvice *a, int jobs)
{
	int t = nvcc_threads(m, a, jobs);

	if (t > 0)
		fprintf(f, "# nvcc --threads %d (of the counts spillway record saw) with -j%d\n", t, jobs);
}

static void
write_ninja(FILE *f, const struct model *m, const struct jobsadvice *a)
{
	int jobs = run_jobs(a);

	fprintf(f, "# Include it from build.ninja (include FILE) and run ninja -j%d.\n", jobs);
	threads_comment(f, m, a, jobs);
	if (a->heavy > 0) {
		fputs("# Put pool = heavy on the build edges of the outputs named heavy below.\n", f);
		fputs("pool heavy\n  depth = 1\n", f);
		for (size_t i = 0; i < a->heavy; i++)
			comment_name(f, "heavy: ", m->modules[a->heavy_modules[i]].name,
			    m->modules[a->heavy_modules[i]].peak_rss);
	} else {
		fputs("# No pool lets the build run wider: pool heavy is as deep as -j, for the edges\n"
		    "# that name it already.\n", f);
		fprintf(f, "pool heavy\n  depth = %d\n", jobs);
	}
}

static void
write_cmake(FILE *f, const struct model *m, const struct jobsadvice *a)
{
	int jobs = run_jobs(a);
	char t[POOLFILE_TARGET_MAX + 1];

	fprintf(f, "# include() it after the targets are defined; build with cmake --build DIR -j%d\n"
	    "# (or ninja -j%d) under a Ninja generator, which alone takes JOB_POOLS.\n", jobs, jobs);
	threads_comment(f, m, a, jobs);
	fprintf(f, "set_property(GLOBAL APPEND PROPERTY JOB_POOLS heavy=%d)\n", a->heavy > 0 ? 1 : jobs);
	if (a->heavy == 0)
		return;
	fputs("# The targets that compile the heaviest modules (CMakeFiles/TARGET.dir/ of their objects):\n"
	    "# every compile of such a target takes the pool.\n", f);
	for (size_t i = 0; i < a->heavy; i++) {
		const struct build_module *b = &m->modules[a->heavy_modules[i]];
		int seen = 0;

		if (poolfile_cmake_target(b->name, t, sizeof t) < 0) {
			comment_name(f, "no CMake target in its name, left out: ", b->name, b->peak_rss);
			continue;
		}
		/* A target of several heavy modules is named once. */
		for (size_t k = 0; k < i && !seen; k++) {
			char u[POOLFILE_TARGET_MAX + 1];

			seen = poolfile_cmake_target(m->modules[a->heavy_modules[k]].name, u, sizeof u) == 0 &&
			    strcmp(t, u) == 0;
		}
		comment_name(f, "heavy: ", b->name, b->peak_rss);
		if (!seen)
			fprintf(f, "if(TARGET %s)\n  set_property(TARGET %s PROPERTY JOB_POOL_COMPILE heavy)\nendif()\n",
			    t, t);
	}
}

static void
write_env(FILE *f, const struct model *m, const struct jobsadvice *a)
{
	/* setup.py's ninja takes one -j and no pool: the answer without one. */
	int t = nvcc_threads(m, a, a->enough_jobs);

	fputs("# Source it before a setup.py build (pip install, python setup.py): PyTorch's\n"
	    "# cpp_extension and flash-attention take ninja's -j from MAX_JOBS; flash-attention\n"
	    "# nvcc's --threads from NVCC_THREADS.  No pool there: the -j without one.\n", f);
	fprintf(f, "MAX_JOBS=%d\nexport MAX_JOBS\n", a->enough_jobs);
	if (t > 0)
		fprintf(f, "NVCC_THREADS=%d\nexport NVCC_THREADS\n", t);
	else
		fputs("# NVCC_THREADS: spillway record saw no --threads\n", f);
}

int
poolfile_write(FILE *f, enum poolfile_format format, const struct model *m, const struct jobsadvice *a,
    const struct poolfile_host *h)
{
	static void (*const writers[])(FILE *, const struct model *, const struct jobsadvice *) = {
		[POOLFILE_NINJA] = write_ninja,
		[POOLFILE_CMAKE] = write_cmake,
		[POOLFILE_ENV] = write_env,
	};

	if (a->jobs == 0 || (size_t)format >= sizeof writers / sizeof writers[0])
		return -1;
	header(f, a, h);
	writers[format](f, m, a);
	return 0;
}
