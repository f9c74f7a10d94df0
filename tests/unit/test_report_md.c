/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests for the Markdown report: it is parsed back with
 * libcmark-gfm and its table extension, and every table must have the rows
 * and cells expected, names holding '|', backticks or backslashes included,
 * and within --max-bytes without a table cut in half.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

#include "md.h"
#include "model.h"
#include "rcsv.h"
#include "report.h"
#include "xalloc.h"

static const char *const weird[] = {
	"ns::pipe|kernel",
	"ns::tick`kernel",
	"``ns::fenced",
	"ns::back\\slash|kernel",
	"ns::plain_kernel",
};
#define NWEIRD (sizeof weird / sizeof weird[0])

static size_t
add_image(struct model *m, const char *lib, const char *arch)
{
	struct image_rec img;

	memset(&img, 0, sizeof img);
	img.library = strpool_intern_str(&m->pool, lib);
	img.member = img.toolkit = img.producer = img.constant = strpool_intern_str(&m->pool, "");
	snprintf(img.arch, sizeof img.arch, "%s", arch);
	img.kind = strncmp(arch, "compute_", 8) == 0 ? IMAGE_PTX : IMAGE_SASS;
	img.global = UNKNOWN;
	return model_add_image(m, &img);
}

static void
add_func(struct model *m, size_t image, const char *collapsed, int inst,
    int32_t reg, int32_t stack, int32_t st, int32_t ld)
{
	struct func_rec f;
	char name[256];

	memset(&f, 0, sizeof f);
	func_rec_no_amdgpu(&f);	/* a CUDA row */
	f.image = (uint32_t)image;
	f.kind = FUNC_ENTRY;
	snprintf(name, sizeof name, "void %s<%d>(int)", collapsed, inst);
	f.name = strpool_intern_str(&m->pool, name);
	snprintf(name, sizeof name, "_Z%d%s", inst, collapsed);
	f.mangled = strpool_intern_str(&m->pool, name);
	f.collapsed = strpool_intern_str(&m->pool, collapsed);
	f.ns = strpool_intern_str(&m->pool, "ns");
	f.constant = strpool_intern_str(&m->pool, "");
	f.reg = reg;
	f.stack = stack;
	f.max_threads = f.min_blocks = f.frame = UNKNOWN;
	f.spill_stores = st;
	f.spill_loads = ld;
	model_add_func(m, &f);
}

/* Two arches of one library whose name holds '|' and a backtick. */
static void
weird_model(struct model *m)
{
	size_t a = add_image(m, "out/lib`x|y.so", "sm_86");
	size_t b = add_image(m, "out/lib`x|y.so", "sm_90");

	for (size_t i = 0; i < NWEIRD; i++) {
		int spill = i % 2 == 0;

		add_func(m, a, weird[i], 1, 64, 16 * (int)(i + 1), spill ? 8 : 0, spill ? 12 : 0);
		add_func(m, a, weird[i], 2, 40, 8, spill ? 4 : 0, spill ? 4 : 0);
		add_func(m, b, weird[i], 1, 72, 16 * (int)(i + 1), spill ? 8 : 0, spill ? 12 : 0);
	}
}

/* keep: the rdoc's keep_bytes, the rows its tables keep (0: all). */
static char *
render_kept(const struct model *m, const struct report_config *o, int64_t max_bytes,
    size_t keep, size_t *len)
{
	struct rdoc d = { .keep_bytes = keep };
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	assert_non_null(f);
	report_build(&d, o, m, NULL, NULL);
	md_write(f, &d, o->top, max_bytes);
	fclose(f);
	rdoc_free(&d);
	return buf;
}

static char *
render(const struct model *m, const struct report_config *o, int64_t max_bytes, size_t *len)
{
	return render_kept(m, o, max_bytes, 0, len);
}

/* Text of a cell: its text and code literals, raw HTML tags left out. */
static void
cell_text(cmark_node *n, char *out, size_t size)
{
	for (cmark_node *c = cmark_node_first_child(n); c; c = cmark_node_next(c)) {
		const char *type = cmark_node_get_type_string(c);

		if (strcmp(type, "text") == 0 || strcmp(type, "code") == 0)
			strncat(out, cmark_node_get_literal(c), size - strlen(out) - 1);
		else if (strcmp(type, "html_inline") != 0)
			cell_text(c, out, size);
	}
}

struct parsed {
	cmark_parser	*p;
	cmark_node	*doc;
};

static struct parsed
parse(const char *md, size_t len)
{
	struct parsed r;

	cmark_gfm_core_extensions_ensure_registered();
	r.p = cmark_parser_new(CMARK_OPT_DEFAULT);
	cmark_parser_attach_syntax_extension(r.p, cmark_find_syntax_extension("table"));
	cmark_parser_feed(r.p, md, len);
	r.doc = cmark_parser_finish(r.p);
	return r;
}

