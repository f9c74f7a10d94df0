/* SPDX-License-Identifier: MIT */
/*
 * A --list=images CSV read back: its images become the model's,
 * with their sizes, so that one saved from an old build serves as
 * --baseline for the size section and --max-growth=bytes.
 */
#include "config.h"

#include <csv.h>
#include <stdlib.h>
#include <string.h>

#include "imagecols.h"
#include "imagescsv.h"
#include "xalloc.h"

/* The columns read, by name (imagecols.h); the others are left as they are. */
enum image_col {
	IC_LIBRARY, IC_MEMBER, IC_KIND, IC_ARCH, IC_COMPRESSED, IC_STORED, IC_SIZE,
	IC_ENTRY, IC_TEXT, IC_MERC, IC_HASH, IC_INPUT, IC_COLS
};
static const enum image_column image_col_of[IC_COLS] = {
	[IC_LIBRARY] = IMGCOL_LIBRARY, [IC_MEMBER] = IMGCOL_MEMBER, [IC_KIND] = IMGCOL_KIND,
	[IC_ARCH] = IMGCOL_ARCH, [IC_COMPRESSED] = IMGCOL_COMPRESSED,
	[IC_STORED] = IMGCOL_STORED_SIZE, [IC_SIZE] = IMGCOL_SIZE,
	[IC_ENTRY] = IMGCOL_ENTRY_SIZE, [IC_TEXT] = IMGCOL_TEXT_BYTES,
	[IC_MERC] = IMGCOL_MERC_BYTES, [IC_HASH] = IMGCOL_HASH,
	[IC_INPUT] = IMGCOL_NVLINK_INPUT,
};

/* A field's bytes kept per row: longer ones are cut (paths, not code). */
#define FIELD_MAX	4096
/* Fields of a row: the header's are mapped, the rest skipped. */
#define ROW_FIELDS_MAX	64

struct importer {
	struct model	*m;
	struct diag_list *diags;
	const char	*file;
	uint64_t	 order;
	size_t		 row;		/* rows seen, the header first */
	size_t		 field;		/* of the row */
	int		 map[ROW_FIELDS_MAX];	/* field -> enum image_col, -1 none */
	char		 val[IC_COLS][FIELD_MAX];
	int		 bad;
};

/* The header up to IMGCOL_SNIFF_LAST, each name and its comma, says what
 * the file is (listcsv_write_images). */
int
imagescsv_is_list(const uint8_t *data, size_t size)
{
	size_t at = 0;

	for (size_t c = 0; c <= IMGCOL_SNIFF_LAST; c++) {
		size_t n = strlen(image_column_names[c]);

		if (size - at < n + 1 || memcmp(data + at, image_column_names[c], n) != 0 ||
		    data[at + n] != ',')
			return 0;
		at += n + 1;
	}
	return 1;
}

static void
on_field(void *s, size_t len, void *ctx)
{
	struct importer *im = ctx;
	size_t f = im->field++;

	if (f >= ROW_FIELDS_MAX)
		return;
	if (im->row == 0) {
		im->map[f] = -1;
		for (int c = 0; c < IC_COLS; c++) {
			const char *name = image_column_names[image_col_of[c]];

			if (strlen(name) == len && memcmp(s, name, len) == 0)
				im->map[f] = c;
		}
		return;
	}
	if (im->map[f] >= 0) {
		size_t n = len < FIELD_MAX - 1 ? len : FIELD_MAX - 1;

		memcpy(im->val[im->map[f]], s, n);
		im->val[im->map[f]][n] = '\0';
	}
}

/* A size field: digits, or empty for 0; -1 for anything else. */
static int
size_of(const char *s, uint64_t *v)
{
	char *end;

	*v = 0;
	if (*s == '\0')
		return 0;
	if (*s < '0' || *s > '9')
		return -1;
	*v = strtoull(s, &end, 10);
	return *end == '\0' ? 0 : -1;
}

