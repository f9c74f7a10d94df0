/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "view_check.h"

/* "sm_80  REG 64 (over --max-regs=30)  spill.o  void k<...>(...)": the
 * reason is the finding's text after "sm_80: ", less the " [object]" the
 * line names already. */
static void
view_check_entry(struct textbuf *tb, int cls, const struct finding *fi, const struct model *m)
{
	const struct func_rec *f = &m->funcs[fi->entry];
	const struct image_rec *img = &m->images[f->image];
	const char *lib = strrchr(img->library, '/') ? strrchr(img->library, '/') + 1 : img->library;
	char key[sizeof img->arch + 2];
	const char *reason, *end;

	snprintf(key, sizeof key, "%s: ", img->arch);
	reason = strstr(fi->text, key);
	if (reason == NULL) {
		tb_add(tb, cls, "  %s", fi->text);
		tb_set_ref(tb, (long)fi->entry);
		return;
	}
	reason += strlen(key);
	end = strrchr(reason, '[');
	if (end == NULL || end == reason)
		end = reason + strlen(reason);
	while (end > reason && end[-1] == ' ')
		end--;
	tb_add(tb, cls, "  %-7s %.*s  %s%s%s%s  %s", img->arch, (int)(end - reason), reason, lib,
	    img->member[0] ? "(" : "", img->member, img->member[0] ? ")" : "", f->name);
	tb_set_ref(tb, (long)fi->entry);
}

void
view_check_text(struct textbuf *tb, const struct verdict *v, const struct model *m)
{
	static const struct {
		int	 level, cls;
		const char *title;
	} order[] = {
		{ FINDING_VIOLATION, TB_BAD, "violations" },
		{ FINDING_NOTICE, TB_WARN, "notices" },
		{ FINDING_NOTHING, TB_DIM, "nothing to judge" },
		{ FINDING_SUMMARY, TB_NORMAL, "counts" },
	};
	size_t nv = verdict_count(v, FINDING_VIOLATION);

	/* The verdict's own counts, in --check's words: nothing counted again. */
	tb_add(tb, nv ? TB_BAD : TB_GOOD,
	    "%s: %zu violation%s, %zu notice%s; %zu entries gated, %zu vendored entries skipped",
	    nv ? "FAIL" : "PASS", nv, nv == 1 ? "" : "s",
	    verdict_count(v, FINDING_NOTICE), verdict_count(v, FINDING_NOTICE) == 1 ? "" : "s",
	    v->gated.entries, v->skipped.entries);
	for (size_t o = 0; o < sizeof order / sizeof order[0]; o++) {
		if (verdict_count(v, order[o].level) == 0)
			continue;
		tb_add(tb, TB_NORMAL, "%s", "");
		tb_add(tb, TB_HEADING, "%s", order[o].title);
		for (size_t i = 0; i < v->n; i++) {
			const struct finding *fi = &v->v[i];

			if (fi->level != order[o].level)
				continue;
			if (fi->entry != FINDING_NO_ENTRY && fi->entry < m->nfuncs)
				view_check_entry(tb, order[o].cls, fi, m);
			else
				tb_add(tb, order[o].cls, "  %s", fi->text);
		}
	}
}