static void
parsed_free(struct parsed *r)
{
	cmark_node_free(r->doc);
	cmark_parser_free(r->p);
}

/* The table whose header starts with h0, h1 and whose 4th heading is h3. */
static cmark_node *
find_table(cmark_node *doc, const char *h3)
{
	for (cmark_node *t = cmark_node_first_child(doc); t; t = cmark_node_next(t)) {
		cmark_node *row, *cell;
		char text[256] = "";
		int k = 0;

		if (strcmp(cmark_node_get_type_string(t), "table") != 0)
			continue;
		row = cmark_node_first_child(t);
		for (cell = cmark_node_first_child(row); cell && k < 3; cell = cmark_node_next(cell))
			k++;
		if (cell == NULL)
			continue;
		cell_text(cell, text, sizeof text);
		if (strcmp(text, h3) == 0)
			return t;
	}
	return NULL;
}

static size_t
count_children(cmark_node *n)
{
	size_t k = 0;

	for (cmark_node *c = cmark_node_first_child(n); c; c = cmark_node_next(c))
		k++;
	return k;
}

static void
row_cell(cmark_node *table, size_t row, size_t col, char *out, size_t size)
{
	cmark_node *r = cmark_node_first_child(table), *c;

	for (size_t i = 0; i < row && r; i++)
		r = cmark_node_next(r);
	assert_non_null(r);
	c = cmark_node_first_child(r);
	for (size_t i = 0; i < col && c; i++)
		c = cmark_node_next(c);
	assert_non_null(c);
	out[0] = '\0';
	cell_text(c, out, size);
}

static void
test_weird_names(void **state)
{
	struct model m;
	struct report_config o;
	struct parsed p;
	size_t len;
	char *md, text[256];
	cmark_node *t;

	model_init(&m);
	weird_model(&m);
	memset(&o, 0, sizeof o);
	o.max_bytes = -1;
	md = render(&m, &o, -1, &len);
	p = parse(md, len);

	/* Spills: weird[0], [2], [4] on two arches each, sorted by kernel, sm. */
	t = find_table(p.doc, "instantiations spilling");
	assert_non_null(t);
	assert_int_equal(count_children(t), 1 + 6);
	for (size_t r = 1; r <= 6; r++) {
		cmark_node *row = cmark_node_first_child(t);

		for (size_t i = 0; i < r; i++)
			row = cmark_node_next(row);
		assert_int_equal(count_children(row), 8);
		row_cell(t, r, 1, text, sizeof text);
		assert_string_equal(text, "lib`x|y.so");	/* the common folder cut */
	}
	row_cell(t, 1, 0, text, sizeof text);
	assert_string_equal(text, "``ns::fenced");
	row_cell(t, 3, 0, text, sizeof text);
	assert_string_equal(text, "ns::pipe|kernel");
	row_cell(t, 5, 0, text, sizeof text);
	assert_string_equal(text, "ns::plain_kernel");
	row_cell(t, 1, 2, text, sizeof text);
	assert_string_equal(text, "sm_86");
	/* Maxima over the instantiations that spill: frame 16, stores 8, loads 12. */
	row_cell(t, 3, 3, text, sizeof text);
	assert_string_equal(text, "2");
	row_cell(t, 3, 4, text, sizeof text);
	assert_string_equal(text, "16");
	row_cell(t, 3, 6, text, sizeof text);
	assert_string_equal(text, "12");
	row_cell(t, 3, 7, text, sizeof text);
	assert_string_equal(text, "64");

	/* Arrays: weird[1] and [3] (the backslash one) on two arches. */
	t = find_table(p.doc, "instantiations");
	assert_non_null(t);
	assert_int_equal(count_children(t), 1 + 4);
	row_cell(t, 1, 0, text, sizeof text);
	assert_string_equal(text, "ns::back\\slash|kernel");
	row_cell(t, 3, 0, text, sizeof text);
	assert_string_equal(text, "ns::tick`kernel");
	row_cell(t, 3, 4, text, sizeof text);
	assert_string_equal(text, "32");

	/* Arch comparison: all five differ in registers (64 against 72),
	 * shown on sm_86, the reference, and as a delta on sm_90. */
	t = find_table(p.doc, "registers");	/* the first such: arches before occupancy */
	assert_non_null(t);
	row_cell(t, 0, 2, text, sizeof text);
	assert_string_equal(text, "reference");
	row_cell(t, 0, 5, text, sizeof text);
	assert_string_equal(text, "arches that differ from the reference");
	assert_int_equal(count_children(t), 1 + NWEIRD);
	assert_int_equal(count_children(cmark_node_first_child(t)), 6);
	row_cell(t, 1, 2, text, sizeof text);
	assert_string_equal(text, "sm_86");
	row_cell(t, 1, 3, text, sizeof text);
	assert_string_equal(text, "64");
	row_cell(t, 1, 5, text, sizeof text);
	assert_string_equal(text, "sm_90: REG 72 (+8)");

	parsed_free(&p);
	free(md);
	model_free(&m);
	(void)state;
}

