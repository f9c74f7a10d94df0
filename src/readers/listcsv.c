/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <csv.h>
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "columns.h"
#include "csvrow.h"
#include "imagecols.h"
#include "launch.h"
#include "listcsv.h"
#include "xalloc.h"

/* A file is known as a --list by its header up to this column, so that a
 * list with other columns after it still reads as one, and is told what
 * its header lacks. */
#define SNIFF_LAST	COL_REG

void
listcsv_field(FILE *f, const char *s, int last)
{
	struct csvrow r = { 0 };

	csvrow_field(&r, s, last);
	fwrite(r.buf, 1, r.len, f);
	free(r.buf);
}

static void
number(FILE *f, int64_t v, int last)
{
	if (v >= 0)
		fprintf(f, "%lld", (long long)v);
	putc(last ? '\n' : ',', f);
}

void
listcsv_write_header(FILE *f)
{
	for (size_t i = 0; i < NCOLUMNS; i++)
		fprintf(f, "%s%c", columns[i].name, i + 1 < NCOLUMNS ? ',' : '\n');
}

/* One column of a row, as its kind is written. */
static void
row_column(struct csvrow *r, const struct column *c, const struct image_rec *img,
    const struct func_rec *fn)
{
	int last = column_id(c) + 1 == NCOLUMNS;

	if (c->kind == COLUMN_NUMBER)
		csvrow_number(r, column_value(c, fn), last);
	else
		csvrow_field(r, column_text(c, img, fn), last);
}

/* The image's columns every row starts with: quoted once for them all. */
static size_t
image_prefix(struct csvrow *r, const struct image_rec *img)
{
	size_t k = 0;

	for (; k < NCOLUMNS && columns[k].record == IN_IMAGE; k++)
		row_column(r, &columns[k], img, NULL);
	return k;
}

char *
listcsv_format_rows(const struct image_rec *img, const struct func_rec *rows, size_t n,
    size_t *len)
{
	struct csvrow r = { 0 }, prefix = { 0 };
	size_t first = image_prefix(&prefix, img);

	for (size_t i = 0; i < n; i++) {
		csvrow_put(&r, prefix.buf, prefix.len);
		for (size_t k = first; k < NCOLUMNS; k++)
			row_column(&r, &columns[k], img, &rows[i]);
	}
	free(prefix.buf);
	*len = r.len;
	return r.buf;
}

void
listcsv_write_rows(FILE *f, const struct model *m, size_t first, size_t n)
{
	size_t i = first, end = first + n;

	/* One call per run of rows from one image. */
	while (i < end) {
		size_t k = i + 1, len;
		char *text;

		while (k < end && m->funcs[k].image == m->funcs[i].image)
			k++;
		text = listcsv_format_rows(&m->images[m->funcs[i].image], m->funcs + i, k - i, &len);
		fwrite(text, 1, len, f);
		free(text);
		i = k;
	}
}

void
listcsv_write_funcs(FILE *f, const struct model *m)
{
	listcsv_write_header(f);
	listcsv_write_rows(f, m, 0, m->nfuncs);
}

/*
 * An image's size columns: the bytes its entry takes in its
 * container and their share of the container's section (percent), the
 * compression ratio (decompressed over stored), the PTX bytes of a PTX
 * image, a SASS image's code and Mercury bytes and its content hash.
 * Empty when not known (a bare cubin has no container).
 */