static void
add_image(struct importer *im)
{
	struct strpool *pool = &im->m->pool;
	struct image_rec img;
	uint64_t v[IC_COLS] = { 0 };
	int bad = 0, kind, compression;

	memset(&img, 0, sizeof img);
	img.library = strpool_intern_str(pool, im->val[IC_LIBRARY]);
	img.member = strpool_intern_str(pool, im->val[IC_MEMBER]);
	if ((kind = image_kind_of(im->val[IC_KIND])) >= 0)
		img.kind = (uint8_t)kind;
	else
		bad = 1;
	if (strlen(im->val[IC_ARCH]) == 0 || strlen(im->val[IC_ARCH]) >= sizeof img.arch)
		bad = 1;
	else
		snprintf(img.arch, sizeof img.arch, "%s", im->val[IC_ARCH]);
	for (int c = IC_STORED; c <= IC_MERC; c++)
		if (size_of(im->val[c], &v[c]) < 0)
			bad = 1;
	if (bad) {
		diag_add(im->diags, im->order, im->file, NULL, DIAG_NO_OFFSET,
		    "line %zu: not a --list=images row (kind sass, ptx or lto, an arch, sizes in digits)",
		    im->row + 1);
		im->bad = 1;
		return;
	}
	/* anything else reads as none, as it always has */
	compression = compression_of(im->val[IC_COMPRESSED]);
	img.compression = (uint8_t)(compression >= 0 ? compression : COMPRESS_NONE);
	img.stored_size = v[IC_STORED];
	img.size = v[IC_SIZE];
	img.entry_size = v[IC_ENTRY];
	img.text_bytes = v[IC_TEXT];
	img.merc_bytes = v[IC_MERC];
	img.sized = img.kind == IMAGE_SASS && im->val[IC_TEXT][0] != '\0';
	img.hash = strtoull(im->val[IC_HASH], NULL, 16);
	img.toolkit = img.producer = img.constant = strpool_intern_str(pool, "");
	img.global = UNKNOWN;
	img.version_major = img.version_minor = UNKNOWN;
	/* The device link's inputs stay apart, as the scan keeps them (a
	 * list written before the column was added has none). */
	if (strcmp(im->val[IC_INPUT], "yes") == 0)
		model_add_input(im->m, &img);
	else
		model_add_image(im->m, &img);
}

static void
on_row(int c, void *ctx)
{
	struct importer *im = ctx;

	(void)c;
	if (im->row > 0)
		add_image(im);
	im->row++;
	im->field = 0;
	memset(im->val, 0, sizeof im->val);
}

/*
 * libcsv holds a field whole before it hands it on, however much of it is
 * kept (FIELD_MAX): a field quoted over 100 MiB held 100 MiB.  Its buffer
 * grows through this, 64 KiB at a time, to at most 1 MiB; past that libcsv
 * stops with CSV_ENOMEM, which here means a field too long.
 */
#define CSV_FIELD_BYTES_MAX	((size_t)1 << 20)
#define CSV_BLOCK		((size_t)64 << 10)

static void *
field_realloc(void *p, size_t n)
{
	return n > CSV_FIELD_BYTES_MAX ? NULL : realloc(p, n);
}

int
imagescsv_import(const uint8_t *data, size_t size, const char *file, struct model *m,
    struct diag_list *diags, uint64_t order)
{
	struct importer *im = xcalloc(1, sizeof *im);
	struct csv_parser p;
	int rc = 0;

	im->m = m;
	im->diags = diags;
	im->file = file;
	im->order = order;
	for (size_t f = 0; f < ROW_FIELDS_MAX; f++)
		im->map[f] = -1;	/* past the header: no column */
	if (csv_init(&p, CSV_STRICT | CSV_APPEND_NULL) != 0) {
		free(im);
		return -1;
	}
	csv_set_blk_size(&p, CSV_BLOCK);
	csv_set_realloc_func(&p, field_realloc);
	if (csv_parse(&p, data, size, on_field, on_row, im) != size || csv_fini(&p, on_field, on_row, im) != 0) {
		diag_add(diags, order, file, NULL, DIAG_NO_OFFSET, "not a --list=images CSV: %s",
		    csv_error(&p) == CSV_ENOMEM ? "a field of more than 1 MiB"
		    : csv_strerror(csv_error(&p)));
		rc = -1;
	}
	csv_free(&p);
	if (im->bad)
		rc = -1;
	free(im);
	return rc;
}
