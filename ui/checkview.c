#include "config.h"

#include "checkview.h"

void
checkview_build(struct textbuf *tb, const struct verdict *v)
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
		for (size_t i = 0; i < v->n; i++)
			if (v->v[i].level == order[o].level)
				tb_add(tb, order[o].cls, "  %s", v->v[i].text);
	}
}