static void
write_image_sizes(FILE *f, const struct model *m, const struct image_rec *img)
{
	const struct fatbin_rec *fb = img->fatbin > 0 ? &m->fatbins[img->fatbin - 1] : NULL;
	int sass_read = img->kind == IMAGE_SASS && img->sized;

	number(f, fb != NULL ? (int64_t)img->entry_size : -1, 0);
	if (fb != NULL && fb->size > 0)
		fprintf(f, "%.2f", 100.0 * (double)img->entry_size / (double)fb->size);
	putc(',', f);
	if (img->stored_size > 0)
		fprintf(f, "%.2f", (double)img->size / (double)img->stored_size);
	putc(',', f);
	number(f, img->kind == IMAGE_PTX ? (int64_t)img->size : -1, 0);
	number(f, sass_read ? (int64_t)img->text_bytes : -1, 0);
	number(f, sass_read ? (int64_t)img->merc_bytes : -1, 0);
	if (sass_read && img->hash != 0)
		fprintf(f, "%016llx", (unsigned long long)img->hash);
	fprintf(f, ",%s\n", img->nvlink_input ? "yes" : "no");
}

/* The images, then the device link's inputs kept beside them (their
 * kernels not read: no code, no hash). */
void
listcsv_write_images(FILE *f, const struct model *m)
{
	for (size_t c = 0; c < IMGCOLS; c++)
		fprintf(f, "%s%c", image_column_names[c], c + 1 < IMGCOLS ? ',' : '\n');
	for (size_t i = 0; i < m->nimages + m->ninputs; i++) {
		const struct image_rec *img = i < m->nimages ? &m->images[i] :
		    &m->inputs[i - m->nimages];

		listcsv_field(f, img->library, 0);
		listcsv_field(f, img->member, 0);
		listcsv_field(f, image_kind_words[img->kind], 0);
		listcsv_field(f, img->arch, 0);
		listcsv_field(f, compression_words[img->compression], 0);
		fprintf(f, "%llu,%llu,", (unsigned long long)img->stored_size,
		    (unsigned long long)img->size);
		if (img->version_major >= 0)
			fprintf(f, "%d.%d", img->version_major, img->version_minor);
		putc(',', f);
		listcsv_field(f, img->toolkit, 0);
		listcsv_field(f, img->producer, 0);
		fprintf(f, "%s,%llu,", img->relocatable ? "yes" : "no", (unsigned long long)img->offset);
		number(f, img->global, 0);
		listcsv_field(f, img->constant, 0);
		write_image_sizes(f, m, img);
	}
}

/* The byte-order mark a spreadsheet puts before UTF-8 text: skipped. */
static const char utf8_bom[] = "\xef\xbb\xbf";
#define BOM_LEN (sizeof utf8_bom - 1)

static size_t
bom_length(const uint8_t *data, size_t size)
{
	return size >= BOM_LEN && memcmp(data, utf8_bom, BOM_LEN) == 0 ? BOM_LEN : 0;
}

int
listcsv_is_list(const uint8_t *data, size_t size)
{
	size_t at = bom_length(data, size);

	for (size_t k = 0; k <= SNIFF_LAST; k++) {
		size_t n = strlen(columns[k].name);

		if (size - at < n + 1 || memcmp(data + at, columns[k].name, n) != 0 ||
		    data[at + n] != ',')
			return 0;
		at += n + 1;
	}
	return 1;
}

/* The suffixes an sm may carry: arch-specific and family-specific SASS. */
static const char sm_suffixes[] = "af";
/* "sm_" and the most digits of a 32-bit number. */
#define SM_DIGITS_MAX 10

int
listcsv_sm_valid(const char *sm)
{
	const char *p = sm + 3;
	size_t digits = 0;
	unsigned long long v = 0;

	if (arch_is_amdgpu(sm))
		return 1;	/* an AMDGPU target id, gfx90a:xnack+ */
	if (strncmp(sm, "sm_", 3) != 0)
		return 0;
	while (digits <= SM_DIGITS_MAX && isdigit((unsigned char)p[digits]))
		v = v * 10 + (unsigned)(p[digits++] - '0');
	if (digits == 0 || digits > SM_DIGITS_MAX || v > UINT32_MAX)
		return 0;
	if (p[0] == '0' && digits > 1)
		return 0;	/* the scan writes sm_86, never sm_086 */
	p += digits;
	return *p == '\0' || (strchr(sm_suffixes, *p) != NULL && p[1] == '\0');
}

