/* SPDX-License-Identifier: MIT */
/* Occupancy: per collapsed kernel and sm, its lowest-occupancy instantiation,
 * when that is below full occupancy; lowest first. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "columns.h"
#include "occupancy.h"
#include "sections.h"
#include "xalloc.h"

struct occrow {
	size_t			 group;
	int			 have;
	int			 amd;		/* an AMD GPU's: waves per SIMD */
	int32_t			 reg, shared, bound;
	struct occupancy	 occ;
};

static const struct kgroup_set *find_set;

/* After kernel, library and sm: Markdown and HTML join the launch figures
 * into two cells, so that the table fits a pull request's width; CSV keeps
 * a column each. */
static const struct section_col occupancy_cols[] = {
	SECTION_COL(COL_REG, RC_NUM),
	SECTION_COL(COL_SHARED, RC_NUM),
	SECTION_OWN("threads", RC_NUM | RC_MD_ONLY),
	SECTION_OWN("occupancy", RC_NUM | RC_MD_ONLY),
	SECTION_OWN("threads", RC_NUM | RC_CSV_ONLY),
	/* cppcheck-suppress badBitmaskCheck ; RC_TEXT is 0, named for the reader */
	SECTION_OWN("block size from", RC_TEXT | RC_CSV_ONLY),
	SECTION_OWN("blocks/SM", RC_NUM | RC_CSV_ONLY),
	SECTION_OWN("warps/SM", RC_NUM | RC_CSV_ONLY),
	SECTION_OWN("occupancy", RC_NUM | RC_CSV_ONLY),
	SECTION_OWN("limited by", RC_TEXT),
};

static int
group_cmp(const void *key, const void *elem)
{
	return kgroup_key_cmp(key, elem);
}

static int
row_cmp(const void *pa, const void *pb)
{
	const struct occrow *a = pa, *b = pb;
	int64_t x = (int64_t)a->occ.warps * b->occ.max_warps;
	int64_t y = (int64_t)b->occ.warps * a->occ.max_warps;

	if (x != y)
		return x < y ? -1 : 1;
	return a->group < b->group ? -1 : a->group > b->group;
}

void
section_occupancy(struct rdoc *d, const struct section_input *in)
{
	const struct model *m = in->model;
	const struct kgroup_set *s = section_groups(in);
	struct occrow *rows = xcalloc(s->n + 1, sizeof *rows);
	size_t n = 0;
	struct rtable *t;
	char buf[96];

	find_set = s;
	for (size_t i = 0; i < s->n; i++)
		rows[i].group = i;
	for (size_t i = 0; i < m->nfuncs; i++) {
		const struct func_rec *f = &m->funcs[i];
		const struct image_rec *img = &m->images[f->image];
		struct kgroup key;
		const struct kgroup *g;
		struct occupancy o;
		struct occrow *r;

		if (!occupancy_of_entry(f, img, &o))
			continue;
		memset(&key, 0, sizeof key);
		key.library = img->library + s->prefix;
		key.collapsed = f->collapsed;
		key.arch = img->arch;
		/* No group at all: s->v may be NULL, which bsearch's base must
		 * not be even for 0 items. */
		g = s->n > 0 ? bsearch(&key, s->v, s->n, sizeof *s->v, group_cmp) : NULL;
		if (g == NULL)
			continue;
		r = &rows[g - s->v];
		if (!r->have || (int64_t)o.warps * r->occ.max_warps <
		    (int64_t)r->occ.warps * o.max_warps) {
			r->have = 1;
			r->reg = f->reg;
			r->shared = f->shared;
			r->amd = arch_is_amdgpu(img->arch);
			r->bound = f->max_threads > 0;
			r->occ = o;
		}
	}
	for (size_t i = 0; i < s->n; i++)
		if (rows[i].have && rows[i].occ.warps < rows[i].occ.max_warps)
			rows[n++] = rows[i];
	if (n == 0) {
		free(rows);
		return;
	}
	qsort(rows, n, sizeof *rows, row_cmp);
	section_heading(d, in);
	rdoc_para(d, in->section->name, "Theoretical occupancy from registers, static shared "
	    "memory and the launch bound on threads per block (where none is recorded, "
	    "the best block size from 64 to 1024); per kernel and sm, the instantiation "
	    "with the lowest. Dynamic shared memory and named barriers are not in the "
	    "binary and are not counted. Only what runs below full occupancy, lowest "
	    "first. On AMD GPUs, waves per SIMD from VGPRs, SGPRs, LDS and "
	    "workgroups per CU, as LLVM's AMDGPU backend counts them, at the best "
	    "workgroup size up to the kernel's max flat workgroup size (the "
	    "blocks/SM column holds workgroups per CU, warps/SM waves per SIMD).");
	t = rdoc_table(d, in->section->name);
	section_kernel_cols(t);
	section_cols(t, occupancy_cols, SECTION_NCOLS(occupancy_cols));
	for (size_t i = 0; i < n; i++) {
		const struct occrow *r = &rows[i];
		const struct kgroup *g = &s->v[r->group];

		const char *from = r->amd ? "best up to max flat" :
		    r->bound ? "launch bound" : "best of 64-1024";
		double pct = 100.0 * r->occ.warps / r->occ.max_warps;

		section_kernel_cells(t, in, g);
		rtable_num(t, r->reg);
		rtable_num(t, r->shared);
		rtable_cell(t, "%d (%s)", r->occ.threads, from);
		if (r->amd)
			rtable_cell(t, "%.1f%% (%d/%d waves/SIMD, %d %s/CU)", pct,
			    r->occ.warps, r->occ.max_warps, r->occ.blocks,
			    r->occ.blocks == 1 ? "workgroup" : "workgroups");
		else
			rtable_cell(t, "%.1f%% (%d/%d warps, %d %s/SM)", pct, r->occ.warps,
			    r->occ.max_warps, r->occ.blocks, r->occ.blocks == 1 ? "block" : "blocks");
		rtable_num(t, r->occ.threads);
		rtable_cell(t, "%s", from);
		rtable_num(t, r->occ.blocks);
		rtable_cell(t, "%d/%d", r->occ.warps, r->occ.max_warps);
		rtable_cell(t, "%.1f%%", pct);
		rtable_cell(t, "%s", occupancy_limit_name(r->occ.limit, buf, sizeof buf));
	}
	free(rows);
}
