/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvccargs.h"
#include "xalloc.h"

/* The value of option name at argv[*i] ("-o X", "-o=X", "--output-file=X"), or NULL.
 * argv has the callers' type, not the const char *const[] that cppcheck
 * asks for: C passes the one as the other only through a cast. */
static const char *
opt_value(int argc, char *const argv[], int *i, const char *name)	/* cppcheck-suppress constParameter */
{
	const char *a = argv[*i];
	size_t n = strlen(name);

	if (strncmp(a, name, n) != 0)
		return NULL;
	if (a[n] == '=')
		return a + n + 1;
	if (a[n] == '\0' && *i + 1 < argc)
		return argv[++*i];
	return NULL;
}

const char *
nvccargs_output(int argc, char *const argv[])
{
	const char *out = NULL, *v;

	for (int i = 1; i < argc; i++) {
		if ((v = opt_value(argc, argv, &i, "-o")) != NULL ||
		    (v = opt_value(argc, argv, &i, "--output-file")) != NULL)
			out = v;
	}
	return out;
}

int
nvccargs_threads(int argc, char *const argv[])
{
	int threads = -1;

	for (int i = 1; i < argc; i++) {
		const char *v;
		char *end;
		long n;

		if ((v = opt_value(argc, argv, &i, "--threads")) == NULL &&
		    (v = opt_value(argc, argv, &i, "-t")) == NULL)
			continue;
		n = strtol(v, &end, 10);
		threads = *v >= '0' && *v <= '9' && *end == '\0' && n <= NVCCARGS_THREADS_MAX ? (int)n : -1;
	}
	return threads;
}

/*
 * Distinct targets one command may name: nvcc knows a few dozen.  A list
 * past it is given as unknown rather than cut short, and keeps the
 * repeat check (each target against the list) small for a command line
 * of a million arguments.
 */
#define ARCHES_MAX 64

struct alist {
	char	*s;
	size_t	 len, cap, n;
	int	 unresolved;
};

/* sm_NN, compute_NN, lto_NN, spelt as a build log can carry them back
 * (lower case, digits, '_': what the record reader takes). */
static int
is_target(const char *t, size_t n)
{
	if (!((n > 3 && strncmp(t, "sm_", 3) == 0) || (n > 8 && strncmp(t, "compute_", 8) == 0) ||
	    (n > 4 && strncmp(t, "lto_", 4) == 0)))
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!((t[i] >= 'a' && t[i] <= 'z') || (t[i] >= '0' && t[i] <= '9') || t[i] == '_'))
			return 0;
	return 1;
}

static void
alist_add(struct alist *l, const char *t, size_t n)
{
	const char *p = l->s;

	if (n == 0 || n > 32 || l->unresolved)
		return;
	if (!is_target(t, n)) {
		if ((n == 6 && memcmp(t, "native", 6) == 0) || (n == 3 && memcmp(t, "all", 3) == 0) ||
		    (n == 9 && memcmp(t, "all-major", 9) == 0))
			l->unresolved = 1;
		return;
	}
	while (p != NULL && *p) {	/* no repeats */
		size_t k = strcspn(p, ",");
		if (k == n && memcmp(p, t, n) == 0)
			return;
		p += k + (p[k] == ',');
	}
	if (++l->n > ARCHES_MAX) {
		l->unresolved = 1;
		return;
	}
	xgrow((void **)&l->s, &l->cap, l->len + n + 2, 1);
	if (l->len)
		l->s[l->len++] = ',';
	memcpy(l->s + l->len, t, n);
	l->len += n;
	l->s[l->len] = '\0';
}

/* Adds each target of a list such as "[sm_80,compute_80]" or "sm_80". */
static void
alist_add_list(struct alist *l, const char *v)
{
	while (*v) {
		size_t n;

		v += strspn(v, "[]\"', ");
		n = strcspn(v, "[]\"', ");
		alist_add(l, v, n);
		v += n;
	}
}

/* "compute_90a" for "sm_90a". */
static void
alist_add_virtual(struct alist *l, const char *sm)
{
	char buf[40];

	if (strncmp(sm, "sm_", 3) != 0 || strlen(sm) > 30)
		return;
	snprintf(buf, sizeof buf, "compute_%s", sm + 3);
	alist_add(l, buf, strlen(buf));
}