/*
 * Import.  The file is fed to libcsv one physical line at a time, so that
 * a message names the line its row starts on; a bad row is one message
 * and the rows after it are read.  A --list CSV ends every row with a
 * newline: a last line without one is a file cut short, and is not read.
 */
/* Fields are read by column id (enum column_id); a header holds each
 * column once, so one past NCOLUMNS is already a column too many. */
#define NFIELDS_MAX (NCOLUMNS + 1)

/* The bad rows of one file named one by one; the rest are counted in one
 * message, so that a file of a million bad rows is not a million lines. */
#define IMPORT_BAD_ROWS_SHOWN 10
/* The longest field text quoted in a message. */
#define QUOTED_MAX 40
/* A record (a row, its quoted fields over any number of lines) is at most
 * 1 MiB: a demangled name is at most 64 KiB, and a quoted field spread over
 * 100 MiB took 415 MB.  One longer is a bad row, and the reading starts
 * again on the next line. */
#define RECORD_MAX	((size_t)1 << 20)
/* libcsv grows a field's buffer by this much at a time (its default, 128
 * bytes, is a realloc every 128 bytes of a long field). */
#define CSV_BLOCK	((size_t)64 << 10)

struct importer {
	struct model		*m;
	struct func_rec		*out;		/* rows read, in order */
	size_t			 nout, capout;
	struct diag_list	*diags;
	const char		*file;
	uint64_t		 order;
	size_t			 line;		/* the physical line being fed */
	size_t			 rec_line;	/* where the record being read began */
	size_t			 rec_off;	/* its first byte */
	int			 in_record;	/* a record spans lines fed so far */
	size_t			 records;	/* records ended (header included) */
	int			 header_done;
	int			 header_bad;
	int			 map[NFIELDS_MAX];	/* header position -> column id (or -1) */
	size_t			 nmap;
	char			*fields[NFIELDS_MAX];	/* this row's text by column id */
	size_t			 col;		/* fields seen in this record */
	char			 problem[200];	/* this record's first problem, "" when none */
	size_t			 bad_rows;	/* past IMPORT_BAD_ROWS_SHOWN */
	size_t			 unshown_first, unshown_last;
	size_t			 unshown_off;
	int			 failed;
	size_t			 last_image;
	int			 have_image;
};

static const char *
field_name(int id)
{
	return columns[id].name;
}

static int
field_id(const char *name)
{
	const struct column *c = column_named(name);

	return c ? (int)column_id(c) : -1;
}

static void
import_diag(struct importer *im, size_t off, size_t line, const char *what)
{
	im->failed = 1;
	diag_add(im->diags, im->order, im->file, NULL, off, "line %zu: %s", line, what);
}

