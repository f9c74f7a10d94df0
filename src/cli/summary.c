/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "escape.h"
#include "judge_libs.h"
#include "kgroup.h"
#include "summary.h"
#include "xalloc.h"

/* The SASS arches a library has an entry on, in arch order (arch.h) as
 * every face lists them; its counts are kgroup_count's. */
struct lib_sum {
	char		**arches;
	size_t		 narches, caparches;
};


static void
add_arch(struct lib_sum *l, const char *arch)
{
	for (size_t i = 0; i < l->narches; i++)
		if (strcmp(l->arches[i], arch) == 0)
			return;
	xgrow((void **)&l->arches, &l->caparches, l->narches + 1, sizeof *l->arches);
	l->arches[l->narches++] = xstrdup(arch);
}

void
summary_write(FILE *f, const struct model *m)
{
	struct kcount_set counts;
	struct lib_sum *ls;

	kgroup_count(&counts, m, NULL);
	ls = xcalloc(counts.n + 1, sizeof *ls);
	for (size_t i = 0; i < m->nfuncs; i++) {
		const struct func_rec *fn = &m->funcs[i];
		const struct image_rec *img = &m->images[fn->image];

		if (fn->kind == FUNC_ENTRY && img->kind == IMAGE_SASS)
			add_arch(&ls[counts.image_lib[fn->image]], img->arch);
	}
	for (size_t i = 0; i < counts.n; i++) {
		struct lib_sum *l = &ls[i];
		int copies_only = kcount_all_copies(&counts.v[i]);
		const struct kcount *c = copies_only ? &counts.v[i].copies : &counts.v[i].gated;
		char copies[1024];

		if (l->narches > 1)
			qsort(l->arches, l->narches, sizeof *l->arches, arch_qsort_cmp);
		escape_fputs(counts.v[i].library, f);
		fprintf(f, ": %zu %s (%zu %s) on ", c->kernels,
		    judge_plural(c->kernels, "kernel", "kernels"), c->instantiations,
		    judge_plural(c->instantiations, "instantiation", "instantiations"));
		if (l->narches == 0)
			fputs("no SASS arch", f);
		for (size_t k = 0; k < l->narches; k++) {
			fputs(k ? ", " : "", f);
			escape_fputs(l->arches[k], f);
		}
		kcount_copies_words(&counts.v[i], copies, sizeof copies);
		if (copies_only) {
			fputs(": ", f);
			escape_fputs(copies, f);
			fputc('\n', f);
		} else {
			fprintf(f, " (%zu %s), %zu %s stack / local memory%s", c->entries,
			    judge_plural(c->entries, "entry", "entries"), c->framed,
			    judge_plural(c->framed, "uses", "use"), copies[0] != '\0' ? "; " : "");
			escape_fputs(copies, f);
			fputc('\n', f);
		}
		for (size_t k = 0; k < l->narches; k++)
			free(l->arches[k]);
		free(l->arches);
	}
	free(ls);
	kgroup_count_free(&counts);
}
