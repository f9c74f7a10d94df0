/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <csv.h>
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "allow.h"
#include "arch.h"
#include "infile.h"
#include "listcsv.h"
#include "xalloc.h"

static const char *const col_names[ALLOW_NCOLS] = { "kernel", "sm", "stack", "local", "note",
	"block", "dynamic" };

static const char default_head[] =
    "# spillway allowance table: the kernels allowed a stack frame or local memory.\n"
    "# One row per (collapsed kernel name, sm); stack and local are bytes, the\n"
    "# maxima over every instantiation.  The note says what the frame holds.\n";

struct reader {
	struct allow_table	*t;
	char			*err;
	size_t			 errlen;
	int			 failed;
	size_t			 line;		/* physical line being fed */
	size_t			 rec_line;	/* where the current record began */
	char			**fields;
	size_t			 nfields, capfields;
	char			*raw;		/* the current record's text */
	size_t			 rawlen, rawcap;
};

static void
add_item(struct allow_table *t, int row, const char *text, size_t len)
{
	xgrow((void **)&t->items, &t->capitems, t->nitems + 1, sizeof *t->items);
	t->items[t->nitems].row = row;
	t->items[t->nitems].text = text ? xstrndup(text, len) : NULL;
	t->nitems++;
}

void
allow_init(struct allow_table *t, const char *file)
{
	memset(t, 0, sizeof *t);
	t->file = xstrdup(file);
	for (int i = 0; i < ALLOW_NCOLS; i++)
		t->cols[i] = i;
	t->ncols = ALLOW_NOTE + 1;	/* a new table has no block column */
}

