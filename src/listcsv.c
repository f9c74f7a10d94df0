#include "config.h"

#include <csv.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "decimal.h"
#include "listcsv.h"
#include "xalloc.h"

/* The fixed leading columns of --list; the resource columns follow from columns[]. */
static const char *const lead[] = {
	"library", "member", "sm", "kind", "mangled", "name", "collapsed", "namespace",
};
#define NLEAD (sizeof lead / sizeof lead[0])
/* The header up to min_blocks, as issue and man page fix it. */
static const char header_prefix[] = "library,member,sm,kind,mangled,name,collapsed,namespace,reg,";

/* A row is built in memory and written with one fwrite: stdio's per-call
 * locking made character-by-character output the slowest part of --list. */
struct row {
	char	*buf;
	size_t	 len, cap;
};

static void
row_reserve(struct row *r, size_t more)
{
	xgrow((void **)&r->buf, &r->cap, r->len + more, 1);
}

/* The room test is here, not only in xgrow: a row is some forty puts. */
static void
row_put(struct row *r, const char *s, size_t n)
{
	if (n == 0)	/* an empty first field: r->buf is still NULL */
		return;
	if (r->cap - r->len < n)
		row_reserve(r, n);
	memcpy(r->buf + r->len, s, n);
	r->len += n;
}

static void
row_separator(struct row *r, int last)
{
	row_put(r, last ? "\n" : ",", 1);
}

/* A reader drops the spaces and tabs around a field left unquoted
 * (libcsv's default, as listcsv_import reads): such a field is quoted. */
static int
blank_at_either_end(const char *s, size_t n)
{
	return n > 0 && (s[0] == ' ' || s[0] == '\t' || s[n - 1] == ' ' || s[n - 1] == '\t');
}

/*
 * One field, quoted only when it must be.  A field holding a double quote
 * goes through libcsv, which doubles it; one that needs quotes only for a
 * comma, a line break or a blank at either end (most demangled names:
 * "f(int, float)") is wrapped as it is, which is the same bytes without a
 * call per character.  One strcspn up to the first byte that needs care
 * settles a plain field (most mangled names) in one pass; a memchr per
 * byte was slower.
 */
static void
row_field(struct row *r, const char *s, int last)
{
	size_t plain = strcspn(s, "\",\r\n"), n;

	if (s[plain] == '\0' && !blank_at_either_end(s, plain)) {
		row_put(r, s, plain);
		row_separator(r, last);
		return;
	}
	n = plain + strlen(s + plain);
	if (memchr(s + plain, '"', n - plain) != NULL) {
		size_t need = csv_write(NULL, 0, s, n);
		row_reserve(r, need);
		r->len += csv_write(r->buf + r->len, need, s, n);
	} else {
		row_put(r, "\"", 1);
		row_put(r, s, n);
		row_put(r, "\"", 1);
	}
	row_separator(r, last);
}

static void
row_number(struct row *r, int64_t v, int last)
{
	char digits[DECIMAL_MAX];

	if (v >= 0)
		row_put(r, digits, put_decimal(digits, (uint64_t)v));
	row_separator(r, last);
}

