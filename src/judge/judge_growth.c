#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "columns.h"
#include "judge_growth.h"
#include "judge_launch.h"
#include "judge_libs.h"
#include "xalloc.h"

int
growth_parse(const char *text, struct growth_rules *r, char *err, size_t errsize)
{
	const char *p = text;

	memset(r, 0, sizeof *r);
	while (*p) {
		size_t n = strcspn(p, ",");
		char item[64], *colon, *end;
		const char *name = "stack", *num;
		long long v;

		if (n == 0 || n >= sizeof item || r->n == GROWTH_RULES_MAX) {
			snprintf(err, errsize, "--max-growth: cannot read '%s'", text);
			return -1;
		}
		memcpy(item, p, n);
		item[n] = '\0';
		num = item;
		if ((colon = strchr(item, ':')) != NULL) {
			*colon = '\0';
			name = item;
			num = colon + 1;
		}
		errno = 0;
		v = strtoll(num, &end, 10);
		if (end == num || *end != '\0' || errno != 0 || v < 0) {
			snprintf(err, errsize, "--max-growth: '%s' is not a whole number of 0 or more", num);
			return -1;
		}
		r->v[r->n].column = column_find(name);
		r->v[r->n].occupancy = strcmp(name, "occupancy") == 0;
		if (r->v[r->n].column == NULL && !r->v[r->n].occupancy) {
			snprintf(err, errsize, "--max-growth: no column '%s' (reg, stack, shared, local, spill_stores, ..., occupancy)",
			    name);
			return -1;
		}
		r->v[r->n++].limit = v;
		p += n;
		if (*p == ',')
			p++;
	}
	if (r->n == 0) {
		snprintf(err, errsize, "--max-growth: no rule given");
		return -1;
	}
	return 0;
}

/* One (collapsed name, sm) and its maxima, with where the maximum was seen. */
struct peak {
	const char	*collapsed;
	const char	*arch;
	const char	*name;		/* the instantiation with the maximum */
	const char	*library;
	int32_t		 value;
};

static int
peak_cmp(const void *a, const void *b)
{
	const struct peak *x = a, *y = b;
	int c = strcmp(x->collapsed, y->collapsed);

	return c ? c : arch_cmp(x->arch, y->arch);
}

/* Maxima of one column per (collapsed, sm), sorted (sm in arch order), entries only. */
static struct peak *
peaks(const struct model *m, const struct column *col, size_t *np)
{
	struct peak *v = xcalloc(m->nfuncs ? m->nfuncs : 1, sizeof *v);
	size_t n = 0, out = 0;

	for (size_t i = 0; i < m->nfuncs; i++) {
		const struct func_rec *f = &m->funcs[i];

		if (f->kind != FUNC_ENTRY)
			continue;
		v[n].collapsed = f->collapsed;
		v[n].arch = m->images[f->image].arch;
		v[n].name = f->name;
		v[n].library = m->images[f->image].member[0] ? m->images[f->image].member
		    : m->images[f->image].library;
		v[n].value = column_value(col, f);
		n++;
	}
	qsort(v, n, sizeof *v, peak_cmp);
	for (size_t i = 0; i < n; i++) {
		if (out > 0 && peak_cmp(&v[out - 1], &v[i]) == 0) {
			if (v[i].value > v[out - 1].value)
				v[out - 1] = v[i];
			continue;
		}
		v[out++] = v[i];
	}
	*np = out;
	return v;
}

void
judge_growth(const struct model *now, const struct model *base,
    const struct growth_rules *r, struct verdict *v)
{
	for (size_t k = 0; k < r->n; k++) {
		const struct column *col = r->v[k].column;
		size_t nn, nb, j = 0;
		struct peak *pn, *pb;

		if (r->v[k].occupancy) {
			judge_occupancy_growth(now, base, r->v[k].limit, v);
			continue;
		}
		pn = peaks(now, col, &nn);
		pb = peaks(base, col, &nb);

		for (size_t i = 0; i < nn; i++) {
			long long grew;
			int c = 1;

			while (j < nb && (c = peak_cmp(&pb[j], &pn[i])) < 0)
				j++;
			if (j >= nb || c != 0 || pn[i].value < 0 || pb[j].value < 0)
				continue;	/* new, or unknown on one side: not judged */
			grew = (long long)pn[i].value - pb[j].value;
			if (grew > r->v[k].limit)
				judge_add(v, FINDING_VIOLATION,
				    "VIOLATION %s %s: %s %d, was %d (+%lld, over --max-growth=%s:%lld) [%s]",
				    pn[i].name, pn[i].arch, col->title, pn[i].value, pb[j].value, grew,
				    col->name, r->v[k].limit, pn[i].library);
		}
		free(pn);
		free(pb);
	}
}
