#include "config.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "trace.h"
#include "order.h"
#include "xalloc.h"

static void
json_string(FILE *f, const char *s)
{
	putc('"', f);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p < 0x20)
			fprintf(f, "\\u%04x", *p);
		else
			putc(*p, f);
	}
	putc('"', f);
}

struct tick {
	double	 t;
	int64_t	 delta;
};

static int
tick_cmp(const void *a, const void *b)
{
	const struct tick *x = a, *y = b;

	return order_then(order_f64(x->t, y->t), order_i64(x->delta, y->delta));	/* ends first */
}

void
trace_write(FILE *f, const struct model *m, const struct schedule *s)
{
	struct tick *ticks;
	size_t nt = 0;
	int maxslot = -1;
	int64_t cur = 0;

	fputs("{\"traceEvents\":[\n", f);
	fprintf(f, "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":0,\"tid\":0,\"args\":{\"name\":");
	if (s->slots > 0) {
		char buf[64];
		snprintf(buf, sizeof buf, "make -j%d (simulated by spillway)", s->slots);
		json_string(f, buf);
	} else
		json_string(f, s->timebase == TIME_NINJA ? "build (.ninja_log)" : "build (spillway record)");
	fputs("}}", f);
	for (size_t i = 0; i < s->n; i++)
		if (s->jobs[i].slot > maxslot)
			maxslot = s->jobs[i].slot;
	for (int k = 0; k <= maxslot; k++)
		fprintf(f, ",\n{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":0,\"tid\":%d,\"args\":{\"name\":\"slot %d\"}}",
		    k, k + 1);
	ticks = xcalloc(s->n * 2 + 1, sizeof *ticks);
	for (size_t i = 0; i < s->n; i++) {
		const struct sched_job *j = &s->jobs[i];
		const struct build_module *b = &m->modules[j->module];

		fputs(",\n{\"ph\":\"X\",\"cat\":\"compile\",\"name\":", f);
		json_string(f, b->name);
		fprintf(f, ",\"pid\":0,\"tid\":%d,\"ts\":%.0f,\"dur\":%.0f,\"args\":{",
		    j->slot, j->start * 1e6, (j->end - j->start) * 1e6);
		if (b->peak_rss >= 0)
			fprintf(f, "\"peak_kib\":%" PRId64 ",", b->peak_rss / 1024);
		fputs("\"arches\":", f);
		json_string(f, b->arches);
		if (b->exit_status >= 0)
			fprintf(f, ",\"status\":%d", b->exit_status);
		fputs(",\"log\":", f);
		json_string(f, b->source);
		fputs("}}", f);
		if (b->peak_rss > 0) {
			ticks[nt++] = (struct tick){ j->start, b->peak_rss };
			ticks[nt++] = (struct tick){ j->end, -b->peak_rss };
		}
	}
	qsort(ticks, nt, sizeof *ticks, tick_cmp);
	for (size_t i = 0; i < nt; i++) {
		cur += ticks[i].delta;
		if (i + 1 < nt && ticks[i + 1].t == ticks[i].t)
			continue;
		fprintf(f, ",\n{\"ph\":\"C\",\"name\":\"summed peak RSS\",\"pid\":0,\"ts\":%.0f,\"args\":{\"MiB\":%.1f}}",
		    ticks[i].t * 1e6, (double)cur / (1024.0 * 1024.0));
	}
	free(ticks);
	fputs("\n],\"displayTimeUnit\":\"ms\",\"otherData\":{\"producer\":\"" PACKAGE_STRING "\"}}\n", f);
}
