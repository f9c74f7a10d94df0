#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "update.h"
#include "xalloc.h"

static void
change_row(struct allow_table *t, struct allow_row *r, const struct judge_measure *m,
    struct verdict *v, struct update_counts *c)
{
	int looser = r->stack > m->stack || r->local > m->local;

	if (m->stack == 0 && m->local == 0) {
		verdict_add(v, FINDING_NOTICE,
		    "spillway: %s:%zu: stale, removed: %s %s: STACK %ld LOCAL %ld, measured STACK 0 LOCAL 0",
		    t->file, r->line, r->kernel, r->sm, (long)r->stack, (long)r->local);
		r->removed = 1;
		c->removed++;
		return;
	}
	if (r->stack == m->stack && r->local == m->local) {
		c->kept++;
		return;
	}
	verdict_add(v, FINDING_NOTICE,
	    "spillway: %s:%zu: %s %s %s: STACK %ld LOCAL %ld, now STACK %ld LOCAL %ld",
	    t->file, r->line, looser ? "stale, tightened:" : "raised:", r->kernel, r->sm,
	    (long)r->stack, (long)r->local, (long)m->stack, (long)m->local);
	if (looser)
		c->tightened++;
	else
		c->raised++;
	r->stack = m->stack;
	r->local = m->local;
	free(r->text);
	r->text = NULL;
}

void
update_apply(struct allow_table *t, const struct judge_measure *m, size_t n,
    struct verdict *v, struct update_counts *c)
{
	size_t nread = t->nrows;

	memset(c, 0, sizeof *c);
	for (size_t i = 0; i < t->nrows; i++)
		t->rows[i].seen = 0;
	for (size_t i = 0; i < n; i++) {
		struct allow_row *r = allow_find(t, m[i].kernel, m[i].sm);

		if (r != NULL) {
			r->seen = 1;
			change_row(t, r, &m[i], v, c);
		} else if (m[i].stack > 0 || m[i].local > 0) {
			/* m is sorted, so new rows go in kernel, sm order. */
			allow_add(t, m[i].kernel, m[i].sm, m[i].stack, m[i].local, "");
			verdict_add(v, FINDING_NOTICE,
			    "spillway: %s: added %s %s: STACK %ld LOCAL %ld (maximum over %zu entries): write its note",
			    t->file, m[i].kernel, m[i].sm, (long)m[i].stack, (long)m[i].local, m[i].entries);
			t->rows[t->nrows - 1].seen = 1;
			c->added++;
		}
	}
	for (size_t i = 0; i < nread; i++)
		if (!t->rows[i].seen) {
			verdict_add(v, FINDING_NOTICE,
			    "spillway: %s:%zu: kept %s %s: matches no gated kernel in this scan",
			    t->file, t->rows[i].line, t->rows[i].kernel, t->rows[i].sm);
			c->unseen++;
		}
}

int
update_write(const struct allow_table *t, char *err, size_t errlen)
{
	char *tmp = xasprintf("%s.tmp%ld", t->file, (long)getpid());
	FILE *f = fopen(tmp, "w");
	int rc = 0;

	if (f == NULL) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		free(tmp);
		return -1;
	}
	allow_write(t, f);
	if (fflush(f) != 0 || ferror(f)) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		rc = -1;
	}
	if (fclose(f) != 0 && rc == 0) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		rc = -1;
	}
	if (rc == 0 && rename(tmp, t->file) != 0) {
		snprintf(err, errlen, "%s: %s", t->file, strerror(errno));
		rc = -1;
	}
	if (rc != 0)
		unlink(tmp);
	free(tmp);
	return rc;
}