/* Notes this record's first problem; the record is then not read. */
static void
problem(struct importer *im, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
problem(struct importer *im, const char *fmt, ...)
{
	va_list ap;

	if (im->problem[0] != '\0')
		return;
	va_start(ap, fmt);
	vsnprintf(im->problem, sizeof im->problem, fmt, ap);
	va_end(ap);
}

/* A row that is not read: named, or counted past the first few. */
static void
bad_row(struct importer *im, const char *what)
{
	if (im->bad_rows++ < IMPORT_BAD_ROWS_SHOWN) {
		import_diag(im, im->rec_off, im->rec_line, what);
		return;
	}
	if (im->unshown_first == 0) {
		im->unshown_first = im->rec_line;
		im->unshown_off = im->rec_off;
	}
	im->unshown_last = im->rec_line;
}

static void
header_field(struct importer *im, const char *name, size_t len)
{
	int id = -1;

	if (im->nmap == NFIELDS_MAX) {
		problem(im, "more than %d columns: expected the --list header", NFIELDS_MAX);
		return;
	}
	if (memchr(name, '\0', len) == NULL)
		id = field_id(name);
	if (id < 0)
		problem(im, "unknown column '%.*s' (expected the --list header)",
		    (int)(len < QUOTED_MAX ? len : QUOTED_MAX), name);
	for (size_t i = 0; i < im->nmap && id >= 0; i++)
		if (im->map[i] == id)
			problem(im, "column '%s' appears twice", field_name(id));
	im->map[im->nmap++] = id;
}

static void
on_field(void *s, size_t len, void *data)
{
	struct importer *im = data;
	size_t col = im->col++;
	int id;

	if (!im->header_done) {
		header_field(im, s, len);
		return;
	}
	if (im->header_bad || col >= im->nmap)
		return;		/* not read, or counted: the row has too many fields */
	id = im->map[col];
	if (memchr(s, '\0', len) != NULL) {
		problem(im, "column %s: a NUL byte", field_name(id));
		return;
	}
	free(im->fields[id]);
	im->fields[id] = xstrndup(s, len);
}

static const char *
fieldstr(struct importer *im, int id)
{
	return im->fields[id] ? im->fields[id] : "";
}

/* A number as --list writes it: digits, or nothing for "unknown". */
static int
parse_num(const char *s, int32_t *out)
{
	int64_t v = 0;

	if (*s == '\0') {
		*out = UNKNOWN;
		return 0;
	}
	for (; isdigit((unsigned char)*s); s++) {
		v = v * 10 + (*s - '0');
		if (v > INT32_MAX)
			return -1;
	}
	if (*s != '\0')
		return -1;
	*out = (int32_t)v;
	return 0;
}

/* A coded column's text as --list writes it: its code, or -1. */
static int
parse_code(const struct column *c, const char *s)
{
	for (size_t i = 0; i < c->ncodes; i++)
		if (c->codes[i] != NULL && strcmp(c->codes[i], s) == 0)
			return (int)i;
	return -1;
}

/* A list written before the visibility column had none: its rows are
 * read as visibility default. */
static int
parse_visibility(const char *s)
{
	return *s == '\0' ? VIS_DEFAULT : parse_code(&columns[COL_VISIBILITY], s);
}

static size_t
image_for(struct importer *im, const char *lib, const char *member, const char *sm)
{
	struct model *m = im->m;
	struct image_rec img;

	if (im->have_image && m->images[im->last_image].library == lib &&
	    m->images[im->last_image].member == member &&
	    strcmp(m->images[im->last_image].arch, sm) == 0)
		return im->last_image;
	memset(&img, 0, sizeof img);
	img.library = lib;
	img.member = member;
	snprintf(img.arch, sizeof img.arch, "%s", sm);
	img.kind = IMAGE_SASS;
	img.toolkit = img.producer = img.constant = strpool_intern_str(&m->pool, "");
	img.global = UNKNOWN;
	img.version_major = img.version_minor = UNKNOWN;
	im->last_image = model_add_image(m, &img);
	im->have_image = 1;
	return im->last_image;
}

/* The row's fields checked and converted; a problem noted leaves f unused. */
static void
convert_row(struct importer *im, struct func_rec *f)
{
	const char *sm = fieldstr(im, COL_SM);
	int kind = parse_code(&columns[COL_KIND], fieldstr(im, COL_KIND));
	int visibility = parse_visibility(fieldstr(im, COL_VISIBILITY));

	if (im->col != im->nmap)
		problem(im, "%zu fields, but the header has %zu columns", im->col, im->nmap);
	if (!listcsv_sm_valid(sm) || strlen(sm) >= sizeof im->m->images[0].arch)
		problem(im, "sm '%.*s' is not an sm (sm_80, sm_90a) or AMDGPU target (gfx90a:xnack+)", QUOTED_MAX, sm);
	if (kind < 0)
		problem(im, "kind '%.*s' is neither entry nor device", QUOTED_MAX, fieldstr(im, COL_KIND));
	if (visibility < 0)
		problem(im, "visibility '%.*s' is not default, internal, hidden or protected, "
		    "with or without unlisted",
		    QUOTED_MAX, fieldstr(im, COL_VISIBILITY));
	memset(f, 0, sizeof *f);
	/* Both are indexes into a column's few codes (not 256); a row whose
	 * text is none of them is not read (problem above). */
	f->kind = (uint8_t)(kind < 0 ? FUNC_ENTRY : kind);
	f->visibility = (uint8_t)(visibility < 0 ? VIS_DEFAULT : visibility);
	f->frame = UNKNOWN;
	for (size_t k = 0; k < NCOLUMNS; k++) {
		const char *text = fieldstr(im, (int)k);
		int32_t v;

		if (columns[k].kind != COLUMN_NUMBER)
			continue;
		if (parse_num(text, &v) < 0) {
			problem(im, "column %s: expected a number from 0 to %d, or nothing, found '%.*s'",
			    columns[k].name, INT32_MAX, QUOTED_MAX, text);
			continue;
		}
		memcpy((char *)f + columns[k].offset, &v, sizeof v);
	}
}

static void
add_row(struct importer *im, struct func_rec *f)
{
	struct strpool *pool = &im->m->pool;
	const char *lib = strpool_intern_str(pool, fieldstr(im, COL_LIBRARY));
	const char *member = strpool_intern_str(pool, fieldstr(im, COL_MEMBER));

	f->image = (uint32_t)image_for(im, lib, member, fieldstr(im, COL_SM));
	/* A list older than the max_block column: derived as the scan does. */
	if (f->max_block == UNKNOWN)
		f->max_block = launch_func_max_block(im->m->images[f->image].arch, f);
	for (size_t k = 0; k < NCOLUMNS; k++) {
		const struct column *c = &columns[k];
		const char *s;

		if (c->record != IN_FUNC || c->store != STORE_STRING)
			continue;
		s = strpool_intern_str(pool, fieldstr(im, (int)k));
		memcpy((char *)f + c->offset, &s, sizeof s);
	}
	xgrow((void **)&im->out, &im->capout, im->nout + 1, sizeof *im->out);
	im->out[im->nout++] = *f;
}

static void
end_header(struct importer *im)
{
	int have[NFIELDS_MAX] = { 0 };

	im->header_done = 1;
	for (size_t i = 0; i < im->nmap; i++)
		if (im->map[i] >= 0)
			have[im->map[i]] = 1;
	/* The names and words first, then the numbers: a header without the
	 * columns that say which function a row is cannot be read at all. */
	for (int numbers = 0; numbers < 2; numbers++)
		for (size_t id = 0; id < NCOLUMNS; id++)
			if (!have[id] && !columns[id].csv_optional &&
			    (columns[id].kind == COLUMN_NUMBER) == numbers)
				problem(im, "the header has no '%s' column (expected the --list header)",
				    field_name((int)id));
	if (im->problem[0] != '\0') {
		im->header_bad = 1;
		import_diag(im, im->rec_off, im->rec_line, im->problem);
	}
}

static void
clear_record(struct importer *im)
{
	for (size_t i = 0; i < NFIELDS_MAX; i++) {
		free(im->fields[i]);
		im->fields[i] = NULL;
	}
	im->col = 0;
	im->problem[0] = '\0';
}

static void
on_row(int c, void *data)
{
	struct importer *im = data;
	struct func_rec f;

	(void)c;
	im->records++;
	if (!im->header_done) {
		end_header(im);
	} else if (!im->header_bad) {
		convert_row(im, &f);
		if (im->problem[0] != '\0')
			bad_row(im, im->problem);
		else
			add_row(im, &f);
	}
	clear_record(im);
}

static int
blank_line(const uint8_t *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (s[i] != '\r' && s[i] != '\n')
			return 0;
	return 1;
}

/* What libcsv's strict mode refuses, in words. */
static const char malformed[] =
    "malformed CSV: a double quote inside a field that is not quoted whole, "
    "or text after a closing quote";

static int
start_parser(struct csv_parser *p)
{
	if (csv_init(p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0)
		return -1;
	csv_set_blk_size(p, CSV_BLOCK);
	return 0;
}

/* A record refused whole (libcsv's strict mode, or past RECORD_MAX): it
 * ends here, and the parser starts again on the next line. */
static void
refuse_record(struct importer *im, struct csv_parser *p, const char *why)
{
	if (!im->header_done) {
		im->header_done = im->header_bad = 1;
		import_diag(im, im->rec_off, im->rec_line, why);
	} else if (!im->header_bad)
		bad_row(im, why);
	clear_record(im);
	csv_free(p);
	if (start_parser(p) != 0)
		abort();	/* libcsv's init only fails on bad options */
	im->in_record = 0;
}

/* Feeds one physical line; a line libcsv refuses ends its record, and the
 * parser starts again on the next line. */
static void
feed_line(struct importer *im, struct csv_parser *p, const uint8_t *data, size_t off,
    size_t len)
{
	const uint8_t *s = data + off;
	size_t before = im->records;

	im->line++;
	if (!im->in_record) {
		im->rec_line = im->line;
		im->rec_off = off;
	}
	if (off + len - im->rec_off > RECORD_MAX) {
		refuse_record(im, p, "a record of more than 1 MiB (a quoted field that runs on, "
		    "or a line that long): not read");
		return;
	}
	if (csv_parse(p, s, len, on_field, on_row, im) != len) {
		refuse_record(im, p, malformed);
		return;
	}
	if (im->records != before)
		im->in_record = 0;
	else if (im->in_record || !blank_line(s, len))
		im->in_record = 1;
}

/* The end of the file: a record still open is a quote never closed. */
static void
finish(struct importer *im, struct csv_parser *p)
{
	if (csv_fini(p, on_field, on_row, im) == 0)
		return;
	if (!im->header_done || !im->header_bad)
		import_diag(im, im->rec_off, im->rec_line,
		    "a quoted field opened here is not closed at the end of the file");
	im->header_done = 1;
	clear_record(im);
}

int
listcsv_import(const uint8_t *data, size_t size, const char *file,
    struct model *m, struct func_rec **rows, size_t *nrows,
    struct diag_list *diags, uint64_t order)
{
	struct csv_parser p;
	struct importer im;
	size_t off = bom_length(data, size), end = size;

	memset(&im, 0, sizeof im);
	im.m = m;
	im.diags = diags;
	im.file = file;
	im.order = order;
	*rows = NULL;
	*nrows = 0;
	if (start_parser(&p) != 0)
		return -1;
	/* The rows up to the last newline are read; what follows it is a row cut short. */
	while (end > off && data[end - 1] != '\n')
		end--;
	while (off < end) {
		const uint8_t *nl = memchr(data + off, '\n', end - off);
		size_t n = (size_t)(nl - (data + off)) + 1;

		feed_line(&im, &p, data, off, n);
		off += n;
	}
	if (end < size) {
		size_t line = im.in_record ? im.rec_line : im.line + 1;

		import_diag(&im, im.in_record ? im.rec_off : end, line, "cut short: the last line has no newline "
		    "(a --list CSV ends every row with one); it is not read");
	} else {
		finish(&im, &p);
	}
	csv_free(&p);
	if (im.unshown_first != 0) {
		char what[160];

		snprintf(what, sizeof what, "and %zu more rows not read (lines %zu to %zu)",
		    im.bad_rows - IMPORT_BAD_ROWS_SHOWN, im.unshown_first, im.unshown_last);
		import_diag(&im, im.unshown_off, im.unshown_first, what);
	}
	clear_record(&im);
	*rows = im.out;
	*nrows = im.nout;
	return im.failed ? -1 : (int)im.nout;
}