static void
fail(struct reader *r, size_t line, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (r->failed)
		return;
	r->failed = 1;
	n = snprintf(r->err, r->errlen, "%s:%zu: ", r->t->file, line);
	if (n < 0 || (size_t)n >= r->errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
	va_end(ap);
}

/* The sm is the one --list writes (listcsv_sm_valid), "sm_" optional. */
int
allow_sm_normalize(const char *in, char *out, size_t outlen)
{
	const char *p = strncmp(in, "sm_", 3) == 0 ? in + 3 : in;

	if (arch_is_amdgpu(in))		/* gfx90a:xnack+ as --list writes it */
		return (size_t)snprintf(out, outlen, "%s", in) >= outlen ? -1 : 0;
	if ((size_t)snprintf(out, outlen, "sm_%s", p) >= outlen || !listcsv_sm_valid(out))
		return -1;
	return 0;
}

static int
parse_bytes(const char *s, int32_t *out)
{
	char *end;
	long v;

	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (*end != '\0' || errno != 0 || v > INT32_MAX)
		return -1;
	*out = (int32_t)v;
	return 0;
}

static void
read_header(struct reader *r)
{
	struct allow_table *t = r->t;
	int have[ALLOW_NCOLS] = { 0 };

	if (r->nfields > ALLOW_NCOLS) {
		fail(r, r->rec_line, "header has %zu columns; expected kernel,sm,stack,local,note", r->nfields);
		return;
	}
	for (size_t i = 0; i < r->nfields; i++) {
		int id = -1;

		for (int k = 0; k < ALLOW_NCOLS; k++)
			if (strcasecmp(r->fields[i], col_names[k]) == 0)
				id = k;
		if (id < 0) {
			fail(r, r->rec_line, "unknown column '%s' (expected kernel,sm,stack,local,note)", r->fields[i]);
			return;
		}
		if (have[id]++) {
			fail(r, r->rec_line, "column '%s' appears twice", col_names[id]);
			return;
		}
		t->cols[i] = id;
	}
	for (int k = 0; k < ALLOW_NOTE; k++)
		if (!have[k]) {
			fail(r, r->rec_line, "the header has no '%s' column (expected kernel,sm,stack,local,note)", col_names[k]);
			return;
		}
	t->ncols = r->nfields;
	add_item(t, -1, r->raw, r->rawlen);
}

static void
read_row(struct reader *r)
{
	struct allow_table *t = r->t;
	struct allow_row row;

	if (r->nfields > t->ncols) {
		fail(r, r->rec_line, "%zu fields, but the header has %zu columns", r->nfields, t->ncols);
		return;
	}
	if (t->nrows == ALLOW_ROWS_MAX) {
		fail(r, r->rec_line, "more than %d rows, the most an allowance table may hold",
		    ALLOW_ROWS_MAX);
		return;
	}
	memset(&row, 0, sizeof row);
	row.block = row.dynamic = -1;
	for (size_t i = 0; i < t->ncols; i++) {
		const char *v = i < r->nfields ? r->fields[i] : NULL;
		int id = t->cols[i];

		if (v == NULL && id < ALLOW_NOTE) {
			fail(r, r->rec_line, "no '%s' field", col_names[id]);
			return;
		}
		switch (id) {
		case ALLOW_KERNEL:
			if (*v == '\0') {
				fail(r, r->rec_line, "empty kernel name");
				return;
			}
			row.kernel = (char *)v;
			break;
		case ALLOW_SM:
			if (allow_sm_normalize(v, row.sm, sizeof row.sm) < 0) {
				fail(r, r->rec_line, "sm: '%s' is not an sm (sm_86, sm_90a, 120)", v);
				return;
			}
			break;
		case ALLOW_STACK:
			if (strcmp(v, ALLOW_UNBOUNDED_WORD) == 0) {
				row.stack = ALLOW_UNBOUNDED;
				break;
			}
			/* fall through */
		case ALLOW_LOCAL:
			if (parse_bytes(v, id == ALLOW_STACK ? &row.stack : &row.local) < 0) {
				fail(r, r->rec_line, "%s: '%s' is not a number of bytes", col_names[id], v);
				return;
			}
			break;
		case ALLOW_NOTE:
			row.note = (char *)v;
			break;
		case ALLOW_BLOCK:
			if (v != NULL && *v != '\0' && (parse_bytes(v, &row.block) < 0 || row.block == 0 ||
			    row.block > 1024)) {
				fail(r, r->rec_line, "block: '%s' is not a block size (1 to 1024 threads)", v);
				return;
			}
			break;
		case ALLOW_DYNAMIC:
			if (v != NULL && *v != '\0' && parse_bytes(v, &row.dynamic) < 0) {
				fail(r, r->rec_line, "dynamic: '%s' is not a number of bytes", v);
				return;
			}
			break;
		}
	}
	if (row.stack == ALLOW_UNBOUNDED && (row.note == NULL || row.note[0] == '\0')) {
		fail(r, r->rec_line, "stack '%s' without a note: accepting an unbounded stack is a "
		    "decision, and the note says why", ALLOW_UNBOUNDED_WORD);
		return;
	}
	row.kernel = xstrdup(row.kernel);
	row.note = xstrdup(row.note ? row.note : "");
	row.line = r->rec_line;
	row.text = xstrndup(r->raw, r->rawlen);
	xgrow((void **)&t->rows, &t->caprows, t->nrows + 1, sizeof *t->rows);
	t->rows[t->nrows] = row;
	add_item(t, (int)t->nrows, NULL, 0);
	t->nrows++;
}

static void
clear_record(struct reader *r)
{
	for (size_t i = 0; i < r->nfields; i++)
		free(r->fields[i]);
	r->nfields = 0;
	r->rawlen = 0;
}

static void
on_field(void *s, size_t len, void *data)
{
	struct reader *r = data;

	xgrow((void **)&r->fields, &r->capfields, r->nfields + 1, sizeof *r->fields);
	r->fields[r->nfields++] = s ? xstrndup(s, len) : xstrdup("");
}

static void
on_row(int c, void *data)
{
	struct reader *r = data;

	(void)c;
	if (!r->failed) {
		if (r->t->ncols == 0)
			read_header(r);
		else
			read_row(r);
	}
	clear_record(r);
}

static int
row_cmp(const struct allow_row *a, const char *kernel, const char *sm)
{
	int c = strcmp(a->kernel, kernel);
	return c ? c : strcmp(a->sm, sm);
}

static int
index_cmp(const void *a, const void *b, void *ctx)
{
	const struct allow_table *t = ctx;
	const struct allow_row *x = &t->rows[*(const size_t *)a];
	const struct allow_row *y = &t->rows[*(const size_t *)b];
	int c = row_cmp(x, y->kernel, y->sm);

	if (c == 0)	/* stable: keeps the first row first */
		c = (*(const size_t *)a > *(const size_t *)b) - (*(const size_t *)a < *(const size_t *)b);
	return c;
}

/* Sorts the rows into the index; returns the second of two equal rows, or -1. */
static long
build_index(struct allow_table *t)
{
	free(t->index);
	t->index = xcalloc(t->nrows ? t->nrows : 1, sizeof *t->index);
	for (size_t i = 0; i < t->nrows; i++)
		t->index[i] = i;
	t->nindex = t->nrows;
	qsort_r(t->index, t->nindex, sizeof *t->index, index_cmp, t);
	for (size_t i = 1; i < t->nindex; i++) {
		const struct allow_row *a = &t->rows[t->index[i - 1]], *b = &t->rows[t->index[i]];
		if (row_cmp(a, b->kernel, b->sm) == 0)
			return (long)t->index[i];
	}
	return -1;
}

/* Feeds one physical line; comment and blank lines between records are kept as text. */
static int
feed_line(struct reader *r, struct csv_parser *p, const char *s, size_t len, int *quote_open)
{
	if (!*quote_open && r->nfields == 0 && r->rawlen == 0) {
		size_t i = 0;

		while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n'))
			i++;
		if (i == len || s[i] == '#') {
			add_item(r->t, -1, s, len);
			if (len > 0 && s[len - 1] != '\n')
				add_item(r->t, -1, "\n", 1);
			return 0;
		}
		r->rec_line = r->line;
	}
	if (r->rawlen + len > ALLOW_RECORD_MAX) {
		fail(r, r->rec_line, "a record of more than " ALLOW_RECORD_MAX_TEXT " (%s): a row "
		    "is at most " ALLOW_RECORD_MAX_TEXT, *quote_open ? "a quoted field opened in it "
		    "runs on" : "a line that long");
		return -1;
	}
	xgrow((void **)&r->raw, &r->rawcap, r->rawlen + len + 2, 1);
	memcpy(r->raw + r->rawlen, s, len);
	r->rawlen += len;
	if (len == 0 || s[len - 1] != '\n')
		r->raw[r->rawlen++] = '\n';
	for (size_t i = 0; i < len; i++)
		if (s[i] == '"')
			*quote_open = !*quote_open;
	if (csv_parse(p, s, len, on_field, on_row, r) != len) {
		fail(r, r->line, "malformed CSV: a double quote inside a field that is not quoted "
		    "whole, or text after a closing quote");
		return -1;
	}
	return 0;
}

/* A table is text: a NUL byte is damage, named by its line. */
static int
find_nul(struct reader *r, const char *data, size_t len)
{
	const char *nul = memchr(data, '\0', len);
	size_t line = 1;

	if (nul == NULL)
		return 0;
	for (const char *p = data; (p = memchr(p, '\n', (size_t)(nul - p))) != NULL; p++)
		line++;
	fail(r, line, "a NUL byte at offset %zu: a table is text", (size_t)(nul - data));
	return -1;
}

int
allow_parse(struct allow_table *t, const char *file, const char *data, size_t len,
    char *err, size_t errlen)
{
	struct csv_parser p;
	struct reader r;
	int quote_open = 0;
	size_t off = 0;
	long dup;

	allow_init(t, file);
	t->ncols = 0;
	memset(&r, 0, sizeof r);
	r.t = t;
	r.err = err;
	r.errlen = errlen;
	if (errlen > 0)
		err[0] = '\0';
	if (len >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0)
		off = 3;
	if (find_nul(&r, data, len) < 0)
		return -1;
	if (off == len) {
		fail(&r, 1, "empty: expected the header kernel,sm,stack,local,note");
		return -1;
	}
	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0) {
		fail(&r, 0, "cannot start the CSV reader");
		return -1;
	}
	/* A field's buffer grown 64 KiB at a time, not libcsv's 128 bytes: a
	 * record of 1 MiB is 16 reallocations, not 8,192. */
	csv_set_blk_size(&p, (size_t)64 << 10);
	while (off < len && !r.failed) {
		const char *nl = memchr(data + off, '\n', len - off);
		size_t n = nl ? (size_t)(nl - (data + off)) + 1 : len - off;

		r.line++;
		feed_line(&r, &p, data + off, n, &quote_open);
		off += n;
	}
	if (!r.failed && csv_fini(&p, on_field, on_row, &r) != 0)
		fail(&r, r.rec_line, "a quoted field opened here is not closed at the end of the file");
	csv_free(&p);
	clear_record(&r);
	free(r.fields);
	free(r.raw);
	if (!r.failed && t->ncols == 0)
		fail(&r, r.line, "no header (expected kernel,sm,stack,local,note)");
	if (!r.failed && (dup = build_index(t)) >= 0) {
		const struct allow_row *b = &t->rows[dup];
		const struct allow_row *a = allow_find(t, b->kernel, b->sm);
		fail(&r, b->line, "a second row for %s on %s (the first is on line %zu)",
		    b->kernel, b->sm, a ? a->line : 0);
	}
	return r.failed ? -1 : 0;
}

