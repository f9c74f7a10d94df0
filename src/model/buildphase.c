/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buildphase.h"
#include "order.h"
#include "xalloc.h"

/*
 * The steps nvcc names after the host compiler it runs, "HOST (STEP)":
 * nvcc 12 writes "gcc (preprocessing 1)", nvcc 13 "g++ (preprocessing 1)"
 * (data/logs/h200), cl.exe on Windows; the name follows -ccbin.
 */
static const char *const host_steps[] = {
	"preprocessing 1", "preprocessing 4", "preprocessing", "compiling", "linking",
};

/*
 * The phases nvcc runs once per target (nvcc 13 --time, measured on
 * data/logs/ggml-j2x2: two rows of each for two arches).  cudafe++ and
 * the host compile carry an arch too, but run once.
 */
static const char *const per_arch_phases[] = {
	"cicc", "ptxas", "nvvm",
};
#define PER_ARCH_HOST_STEP "preprocessing 1"

const char *
buildphase_host_step(const char *name)
{
	const char *open = strrchr(name, '(');
	size_t n;

	/* a host compiler's name: no blank, no parenthesis, then " (" */
	if (open == NULL || open < name + 2 || open[-1] != ' ' ||
	    strcspn(name, " ()") != (size_t)(open - 1 - name))
		return NULL;
	n = strlen(open + 1);
	if (n == 0 || open[n] != ')')
		return NULL;
	for (size_t i = 0; i < sizeof host_steps / sizeof host_steps[0]; i++)
		if (strlen(host_steps[i]) == n - 1 && strncmp(open + 1, host_steps[i], n - 1) == 0)
			return host_steps[i];
	return NULL;
}

int
buildphase_per_arch(const struct build_phase *p)
{
	const char *step;

	if (p->arch == NULL || *p->arch == '\0')
		return 0;
	if ((step = buildphase_host_step(p->name)) != NULL)
		return strcmp(step, PER_ARCH_HOST_STEP) == 0;
	for (size_t i = 0; i < sizeof per_arch_phases / sizeof per_arch_phases[0]; i++)
		if (strcmp(p->name, per_arch_phases[i]) == 0)
			return 1;
	return 0;
}

/* The arch number of "sm_80" or "compute_80": 80; -1 none. */
static int
arch_number(const char *a)
{
	const char *u = strchr(a, '_');

	return u != NULL ? atoi(u + 1) : -1;
}

int
buildphase_arch_split(const struct build_module *b, double *per_arch_ms, double *once_ms)
{
	int seen[64], n = 0;

	*per_arch_ms = *once_ms = 0;
	for (size_t i = 0; i < b->nphases; i++) {
		const struct build_phase *p = &b->phases[i];
		int k, a;

		if (!buildphase_per_arch(p)) {
			if (strcmp(p->name, "nvcc (driver)") != 0)
				*once_ms += p->ms;
			continue;
		}
		*per_arch_ms += p->ms;
		a = arch_number(p->arch);
		for (k = 0; k < n && seen[k] != a; k++)
			;
		if (k == n && n < (int)(sizeof seen / sizeof seen[0]))
			seen[n++] = a;
	}
	return n;
}

struct phase_ref {
	const char	*name, *arch;
	size_t		 module;
	double		 ms;
};

/* Same phase and arch. */
static int
ref_key_cmp(const struct phase_ref *x, const struct phase_ref *y)
{
	int c = strcmp(x->name, y->name);

	return c != 0 ? c : strcmp(x->arch, y->arch);
}

static int
ref_cmp(const void *a, const void *b)
{
	const struct phase_ref *x = a, *y = b;

	return order_then(ref_key_cmp(x, y), order_u64(x->module, y->module));
}

static int
total_cmp(const void *a, const void *b)
{
	const struct phase_total *x = a, *y = b;
	int c = order_f64(y->ms, x->ms);

	if (c != 0)
		return c;
	c = strcmp(x->name, y->name);
	return c != 0 ? c : strcmp(x->arch, y->arch);
}

size_t
buildphase_totals(const struct model *m, struct phase_total **out)
{
	struct phase_ref *r = NULL;
	struct phase_total *t = NULL;
	size_t n = 0, cap = 0, nt = 0, tcap = 0;

	for (size_t i = 0; i < m->nmodules; i++)
		for (size_t k = 0; k < m->modules[i].nphases; k++) {
			const struct build_phase *p = &m->modules[i].phases[k];

			xgrow((void **)&r, &cap, n + 1, sizeof *r);
			r[n++] = (struct phase_ref){ p->name, p->arch ? p->arch : "", i, p->ms };
		}
	if (n > 1)
		qsort(r, n, sizeof *r, ref_cmp);
	for (size_t i = 0; i < n; i++) {
		struct phase_total *e;

		if (nt == 0 || ref_key_cmp(&r[i], &r[i - 1]) != 0) {
			xgrow((void **)&t, &tcap, nt + 1, sizeof *t);
			t[nt++] = (struct phase_total){ r[i].name, r[i].arch, 0, 0, -1, 0 };
		}
		e = &t[nt - 1];
		/* a module counts once per phase and arch, however many rows */
		if (i == 0 || ref_key_cmp(&r[i], &r[i - 1]) != 0 || r[i].module != r[i - 1].module)
			e->compiles++;
		e->ms += r[i].ms;
		if (r[i].ms > e->max_ms) {
			e->max_ms = r[i].ms;
			e->max_module = r[i].module;
		}
	}
	free(r);
	if (nt > 1)
		qsort(t, nt, sizeof *t, total_cmp);
	*out = t;
	return nt;
}
