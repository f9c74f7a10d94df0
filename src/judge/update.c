/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "judge_libs.h"
#include "outfile.h"
#include "update.h"
#include "xalloc.h"

static void
change_row(struct allow_table *t, struct allow_row *r, const struct judge_measure *m,
    struct verdict *v, struct update_counts *c)
{
	int looser = r->stack > m->stack || r->local > m->local;

	if (m->stack == ALLOW_UNBOUNDED && r->stack != ALLOW_UNBOUNDED) {
		judge_add(v, FINDING_NOTICE,
		    "%s:%zu: no allowance holds %s %s: its stack is unbounded (a call chain comes "
		    "back: recursion); to accept it, write stack '%s' and a note saying why",
		    t->file, r->line, r->kernel, r->sm, ALLOW_UNBOUNDED_WORD);
		c->unbounded++;
		return;
	}
	if (m->stack == 0 && m->local == 0) {
		judge_add(v, FINDING_NOTICE,
		    "%s:%zu: stale, removed: %s %s: STACK %ld LOCAL %ld, measured STACK 0 LOCAL 0",
		    t->file, r->line, r->kernel, r->sm, (long)r->stack, (long)r->local);
		r->removed = 1;
		c->removed++;
		return;
	}
	if (r->stack == m->stack && r->local == m->local) {
		c->kept++;
		return;
	}
	judge_add(v, FINDING_NOTICE,
	    "%s:%zu: %s %s %s: STACK %ld LOCAL %ld, now STACK %ld LOCAL %ld",
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

/*
 * Whether the table can hold a row for m: a kernel with a name, on an sm
 * the reader takes (sm gets its written form).  One it cannot hold is a
 * notice; --check then judges the kernel without an allowance.
 */
static int
row_possible(const struct allow_table *t, const struct judge_measure *m, char *sm,
    size_t smlen, struct verdict *v)
{
	const char *why = NULL;

	if (m->kernel[0] == '\0')
		why = "a kernel with no name";
	else if (allow_sm_normalize(m->sm, sm, smlen) < 0)
		why = "an sm the table cannot name";
	if (why == NULL)
		return 1;
	if (frame_used(m->stack, m->local))
		judge_add(v, FINDING_NOTICE,
		    "%s: no row for '%s' on '%s': %s (STACK %ld LOCAL %ld)",
		    t->file, m->kernel, m->sm, why, (long)m->stack, (long)m->local);
	return 0;
}

/* Whether the scan measured any gated entry on sm (a row's written form):
 * a row for an arch that was not built is no row that outlived its kernel. */
static int
sm_built(const struct judge_measure *m, size_t n, const char *sm)
{
	char ms[sizeof ((struct allow_row *)0)->sm];

	for (size_t i = 0; i < n; i++)
		if (allow_sm_normalize(m[i].sm, ms, sizeof ms) == 0 && strcmp(ms, sm) == 0)
			return 1;
	return 0;
}

void
update_apply(struct allow_table *t, const struct judge_measure *m, size_t n, int prune,
    struct verdict *v, struct update_counts *c)
{
	size_t nread = t->nrows;

	memset(c, 0, sizeof *c);
	for (size_t i = 0; i < t->nrows; i++)
		t->rows[i].seen = 0;
	for (size_t i = 0; i < n; i++) {
		char sm[sizeof t->rows[0].sm];
		struct allow_row *r;

		if (!row_possible(t, &m[i], sm, sizeof sm, v))
			continue;
		r = allow_find(t, m[i].kernel, sm);
		if (r != NULL) {
			r->seen = 1;
			change_row(t, r, &m[i], v, c);
		} else if (m[i].stack == ALLOW_UNBOUNDED) {
			judge_add(v, FINDING_NOTICE,
			    "%s: no allowance holds %s %s: its stack is unbounded (a call chain comes "
			    "back: recursion); to accept it, add the row '%s,%s,%s,%ld,<why>'",
			    t->file, m[i].kernel, sm, m[i].kernel, sm, ALLOW_UNBOUNDED_WORD, (long)m[i].local);
			c->unbounded++;
		} else if (frame_used(m[i].stack, m[i].local)) {
			/* m is sorted, so new rows go in kernel, sm order; its
			 * (kernel, sm) are unique (judge_measure merges them), so
			 * no later m[i] looks for a row added here. */
			allow_add(t, m[i].kernel, sm, m[i].stack, m[i].local, "");
			judge_add(v, FINDING_NOTICE,
			    "%s: added %s %s: STACK %ld LOCAL %ld (maximum over %zu entries): write its note",
			    t->file, m[i].kernel, sm, (long)m[i].stack, (long)m[i].local, m[i].entries);
			t->rows[t->nrows - 1].seen = 1;
			c->added++;
		}
	}
	allow_index(t);
	for (size_t i = 0; i < nread; i++) {
		struct allow_row *r = &t->rows[i];

		if (r->seen)
			continue;
		if (!sm_built(m, n, r->sm)) {
			/* --arch or the files given may leave the arch out: kept, even pruning. */
			judge_add(v, FINDING_NOTICE,
			    "%s:%zu: kept %s %s: no %s was built in this scan (an arch left out is no stale row)",
			    t->file, r->line, r->kernel, r->sm, r->sm);
			c->unbuilt++;
		} else if (prune) {
			judge_add(v, FINDING_NOTICE,
			    "%s:%zu: pruned %s %s: matches no gated kernel in this scan",
			    t->file, r->line, r->kernel, r->sm);
			r->removed = 1;
			c->pruned++;
		} else {
			judge_add(v, FINDING_NOTICE,
			    "%s:%zu: kept %s %s: matches no gated kernel in this scan (--prune removes it)",
			    t->file, r->line, r->kernel, r->sm);
			c->unseen++;
		}
	}
}

/* The table as it will be written; NULL with err filled when it would not
 * read back as the same rows (the writer writes only what the reader takes). */
static char *
table_text(const struct allow_table *t, size_t *len, char *err, size_t errlen)
{
	struct allow_table back;
	char *text = NULL, why[512];
	size_t kept = 0;
	FILE *f = open_memstream(&text, len);
	int rc;

	if (f == NULL) {
		snprintf(err, errlen, "%s: %s", t->file, strerror(errno));
		return NULL;
	}
	allow_write(t, f);
	if (fclose(f) != 0) {
		snprintf(err, errlen, "%s: %s", t->file, strerror(errno));
		free(text);
		return NULL;
	}
	for (size_t i = 0; i < t->nrows; i++)
		kept += !t->rows[i].removed;
	rc = allow_parse(&back, t->file, text, *len, why, sizeof why);
	if (rc < 0 || back.nrows != kept) {
		snprintf(err, errlen, "the table written would not read back (%s): %s left as it was",
		    rc < 0 ? why : "rows lost", t->file);
		free(text);
		text = NULL;
	}
	allow_free(&back);
	return text;
}

/*
 * The table must be a file that --update-allow may replace: a new one, or
 * an existing regular file we may write, through its symlinks (outfile
 * writes their target, so that a link stays a link); a link to nothing is
 * refused rather than creating its target.
 */
static int
replaceable(const char *file, char *err, size_t errlen)
{
	char *target = realpath(file, NULL);
	struct stat st;
	int ok;

	if (target == NULL) {
		if (errno == ENOENT && lstat(file, &st) != 0)
			return 1;	/* a new table */
		snprintf(err, errlen, "%s: %s", file, errno == ENOENT
		    ? "a symlink to a file that does not exist" : strerror(errno));
		return 0;
	}
	ok = stat(target, &st) == 0 && S_ISREG(st.st_mode) && access(target, W_OK) == 0;
	if (!ok)
		snprintf(err, errlen, "%s: %s", file, !S_ISREG(st.st_mode) ? "not a regular file"
		    : strerror(errno));
	free(target);
	return ok;
}

int
update_write(const struct allow_table *t, char *err, size_t errlen)
{
	struct outfile of;
	char *text;
	size_t len;
	int rc = -1;

	if (t->stream) {
		snprintf(err, errlen, "%s: a stream, not a file: --update-allow writes the table back "
		    "to the file it read", t->file);
		return -1;
	}
	if ((text = table_text(t, &len, err, errlen)) == NULL)
		return -1;
	/* The old table's mode and owner, and the old table left as it was
	 * on any failure: outfile's temporary and rename. */
	if (replaceable(t->file, err, errlen) && outfile_open(&of, t->file, err, errlen) == 0) {
		/* A short write is kept by outfile's stream: the commit fails. */
		fwrite(text, 1, len, of.stream);
		rc = outfile_commit(&of, err, errlen);
	}
	free(text);
	return rc;
}