/* The table a missing file starts as: --update-allow creates it. */
static int
missing_table(struct allow_table *t, const char *file)
{
	allow_init(t, file);
	add_item(t, -1, default_head, strlen(default_head));
	add_item(t, -1, "kernel,sm,stack,local,note\n", 27);
	return ALLOW_MISSING;
}

int
allow_read(struct allow_table *t, const char *file, char *err, size_t errlen)
{
	enum infile_kind kind;
	struct stat st;
	char why[128];
	uint8_t *buf;
	size_t len;
	int fd, e, rc;

	errno = 0;
	fd = infile_open(file, &kind, &st, why, sizeof why);
	if (fd < 0) {
		if (strcmp(file, "-") != 0 && lstat(file, &st) != 0 && errno == ENOENT)
			return missing_table(t, file);
		allow_init(t, file);
		snprintf(err, errlen, "%s: %s", file, why);
		return -1;
	}
	e = infile_slurp(fd, ALLOW_FILE_MAX, &buf, &len);
	infile_close(fd);
	if (e != 0) {
		allow_init(t, file);
		snprintf(err, errlen, "%s: %s", file, e == EFBIG ? "larger than " ALLOW_FILE_MAX_TEXT
		    ", the most an allowance table may hold" : strerror(e));
		return -1;
	}
	if (len == 0 && kind == INFILE_STREAM) {
		free(buf);
		allow_init(t, file);
		snprintf(err, errlen, "%s: a stream that ended empty (a FIFO with no writer reads as "
		    "empty): expected an allowance table", file);
		return -1;
	}
	rc = allow_parse(t, file, (const char *)buf, len, err, errlen);
	t->stream = kind == INFILE_STREAM || strcmp(file, "-") == 0;
	free(buf);
	return rc;
}