char *
nvccargs_arches(int argc, char *const argv[])
{
	struct alist l = { 0 };
	const char *arch = NULL, *code = NULL, *v;
	int cubin = 0, ptx = 0;
	char *out;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (strcmp(a, "-cubin") == 0 || strcmp(a, "--cubin") == 0)
			cubin = 1;
		else if (strcmp(a, "-ptx") == 0 || strcmp(a, "--ptx") == 0)
			ptx = 1;
		else if ((v = opt_value(argc, argv, &i, "-gencode")) != NULL ||
		    (v = opt_value(argc, argv, &i, "--generate-code")) != NULL) {
			const char *c = strstr(v, "code=");
			/* "arch=compute_80,code=sm_80": the code list, else the arch. */
			while (c != NULL && c > v && c[-1] != ',' && c[-1] != '"')
				c = strstr(c + 1, "code=");
			if (c != NULL)
				alist_add_list(&l, c + 5);
			else if (strncmp(v, "arch=", 5) == 0)
				alist_add_list(&l, v + 5);
		} else if ((v = opt_value(argc, argv, &i, "-arch")) != NULL ||
		    (v = opt_value(argc, argv, &i, "--gpu-architecture")) != NULL)
			arch = v;
		else if ((v = opt_value(argc, argv, &i, "-code")) != NULL ||
		    (v = opt_value(argc, argv, &i, "--gpu-code")) != NULL)
			code = v;
	}
	if (code != NULL)
		alist_add_list(&l, code);
	else if (arch != NULL) {
		/* -arch=sm_80 alone is -gencode arch=compute_80,code=[sm_80,compute_80]. */
		char *copy = xstrdup(arch), *save = NULL;
		for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
			alist_add(&l, t, strlen(t));
			alist_add_virtual(&l, t);
		}
		free(copy);
	}
	if (l.unresolved || l.s == NULL) {
		free(l.s);
		return xstrdup("");
	}
	/* A cubin holds no PTX, a .ptx file no SASS. */
	if (cubin || ptx) {
		char *copy = l.s, *save = NULL;
		struct alist k = { 0 };
		for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save))
			if ((cubin && strncmp(t, "sm_", 3) == 0) || (ptx && strncmp(t, "compute_", 8) == 0))
				alist_add(&k, t, strlen(t));
		free(l.s);
		l = k;
		if (l.s == NULL)
			return xstrdup("");
	}
	out = l.s;
	return out;
}

const char *
nvccargs_guess_module(int argc, char *const argv[])
{
	static const char *const exts[] = { ".cu", ".cpp", ".cc", ".cxx", ".c", ".o", ".ptx", ".cubin", ".fatbin" };
	const char *base;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *dot = strrchr(a, '.');

		if (a[0] == '-' || dot == NULL)
			continue;
		for (size_t k = 0; k < sizeof exts / sizeof exts[0]; k++)
			if (strcmp(dot, exts[k]) == 0)
				return a;
	}
	if (argc < 1)
		return "-";
	base = strrchr(argv[0], '/');
	return base ? base + 1 : argv[0];
}

/*
 * The commands that compile, by base name (a name may carry a version
 * after a '-': g++-12, clang++-17), and the launchers that run one: their
 * own options come first, then the command they wrap.
 */
static const char *const compilers[] = {
	"nvcc", "hipcc", "gcc", "g++", "cc", "c++", "clang", "clang++",
};
static const char *const launchers[] = {
	"ccache", "sccache", "distcc", "spillway",
};
/* Launchers wrapping launchers past this are not looked into. */
#define LAUNCH_DEPTH_MAX 4

static int
named(const char *word, const char *const *names, size_t n)
{
	const char *base = strrchr(word, '/');

	base = base ? base + 1 : word;
	for (size_t i = 0; i < n; i++) {
		size_t k = strlen(names[i]);

		if (strncmp(base, names[i], k) == 0 && (base[k] == '\0' || base[k] == '-'))
			return 1;
	}
	return 0;
}

const char *
nvccargs_compiler(int argc, char *const argv[])
{
	int i = 0;

	for (int depth = 0; i < argc && depth <= LAUNCH_DEPTH_MAX; depth++) {
		if (named(argv[i], compilers, sizeof compilers / sizeof compilers[0]))
			return argv[i];
		if (!named(argv[i], launchers, sizeof launchers / sizeof launchers[0]))
			return NULL;
		/* the launcher's own words: up to "--" where there is one, else
		 * its options and "record" */
		int dash = i + 1;

		while (dash < argc && strcmp(argv[dash], "--") != 0)
			dash++;
		if (dash < argc)
			i = dash + 1;
		else
			for (i++; i < argc && (argv[i][0] == '-' || strcmp(argv[i], "record") == 0); i++)
				;
	}
	return NULL;
}

char **
nvccargs_split(const char *line, int *argc, int max)
{
	char **v = xcalloc((size_t)max + 1, sizeof *v);
	int n = 0;

	while (*line && n < max) {
		size_t k;

		line += strspn(line, " \t");
		k = strcspn(line, " \t");
		if (k == 0)
			break;
		v[n++] = xstrndup(line, k);
		line += k;
	}
	*argc = n;
	return v;
}

void
nvccargs_free(char **argv, int argc)
{
	for (int i = 0; i < argc; i++)
		free(argv[i]);
	free(argv);
}
