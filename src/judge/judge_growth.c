/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "bytes.h"
#include "columns.h"
#include "judge_growth.h"
#include "judge_launch.h"
#include "judge_libs.h"
#include "size.h"
#include "xalloc.h"

/* "2%", "0.5%" is not taken: whole percents; "8MiB", "100000" bytes. */
static int
parse_bytes_rule(const char *num, struct growth_rule *rule, char *err, size_t errsize)
{
	size_t len = strlen(num);
	enum bytes_unit unit;

	memset(rule, 0, sizeof *rule);
	rule->bytes = 1;
	if (len > 1 && num[len - 1] == '%') {
		char digits[32], *end;
		long long v;

		if (len - 1 >= sizeof digits)
			goto bad;
		memcpy(digits, num, len - 1);
		digits[len - 1] = '\0';
		errno = 0;
		v = strtoll(digits, &end, 10);
		if (end == digits || *end != '\0' || errno != 0 || v < 0)
			goto bad;
		rule->percent = 1;
		rule->limit = v;
		return 0;
	}
	if ((rule->limit = bytes_parse(num, BYTES_B, &unit)) >= 0)
		return 0;
bad:
	snprintf(err, errsize, "--max-growth: bytes takes a whole percent (bytes:2%%) or a size "
	    "(bytes:8MiB), not '%s'", num);
	return -1;
}

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
		if (strcmp(name, "bytes") == 0) {
			if (parse_bytes_rule(num, &r->v[r->n], err, errsize) < 0)
				return -1;
			r->n++;
			p += n;
			if (*p == ',')
				p++;
			continue;
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

/* One entry's figure, and where it was seen: reduced to the maximum of an
 * instantiation (mangled name, sm) or of a kernel (collapsed name, sm). */
struct peak {
	const char	*mangled;
	const char	*collapsed;
	const char	*arch;
	const char	*name;		/* the instantiation with the maximum */
	const char	*library;
	int32_t		 value;
};

/* By instantiation. */
static int
inst_cmp(const void *a, const void *b)
{
	const struct peak *x = a, *y = b;
	int c = strcmp(x->mangled, y->mangled);

	return c ? c : arch_cmp(x->arch, y->arch);
}

/* By kernel. */
static int
kernel_cmp(const void *a, const void *b)
{
	const struct peak *x = a, *y = b;
	int c = strcmp(x->collapsed, y->collapsed);

	return c ? c : arch_cmp(x->arch, y->arch);
}

/* Maxima of one column per key of cmp, sorted by it (sm in arch order),
 * entries only. */
static struct peak *
peaks(const struct model *m, const struct column *col,
    int (*cmp)(const void *, const void *), size_t *np)
{
	struct peak *v = xcalloc(m->nfuncs ? m->nfuncs : 1, sizeof *v);
	size_t n = 0, out = 0;

	for (size_t i = 0; i < m->nfuncs; i++) {
		const struct func_rec *f = &m->funcs[i];
		const struct image_rec *img = &m->images[f->image];

		if (f->kind != FUNC_ENTRY)
			continue;
		v[n++] = (struct peak){ f->mangled, f->collapsed, img->arch, f->name,
		    img->member[0] ? img->member : img->library, column_value(col, f) };
	}
	qsort(v, n, sizeof *v, cmp);
	for (size_t i = 0; i < n; i++) {
		if (out > 0 && cmp(&v[out - 1], &v[i]) == 0) {
			if (v[i].value > v[out - 1].value)
				v[out - 1] = v[i];
			continue;
		}
		v[out++] = v[i];
	}
	*np = out;
	return v;
}

/* The kernel's (collapsed, sm) peak in v (by kernel_cmp), NULL when none. */
static const struct peak *
peak_find(const struct peak *v, size_t n, const char *collapsed, const char *arch)
{
	struct peak key = { NULL, collapsed, arch, NULL, NULL, 0 };

	return bsearch(&key, v, n, sizeof *v, kernel_cmp);
}

/* The unit a column's growth is judged in: bytes, else its own count
 * ("registers" for REG). */
static const char *
growth_unit(const struct column *col)
{
	if (col->unit[0] == 'B')
		return "bytes";
	return strcmp(col->name, "reg") == 0 ? "registers" : col->name;
}

/*
 * One column's growth, instantiation by instantiation: each against its own
 * figure in the baseline.  An instantiation the baseline has not is judged
 * against its kernel's largest there, named with the instantiation that
 * held it; a kernel new in this build is not judged.
 */
static void
judge_column(const struct model *now, const struct model *base, const struct growth_rule *rule,
    struct verdict *v)
{
	const struct column *col = rule->column;
	size_t nn, nb, np, j = 0;
	struct peak *in = peaks(now, col, inst_cmp, &nn), *ib = peaks(base, col, inst_cmp, &nb);
	struct peak *pb = peaks(base, col, kernel_cmp, &np);

	for (size_t i = 0; i < nn; i++) {
		const struct peak *k;
		long long grew;
		int c = 1;

		while (j < nb && (c = inst_cmp(&ib[j], &in[i])) < 0)
			j++;
		if (in[i].value < 0)
			continue;	/* unknown: not judged */
		if (j < nb && c == 0) {
			if (ib[j].value < 0)
				continue;
			grew = (long long)in[i].value - ib[j].value;
			if (grew > rule->limit) {
				judge_add(v, FINDING_VIOLATION,
				    "VIOLATION %s %s: %s %d, was %d (+%lld, over --max-growth=%s:%lld) [%s]",
				    in[i].name, in[i].arch, col->title, in[i].value, ib[j].value, grew,
				    col->name, rule->limit, in[i].library);
				judge_figures(v, (double)grew, (double)rule->limit, growth_unit(col));
			}
			continue;
		}
		if ((k = peak_find(pb, np, in[i].collapsed, in[i].arch)) == NULL || k->value < 0)
			continue;	/* a kernel new in this build */
		grew = (long long)in[i].value - k->value;
		if (grew > rule->limit) {
			judge_add(v, FINDING_VIOLATION,
			    "VIOLATION %s %s: %s %d, a new instantiation; %s's largest was %d, %s's "
			    "(+%lld, over --max-growth=%s:%lld) [%s]",
			    in[i].name, in[i].arch, col->title, in[i].value, in[i].collapsed, k->value,
			    k->name, grew, col->name, rule->limit, in[i].library);
			judge_figures(v, (double)grew, (double)rule->limit, growth_unit(col));
		}
	}
	free(in);
	free(ib);
	free(pb);
}

/* Whether a library's or an arch's growth passes the rule. */
static int
bytes_over(const struct growth_rule *rule, const struct size_growth *g)
{
	int64_t grew = size_growth_bytes(g);

	if (grew <= 0)
		return 0;
	if (!rule->percent)
		return grew > rule->limit;
	if (g->before <= 0)
		return 1;	/* new: any growth is past a percent of nothing */
	return (double)grew * 100.0 > (double)rule->limit * (double)g->before;
}

static void
judge_bytes(const struct model *now, const struct model *base, const struct growth_rule *rule,
    struct verdict *v)
{
	size_t n;
	struct size_growth *g = size_growth(now, base, &n);

	for (size_t i = 0; i < n; i++) {
		char was[32];

		if (g[i].level == GROW_KERNEL || !bytes_over(rule, &g[i]))
			continue;
		if (g[i].before > 0)
			snprintf(was, sizeof was, "%.2f%%", 100.0 * (double)size_growth_bytes(&g[i]) /
			    (double)g[i].before);
		else
			snprintf(was, sizeof was, "new");
		judge_add(v, FINDING_VIOLATION,
		    "VIOLATION %s%s%s: %lld bytes, was %lld (+%lld, %s; over --max-growth=bytes:%lld%s) [%s %s]",
		    g[i].library, g[i].arch[0] ? " " : "", g[i].arch, (long long)g[i].after,
		    (long long)(g[i].before > 0 ? g[i].before : 0), (long long)size_growth_bytes(&g[i]),
		    was, rule->limit, rule->percent ? "%" : "", g[i].stored ? "stored" : "code",
		    size_growth_level_names[g[i].level]);
		if (rule->percent)
			judge_figures(v, g[i].before > 0 ? 100.0 * (double)size_growth_bytes(&g[i]) /
			    (double)g[i].before : NAN, (double)rule->limit, "percent");
		else
			judge_figures(v, (double)size_growth_bytes(&g[i]), (double)rule->limit, "bytes");
	}
	free(g);
}

void
judge_growth(const struct model *now, const struct model *base,
    const struct growth_rules *r, struct verdict *v)
{
	for (size_t k = 0; k < r->n; k++) {
		if (r->v[k].occupancy) {
			judge_occupancy_growth(now, base, r->v[k].limit, v);
			continue;
		}
		if (r->v[k].bytes) {
			judge_bytes(now, base, &r->v[k], v);
			continue;
		}
		judge_column(now, base, &r->v[k], v);
	}
}