struct allow_row *
allow_find(const struct allow_table *t, const char *kernel, const char *sm)
{
	size_t lo = 0, hi = t->nindex;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = row_cmp(&t->rows[t->index[mid]], kernel, sm);

		if (c == 0) {
			/* The first of equal rows. */
			while (mid > 0 && row_cmp(&t->rows[t->index[mid - 1]], kernel, sm) == 0)
				mid--;
			return &t->rows[t->index[mid]];
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

size_t
allow_add(struct allow_table *t, const char *kernel, const char *sm,
    int32_t stack, int32_t local, const char *note)
{
	struct allow_row row;

	memset(&row, 0, sizeof row);
	row.kernel = xstrdup(kernel);
	snprintf(row.sm, sizeof row.sm, "%s", sm);
	row.stack = stack;
	row.local = local;
	row.note = xstrdup(note ? note : "");
	row.block = row.dynamic = -1;
	xgrow((void **)&t->rows, &t->caprows, t->nrows + 1, sizeof *t->rows);
	t->rows[t->nrows] = row;
	add_item(t, (int)t->nrows, NULL, 0);
	t->nrows++;
	return t->nrows - 1;
}

void
allow_index(struct allow_table *t)
{
	build_index(t);
}

/* The kernel leads its row (the header puts it anywhere, but it is first
 * in every table spillway writes): one that starts with '#' is quoted, or
 * the reader would take the row for a comment. */
static void
kernel_field(FILE *f, const char *kernel, int last)
{
	if (kernel[0] != '#') {
		listcsv_field(f, kernel, last);
		return;
	}
	csv_fwrite(f, kernel, strlen(kernel));
	putc(last ? '\n' : ',', f);
}

const char *
allow_stack_text(int32_t stack, char *buf, size_t size)
{
	if (stack == ALLOW_UNBOUNDED)
		return ALLOW_UNBOUNDED_WORD;
	snprintf(buf, size, "%ld", (long)stack);
	return buf;
}

void
allow_write_row(const struct allow_table *t, const struct allow_row *row, FILE *f)
{
	for (size_t i = 0; i < t->ncols; i++) {
		int last = i + 1 == t->ncols;

		switch (t->cols[i]) {
		case ALLOW_KERNEL:	kernel_field(f, row->kernel, last); break;
		case ALLOW_SM:		listcsv_field(f, row->sm, last); break;
		case ALLOW_STACK: {
			char buf[24];
			fprintf(f, "%s%c", allow_stack_text(row->stack, buf, sizeof buf), last ? '\n' : ',');
			break;
		}
		case ALLOW_LOCAL:	fprintf(f, "%ld%c", (long)row->local, last ? '\n' : ','); break;
		case ALLOW_NOTE:	listcsv_field(f, row->note, last); break;
		case ALLOW_BLOCK:
		case ALLOW_DYNAMIC:
			if ((t->cols[i] == ALLOW_BLOCK ? row->block : row->dynamic) >= 0)
				fprintf(f, "%ld", (long)(t->cols[i] == ALLOW_BLOCK ? row->block : row->dynamic));
			putc(last ? '\n' : ',', f);
			break;
		}
	}
}

void
allow_write(const struct allow_table *t, FILE *f)
{
	for (size_t i = 0; i < t->nitems; i++) {
		const struct allow_item *it = &t->items[i];
		const struct allow_row *row;

		if (it->row < 0) {
			fputs(it->text, f);
			continue;
		}
		row = &t->rows[it->row];
		if (row->removed)
			continue;
		if (row->text != NULL)
			fputs(row->text, f);
		else
			allow_write_row(t, row, f);
	}
}

void
allow_free(struct allow_table *t)
{
	for (size_t i = 0; i < t->nrows; i++) {
		free(t->rows[i].kernel);
		free(t->rows[i].note);
		free(t->rows[i].text);
	}
	for (size_t i = 0; i < t->nitems; i++)
		free(t->items[i].text);
	free(t->rows);
	free(t->items);
	free(t->index);
	XFREE_OWNER(t, file);
}
