#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buildview.h"
#include "bytes.h"
#include "text.h"
#include "xalloc.h"

static void
buildview_size(char *buf, size_t size, int64_t b)
{
	if (b < 0)
		snprintf(buf, size, "-");
	else
		bytes_format(b, buf, size);
}

/* The schedule: recorded start and end where known, else the compiles one
 * after another in the order given (what make -j1 would do). */
static void
buildview_schedule(const struct model *m, double *start, double *end)
{
	double t = 0;

	for (size_t i = 0; i < m->nmodules; i++) {
		const struct build_module *b = &m->modules[i];
		double wall = b->wall > 0 ? b->wall : 0;

		if (b->start >= 0 && b->end >= b->start) {
			start[i] = b->start;
			end[i] = b->end;
		} else {
			start[i] = t;
			end[i] = t + wall;
		}
		t = end[i] > t ? end[i] : t;
	}
}

void
buildview_build(struct textbuf *tb, const struct model *m, int width, int64_t budget, int utf8)
{
	double *start, *end, t0 = 0, t1 = 0;
	int namew = 24, barw;
	char *bar;

	if (m->nmodules == 0) {
		tb_add(tb, TB_DIM, "No build logs were read: give spillway the logs of "
		    "'spillway record', ptxas -v, nvcc --time or .ninja_log.");
		return;
	}
	start = xcalloc(m->nmodules, sizeof *start);
	end = xcalloc(m->nmodules, sizeof *end);
	buildview_schedule(m, start, end);
	for (size_t i = 0; i < m->nmodules; i++) {
		int w = text_width(m->modules[i].name);

		if (i == 0 || start[i] < t0)
			t0 = start[i];
		if (i == 0 || end[i] > t1)
			t1 = end[i];
		if (w > namew)
			namew = w;
	}
	if (namew > 40)
		namew = 40;
	barw = width - namew - 28;
	if (barw < 10)
		barw = 10;
	bar = xmalloc((size_t)barw * 4 + 1);
	tb_add(tb, TB_HEADING, "%zu compiles, %.1f s from first start to last end", m->nmodules, t1 - t0);
	tb_add(tb, TB_DIM, "  %-*s %10s %9s  timeline", namew, "module", "peak RSS", "wall");
	for (size_t i = 0; i < m->nmodules; i++) {
		const struct build_module *b = &m->modules[i];
		int64_t beside = 0;
		int overlaps = 0, from, to, cls = TB_NORMAL;
		char rss[BYTES_TEXT_MAX], wall[32], name[256];
		size_t n = 0;

		for (size_t k = 0; k < m->nmodules; k++)
			if (k != i && start[k] < end[i] && start[i] < end[k]) {
				overlaps = 1;
				if (m->modules[k].peak_rss > 0)
					beside += m->modules[k].peak_rss;
			}
		from = t1 > t0 ? (int)((start[i] - t0) / (t1 - t0) * barw) : 0;
		to = t1 > t0 ? (int)((end[i] - t0) / (t1 - t0) * barw + 0.5) : barw;
		if (to <= from)
			to = from + 1;
		if (to > barw)
			to = barw;
		for (int x = 0; x < barw; x++) {
			const char *c = x >= from && x < to ? (utf8 ? "\xe2\x96\x88" : "#") : (utf8 ? "\xc2\xb7" : ".");

			memcpy(bar + n, c, strlen(c));
			n += strlen(c);
		}
		bar[n] = '\0';
		buildview_size(rss, sizeof rss, b->peak_rss);
		if (b->wall >= 0)
			snprintf(wall, sizeof wall, "%.1f s", b->wall);
		else
			snprintf(wall, sizeof wall, "-");
		text_fit(name, sizeof name, b->name, namew, utf8 ? "\xe2\x80\xa6" : "~");
		if (overlaps)
			cls = TB_WARN;
		if (budget >= 0 && b->peak_rss > 0 &&
		    (b->peak_rss > budget || (overlaps && b->peak_rss + beside > budget)))
			cls = TB_BAD;
		tb_add(tb, cls, "  %s%*s %10s %9s  %s", name, namew - text_width(name), "", rss, wall, bar);
	}
	free(bar);
	free(start);
	free(end);
}