void
listcsv_field(FILE *f, const char *s, int last)
{
	struct row r = { 0 };

	row_field(&r, s, last);
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

/* --list's order: reg..sampler, constant after local, then the rest. */
static const char *const list_order[] = {
	"reg", "stack", "shared", "local", "@constant", "texture", "surface", "sampler",
	"max_threads", "min_blocks", "spill_stores", "spill_loads",
};
#define NORDER (sizeof list_order / sizeof list_order[0])

void
listcsv_write_header(FILE *f)
{
	for (size_t i = 0; i < NLEAD; i++)
		fprintf(f, "%s,", lead[i]);
	for (size_t i = 0; i < NORDER; i++)
		fprintf(f, "%s%c", list_order[i][0] == '@' ? list_order[i] + 1 : list_order[i],
		    i + 1 < NORDER ? ',' : '\n');
}

/* The fields every row of an image starts with, quoted once for them all. */
static void
image_prefix(struct row *r, const struct image_rec *img)
{
	row_field(r, img->library, 0);
	row_field(r, img->member, 0);
	row_field(r, img->arch, 0);
}

char *
listcsv_format_rows(const struct image_rec *img, const struct func_rec *rows, size_t n,
    size_t *len)
{
	const struct column *order[NORDER];
	struct row r = { 0 }, prefix = { 0 };

	for (size_t k = 0; k < NORDER; k++)
		order[k] = list_order[k][0] == '@' ? NULL : column_find(list_order[k]);
	image_prefix(&prefix, img);
	for (size_t i = 0; i < n; i++) {
		const struct func_rec *fn = &rows[i];

		row_put(&r, prefix.buf, prefix.len);
		row_field(&r, fn->kind == FUNC_ENTRY ? "entry" : "device", 0);
		row_field(&r, fn->mangled, 0);
		row_field(&r, fn->name, 0);
		row_field(&r, fn->collapsed, 0);
		row_field(&r, fn->ns, 0);
		for (size_t k = 0; k < NORDER; k++) {
			int last = k + 1 == NORDER;

			if (order[k] == NULL)
				row_field(&r, fn->constant, last);
			else
				row_number(&r, column_value(order[k], fn), last);
		}
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

static const char *
compression_name(int c)
{
	return c == COMPRESS_ZSTD ? "zstd" : c == COMPRESS_LZ4 ? "lz4" : "none";
}

static const char *
kind_name(int k)
{
	return k == IMAGE_SASS ? "sass" : k == IMAGE_PTX ? "ptx" : "lto";
}

void
listcsv_write_images(FILE *f, const struct model *m)
{
	fputs("library,member,kind,arch,compressed,stored_size,size,code_version,"
	    "toolkit,producer,relocatable,offset,global,constant\n", f);
	for (size_t i = 0; i < m->nimages; i++) {
		const struct image_rec *img = &m->images[i];

		listcsv_field(f, img->library, 0);
		listcsv_field(f, img->member, 0);
		listcsv_field(f, kind_name(img->kind), 0);
		listcsv_field(f, img->arch, 0);
		listcsv_field(f, compression_name(img->compression), 0);
		fprintf(f, "%llu,%llu,", (unsigned long long)img->stored_size,
		    (unsigned long long)img->size);
		if (img->version_major >= 0)
			fprintf(f, "%d.%d", img->version_major, img->version_minor);
		putc(',', f);
		listcsv_field(f, img->toolkit, 0);
		listcsv_field(f, img->producer, 0);
		fprintf(f, "%s,%llu,", img->relocatable ? "yes" : "no", (unsigned long long)img->offset);
		number(f, img->global, 0);
		listcsv_field(f, img->constant, 1);
	}
}

int
listcsv_is_list(const uint8_t *data, size_t size)
{
	size_t n = sizeof header_prefix - 1;

	return size >= n && memcmp(data, header_prefix, n) == 0;
}

/* Import: libcsv calls back per field and per row. */
enum { F_LIBRARY, F_MEMBER, F_SM, F_KIND, F_MANGLED, F_NAME, F_COLLAPSED, F_NAMESPACE,
	F_CONSTANT, F_NUMERIC };

struct importer {
	struct model		*m;
	struct func_rec		*out;		/* rows read, in order */
	size_t			 nout, capout;
	struct diag_list	*diags;
	const char		*file;
	uint64_t		 order;
	size_t			 line;
	int			 header_done;
	int			*map;		/* column index -> field id (or -1) */
	size_t			 nmap, capmap;
	const struct column	**numeric;	/* for F_NUMERIC + k */
	char			**fields;	/* this row's text by field id */
	size_t			 col;
	size_t			 rows;
	int			 failed;
	size_t			 last_image;
	int			 have_image;
};

#define NFIELDS (F_NUMERIC + 16)

static int
field_id(const char *name)
{
	for (size_t i = 0; i < NLEAD; i++)
		if (strcmp(lead[i], name) == 0)
			return (int)i;
	if (strcmp(name, "constant") == 0)
		return F_CONSTANT;
	for (size_t i = 0; i < ncolumns; i++)
		if (strcmp(columns[i].name, name) == 0)
			return F_NUMERIC + (int)i;
	return -1;
}

static void
on_field(void *s, size_t len, void *data)
{
	struct importer *im = data;

	if (!im->header_done) {
		char *name = xstrndup(s, len);
		xgrow((void **)&im->map, &im->capmap, im->nmap + 1, sizeof *im->map);
		im->map[im->nmap++] = field_id(name);
		free(name);
		return;
	}
	if (im->col < im->nmap && im->map[im->col] >= 0) {
		int id = im->map[im->col];
		free(im->fields[id]);
		im->fields[id] = xstrndup(s, len);
	}
	im->col++;
}

static const char *
fieldstr(struct importer *im, int id)
{
	return im->fields[id] ? im->fields[id] : "";
}

static int
parse_num(const char *s, int32_t *out)
{
	char *end;
	long v;

	if (*s == '\0') {
		*out = UNKNOWN;
		return 0;
	}
	errno = 0;
	v = strtol(s, &end, 10);
	if (*end != '\0' || errno || v < 0 || v > INT32_MAX)
		return -1;
	*out = (int32_t)v;
	return 0;
}

static void
on_row(int c, void *data)
{
	struct importer *im = data;
	struct model *m = im->m;
	struct func_rec f;
	const char *lib, *member, *sm;

	im->line++;
	if (!im->header_done) {
		im->header_done = 1;
		return;
	}
	im->col = 0;
	if (im->failed)
		goto clear;
	memset(&f, 0, sizeof f);
	lib = strpool_intern_str(&m->pool, fieldstr(im, F_LIBRARY));
	member = strpool_intern_str(&m->pool, fieldstr(im, F_MEMBER));
	sm = fieldstr(im, F_SM);
	if (*fieldstr(im, F_MANGLED) == '\0' || strlen(sm) >= sizeof m->images[0].arch) {
		diag_add(im->diags, im->order, im->file, NULL, DIAG_NO_OFFSET,
		    "line %zu: expected a row with a mangled name and an sm", im->line);
		im->failed = 1;
		goto clear;
	}
	if (!im->have_image || m->images[im->last_image].library != lib ||
	    m->images[im->last_image].member != member ||
	    strcmp(m->images[im->last_image].arch, sm) != 0) {
		struct image_rec img;

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
	}
	f.image = (uint32_t)im->last_image;
	f.kind = strcmp(fieldstr(im, F_KIND), "entry") == 0 ? FUNC_ENTRY : FUNC_DEVICE;
	f.mangled = strpool_intern_str(&m->pool, fieldstr(im, F_MANGLED));
	f.name = strpool_intern_str(&m->pool, im->fields[F_NAME] ? im->fields[F_NAME] : f.mangled);
	f.collapsed = strpool_intern_str(&m->pool, im->fields[F_COLLAPSED] ? im->fields[F_COLLAPSED] : f.name);
	f.ns = strpool_intern_str(&m->pool, fieldstr(im, F_NAMESPACE));
	f.constant = strpool_intern_str(&m->pool, fieldstr(im, F_CONSTANT));
	f.frame = UNKNOWN;
	for (size_t k = 0; k < ncolumns; k++) {
		int32_t v;

		if (parse_num(fieldstr(im, F_NUMERIC + (int)k), &v) < 0) {
			diag_add(im->diags, im->order, im->file, NULL, DIAG_NO_OFFSET,
			    "line %zu: column %s: expected a number, found '%s'", im->line,
			    columns[k].name, fieldstr(im, F_NUMERIC + (int)k));
			im->failed = 1;
			goto clear;
		}
		memcpy((char *)&f + columns[k].offset, &v, sizeof v);
	}
	xgrow((void **)&im->out, &im->capout, im->nout + 1, sizeof *im->out);
	im->out[im->nout++] = f;
	im->rows++;
clear:
	for (int i = 0; i < NFIELDS; i++) {
		free(im->fields[i]);
		im->fields[i] = NULL;
	}
	(void)c;
}

int
listcsv_import(const uint8_t *data, size_t size, const char *file,
    struct model *m, struct func_rec **rows, size_t *nrows,
    struct diag_list *diags, uint64_t order)
{
	struct csv_parser p;
	struct importer im;
	int rc;

	memset(&im, 0, sizeof im);
	im.m = m;
	im.diags = diags;
	im.file = file;
	im.order = order;
	im.fields = xcalloc(NFIELDS, sizeof *im.fields);
	if (csv_init(&p, CSV_STRICT | CSV_APPEND_NULL) != 0) {
		free(im.fields);
		return -1;
	}
	if (csv_parse(&p, data, size, on_field, on_row, &im) != size ||
	    csv_fini(&p, on_field, on_row, &im) != 0) {
		diag_add(diags, order, file, NULL, DIAG_NO_OFFSET, "line %zu: malformed CSV: %s",
		    im.line + 1, csv_strerror(csv_error(&p)));
		im.failed = 1;
	}
	csv_free(&p);
	for (int i = 0; i < NFIELDS; i++)
		free(im.fields[i]);
	free(im.fields);
	free(im.map);
	*rows = im.out;
	*nrows = im.nout;
	rc = im.failed ? -1 : (int)im.rows;
	return rc;
}