/* Unknown spill figures: the summary says so, and the frames get their table. */
static void
test_unknown_spills(void **state)
{
	struct model m;
	struct report_config o;
	struct parsed p;
	size_t len, a;
	char *md, text[256];
	cmark_node *t;

	model_init(&m);
	a = add_image(&m, "x.o", "sm_80");
	add_func(&m, a, "k1", 1, 32, 64, -1, -1);
	add_func(&m, a, "k2", 1, 32, 0, -1, -1);
	memset(&o, 0, sizeof o);
	md = render(&m, &o, -1, &len);
	p = parse(md, len);
	t = find_table(p.doc, "(kernel, sm) entries");
	assert_non_null(t);
	row_cell(t, 1, 4, text, sizeof text);
	assert_string_equal(text, "1");
	row_cell(t, 1, 5, text, sizeof text);
	assert_string_equal(text, "unknown");
	t = find_table(p.doc, "instantiations with a frame");
	assert_non_null(t);
	assert_int_equal(count_children(t), 2);
	assert_null(find_table(p.doc, "instantiations spilling"));
	parsed_free(&p);
	free(md);
	model_free(&m);
	(void)state;
}

/* 400 spilling kernels in 6 KB: every table whole, the rest counted. */
static void
test_max_bytes(void **state)
{
	struct model m;
	struct report_config o;
	struct parsed p;
	size_t len, a, rows, more = 0;
	char *md, *s, name[64];
	cmark_node *t;

	model_init(&m);
	a = add_image(&m, "big.so", "sm_90");
	for (int i = 0; i < 400; i++) {
		snprintf(name, sizeof name, "ns::kernel_%03d|x", i);
		add_func(&m, a, name, 1, 64, 8, 4, 4);
	}
	memset(&o, 0, sizeof o);
	o.sections = NULL;
	md = render(&m, &o, 6144, &len);
	assert_true(len <= 6144);
	assert_true(len > 3000);
	p = parse(md, len);
	t = find_table(p.doc, "instantiations spilling");
	assert_non_null(t);
	rows = count_children(t) - 1;
	assert_true(rows > 5);
	for (cmark_node *r = cmark_node_first_child(t); r; r = cmark_node_next(r))
		assert_int_equal(count_children(r), 8);
	s = strstr(md, "…and ");
	assert_non_null(s);
	assert_int_equal(sscanf(s, "…and %zu more", &more), 1);
	assert_int_equal(rows + more, 400);
	parsed_free(&p);
	/* Tables that keep only the rows the budget can show, the others
	 * counted: the same bytes, "…and N more" included. */
	for (size_t keep = 6144; keep <= 6144 * 4; keep *= 4) {
		size_t klen;
		char *kept = render_kept(&m, &o, (int64_t)keep, keep, &klen);
		char *all = render(&m, &o, (int64_t)keep, &len);

		assert_int_equal(klen, len);
		assert_memory_equal(kept, all, len);
		free(kept);
		free(all);
	}
	free(md);

	/* --top folds the rows past N into <details>, still whole tables. */
	o.top = 3;
	md = render(&m, &o, -1, &len);
	assert_non_null(strstr(md, "<details><summary>397 more rows</summary>"));
	p = parse(md, len);
	t = find_table(p.doc, "instantiations spilling");
	assert_int_equal(count_children(t), 1 + 3);
	parsed_free(&p);
	free(md);
	model_free(&m);
	(void)state;
}

/* The same model gives the same bytes; CSV quotes what it must. */
static void
test_csv_and_determinism(void **state)
{
	struct model m;
	struct report_config o;
	struct rdoc d = { 0 };
	size_t len, len2;
	char *a, *b, *csv = NULL;
	FILE *f;

	model_init(&m);
	weird_model(&m);
	memset(&o, 0, sizeof o);
	a = render(&m, &o, -1, &len);
	b = render(&m, &o, -1, &len2);
	assert_int_equal(len, len2);
	assert_memory_equal(a, b, len);
	free(a);
	free(b);
	f = open_memstream(&csv, &len);
	report_build(&d, &o, &m, NULL, NULL);
	rcsv_write(f, &d);
	fclose(f);
	rdoc_free(&d);
	assert_non_null(strstr(csv, "spills,ns::pipe|kernel,lib`x|y.so,sm_86,2,16,8,12,64\n"));
	assert_non_null(strstr(csv, "section,row,kernels,instantiations,\"(kernel, sm) entries\","));
	free(csv);
	model_free(&m);
	(void)state;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_weird_names),
		cmocka_unit_test(test_unknown_spills),
		cmocka_unit_test(test_max_bytes),
		cmocka_unit_test(test_csv_and_determinism),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
