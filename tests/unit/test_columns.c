/* SPDX-License-Identifier: MIT */
/*
 * The column table (src/model/columns.c) is complete and every face reads it:
 * each column named once, --list's header the table's names in order,
 * byte for byte the header the man page documents up to visibility and
 * every column after it one an older list may lack, the JSON schema's
 * keys and types, the browser's and the diff's places without gaps, and
 * every column read back by the importer from where the writer put it;
 * the detail view's visibility.
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
#include <jansson.h>

#include "baseline.h"
#include "columns.h"
#include "view_detail.h"
#include "diag.h"
#include "listcsv.h"
#include "model.h"
#include "vm_rows.h"

/* The header --list has always begun with (spillway-list(5)): the
 * contract lists already written hold to.  Columns are appended after it. */
static const char list_header[] =
    "library,member,sm,kind,mangled,name,collapsed,namespace,reg,stack,shared,local,"
    "constant,texture,surface,sampler,max_threads,min_blocks,spill_stores,spill_loads,"
    "visibility\n";

static void
test_every_column_described(void **state)
{
	(void)state;
	for (size_t i = 0; i < NCOLUMNS; i++) {
		const struct column *c = &columns[i];

		assert_non_null(c->name);
		assert_true(c->name[0] != '\0');
		assert_non_null(c->title);
		assert_true(c->title[0] != '\0');
		assert_non_null(c->heading);
		assert_non_null(c->description);
		assert_true(strlen(c->description) > 10);
		assert_int_equal(column_id(c), i);
		for (size_t k = 0; k < i; k++) {
			assert_string_not_equal(columns[k].name, c->name);
			assert_string_not_equal(columns[k].title, c->title);
			assert_string_not_equal(columns[k].heading, c->heading);
		}
	}
}

/* Each kind is stored as its faces read it. */
static void
test_kinds_and_units(void **state)
{
	(void)state;
	for (size_t i = 0; i < NCOLUMNS; i++) {
		const struct column *c = &columns[i];

		switch (c->kind) {
		case COLUMN_NUMBER:
			assert_int_equal(c->store, STORE_INT32);
			assert_int_equal(c->record, IN_FUNC);
			assert_non_null(c->unit);
			assert_true(c->sort_desc);
			if (strcmp(c->unit, "B") == 0) {
				size_t n = strlen(c->heading);

				assert_int_equal(c->unit_bytes, 1);
				assert_true(n > 2 && strcmp(c->heading + n - 2, " B") == 0);
			}
			break;
		case COLUMN_BANKS:
			assert_int_equal(c->store, STORE_STRING);
			assert_int_equal(c->unit_bytes, 0);
			break;
		case COLUMN_TEXT:
			assert_int_not_equal(c->store, STORE_INT32);
			assert_int_equal(c->unit_bytes, 0);
			assert_int_equal(c->tui, 0);
			assert_int_equal(c->diff, 0);
			break;
		}
		if (c->store == STORE_CODE) {
			assert_non_null(c->codes);
			assert_true(c->ncodes > 1);
			assert_non_null(c->codes[0]);
		}
		assert_ptr_equal(column_named(c->name), c);
		assert_ptr_equal(column_find(c->name), c->kind == COLUMN_NUMBER ? c : NULL);
	}
	assert_null(column_named("frame"));
	assert_null(column_find("constant"));
	assert_int_equal(columns[COL_REG].unit_bytes, 4);	/* a register is 32 bits */
}

/* Positions 1..n, each held by one number column. */
static void
check_positions(const struct column *(*at)(int), int n)
{
	int seen = 0;

	for (int pos = 1; pos <= n; pos++) {
		const struct column *c = at(pos);

		assert_non_null(c);
		assert_int_equal(c->kind, COLUMN_NUMBER);
		for (int k = 1; k < pos; k++)
			assert_ptr_not_equal(at(k), c);
	}
	assert_null(at(n + 1));
	assert_null(at(0));
	for (size_t i = 0; i < NCOLUMNS; i++)
		seen += at == column_tui ? columns[i].tui != 0 : columns[i].diff != 0;
	assert_int_equal(seen, n);
}

static void
test_browser_and_diff_positions(void **state)
{
	(void)state;
	check_positions(column_tui, VM_NRES);
	check_positions(column_diff, BASELINE_NFIELDS);
	for (int k = 0; k < BASELINE_NFIELDS; k++)
		assert_true(baseline_column(k)->unit_bytes > 0);	/* growth is in bytes */
	for (int r = 0; r < VM_NRES; r++)
		assert_ptr_equal(vm_res_column(r), column_tui(r + 1));
	/* The browser sorts by the stack first, and marks spills and frames. */
	assert_int_equal(columns[COL_SPILL_STORES].mark, MARK_BAD);
	assert_int_equal(columns[COL_STACK].mark, MARK_WARN);
	assert_int_equal(columns[COL_LOCAL].mark, MARK_WARN);
	assert_int_equal(columns[COL_REG].mark, MARK_PLAIN);
}

static void
test_list_header_is_the_table(void **state)
{
	char *buf = NULL, want[1024];
	size_t len = 0, n = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	assert_non_null(f);
	listcsv_write_header(f);
	fclose(f);
	for (size_t i = 0; i < NCOLUMNS; i++)
		n += (size_t)snprintf(want + n, sizeof want - n, "%s%s", columns[i].name,
		    i + 1 < NCOLUMNS ? "," : "\n");
	assert_string_equal(buf, want);
	/* Up to visibility as it has always been; a column appended since is
	 * one an older list may lack, so that the older list reads back. */
	assert_true(len >= strlen(list_header) - 1);
	assert_memory_equal(buf, list_header, strlen(list_header) - 1);
	for (size_t i = COL_VISIBILITY + 1; i < NCOLUMNS; i++)
		if (!columns[i].csv_optional)
			fail_msg("%s comes after visibility but is not csv_optional", columns[i].name);
	assert_true(listcsv_is_list((const uint8_t *)buf, len));
	free(buf);
}

/* A column's value in --list --format=json, as the schema must type it:
 * a number or null; a word of its codes, or any string. */
static void
check_schema_type(const struct column *c, json_t *prop)
{
	json_t *type = json_object_get(prop, "type"), *codes = json_object_get(prop, "enum");

	if (c->kind == COLUMN_NUMBER) {
		if (!json_is_array(type) || json_array_size(type) != 2 ||
		    strcmp(json_string_value(json_array_get(type, 0)), "integer") != 0 ||
		    strcmp(json_string_value(json_array_get(type, 1)), "null") != 0)
			fail_msg("%s: a number column is [\"integer\", \"null\"] in the schema", c->name);
		assert_int_equal(json_integer_value(json_object_get(prop, "minimum")), 0);
		return;
	}
	if (json_is_array(codes)) {
		size_t k;
		json_t *v;

		json_array_foreach(codes, k, v) {
			const char *word = json_string_value(v);
			int known = 0;

			assert_non_null(word);
			for (size_t n = 0; n < c->ncodes && !known; n++)
				known = c->codes[n] != NULL && strcmp(c->codes[n], word) == 0;
			if (!known)
				fail_msg("%s: the schema's %s is not one of its codes", c->name, word);
		}
		return;
	}
	if (!json_is_string(type) || strcmp(json_string_value(type), "string") != 0)
		fail_msg("%s: a text column is a string in the schema", c->name);
}

/* data/schema/list.schema.json is the table: a property per column, in
 * its order, each required, typed as the column's kind, and no other. */
static void
test_list_schema_is_the_table(void **state)
{
	const char *srcdir = getenv("srcdir");
	char path[4096];
	json_error_t err;
	json_t *schema, *props, *required;
	const char *key;
	json_t *prop;
	size_t i = 0;

	(void)state;
	snprintf(path, sizeof path, "%s/data/schema/list.schema.json", srcdir ? srcdir : ".");
	schema = json_load_file(path, JSON_PRESERVE_ORDER, &err);
	if (schema == NULL)
		fail_msg("%s:%d: %s", path, err.line, err.text);
	props = json_object_get(schema, "properties");
	required = json_object_get(schema, "required");
	assert_true(json_is_object(props) && json_is_array(required));
	assert_int_equal(json_object_size(props), NCOLUMNS);
	assert_int_equal(json_array_size(required), NCOLUMNS);
	assert_true(json_is_false(json_object_get(schema, "additionalProperties")));
	json_object_foreach(props, key, prop) {
		assert_string_equal(key, columns[i].name);
		assert_string_equal(json_string_value(json_array_get(required, i)), columns[i].name);
		check_schema_type(&columns[i], prop);
		i++;
	}
	json_decref(schema);
}

/* One row with a distinct value in every column, written and read back:
 * the importer finds every column where the writer put it. */
static void
test_every_column_reads_back(void **state)
{
	struct image_rec img;
	struct func_rec f, *rows = NULL;
	struct model m;
	struct diag_list diags = { 0 };
	char *buf = NULL;
	size_t len = 0, rowlen, nrows = 0;
	FILE *out = open_memstream(&buf, &len);
	char *row;
	int32_t v = 7;

	(void)state;
	memset(&img, 0, sizeof img);
	img.library = "lib.a";
	img.member = "k.o";
	snprintf(img.arch, sizeof img.arch, "sm_90a");
	memset(&f, 0, sizeof f);
	f.kind = FUNC_DEVICE;
	f.visibility = VIS_HIDDEN | VIS_UNLISTED;
	f.mangled = "_Z1kv";
	f.name = "k()";
	f.collapsed = "k";
	f.ns = "ns";
	f.constant = "0:536 2:52";
	for (size_t i = 0; i < NCOLUMNS; i++)
		if (columns[i].kind == COLUMN_NUMBER) {
			memcpy((char *)&f + columns[i].offset, &v, sizeof v);
			v += 11;
		}
	assert_non_null(out);
	listcsv_write_header(out);
	row = listcsv_format_rows(&img, &f, 1, &rowlen);
	fwrite(row, 1, rowlen, out);
	free(row);
	fclose(out);

	model_init(&m);
	assert_int_equal(listcsv_import((const uint8_t *)buf, len, "t.csv", &m, &rows, &nrows,
	    &diags, 0), 1);
	assert_int_equal(nrows, 1);
	for (size_t i = 0; i < NCOLUMNS; i++) {
		const struct column *c = &columns[i];
		const struct image_rec *back = &m.images[rows[0].image];

		if (c->kind == COLUMN_NUMBER)
			assert_int_equal(column_value(c, &rows[0]), column_value(c, &f));
		else
			assert_string_equal(column_text(c, back, &rows[0]), column_text(c, &img, &f));
	}
	assert_string_equal(column_text(&columns[COL_VISIBILITY], &img, &f), "hidden unlisted");
	assert_string_equal(column_text(&columns[COL_KIND], &img, &f), "device");
	free(rows);
	free(buf);
	diag_free(&diags);
	model_free(&m);
}

static void
add_kernel(struct model *m, size_t img, const char *name, int visibility)
{
	struct func_rec f;

	memset(&f, 0, sizeof f);
	func_rec_no_amdgpu(&f);	/* a CUDA row */
	f.image = (uint32_t)img;
	f.kind = FUNC_ENTRY;
	f.visibility = (uint8_t)visibility;
	f.collapsed = strpool_intern_str(&m->pool, "k");
	f.name = f.mangled = strpool_intern_str(&m->pool, name);
	f.ns = f.constant = "";
	f.reg = 8;
	f.stack = f.local = f.shared = f.texture = f.surface = f.sampler = 0;
	f.max_threads = f.min_blocks = f.frame = f.spill_stores = f.spill_loads = UNKNOWN;
	model_add_func(m, &f);
}

/* The detail's line for a kernel whose entries have these visibilities. */
static char *
visibility_line(const int *vis, size_t n)
{
	struct model m;
	struct image_rec img;
	struct viewmodel vm;
	struct textbuf tb = { 0 };
	char *line = NULL, name[16];
	size_t at;

	model_init(&m);
	memset(&img, 0, sizeof img);
	img.library = strpool_intern_str(&m.pool, "lib.a");
	img.member = img.toolkit = img.producer = img.constant = "";
	snprintf(img.arch, sizeof img.arch, "sm_90");
	img.kind = IMAGE_SASS;
	at = model_add_image(&m, &img);
	for (size_t i = 0; i < n; i++) {
		snprintf(name, sizeof name, "k<%zu>()", i);
		add_kernel(&m, at, name, vis[i]);
	}
	vm_init(&vm, &m);
	view_detail_text(&tb, &vm, 0, -1, 120);
	for (size_t i = 0; i < tb.n; i++)
		if (strncmp(tb.v[i].text, "  visibility ", 13) == 0) {
			assert_null(line);
			line = strdup(tb.v[i].text);
		}
	tb_free(&tb);
	vm_free(&vm);
	model_free(&m);
	assert_non_null(line);
	return line;
}

static void
test_detail_visibility(void **state)
{
	static const int plain[] = { VIS_DEFAULT, VIS_DEFAULT };
	static const int hidden[] = { VIS_HIDDEN | VIS_UNLISTED };
	static const int mixed[] = { VIS_DEFAULT, VIS_HIDDEN | VIS_UNLISTED, VIS_DEFAULT };
	char *s;

	(void)state;
	s = visibility_line(plain, 2);
	assert_string_equal(s, "  visibility default");
	free(s);
	s = visibility_line(hidden, 1);
	assert_string_equal(s, "  visibility hidden unlisted (cuobjdump does not list it)");
	free(s);
	s = visibility_line(mixed, 3);
	assert_string_equal(s, "  visibility default (2 entries), hidden unlisted (1 entry) "
	    "(cuobjdump does not list it)");
	free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_column_described),
		cmocka_unit_test(test_kinds_and_units),
		cmocka_unit_test(test_browser_and_diff_positions),
		cmocka_unit_test(test_list_header_is_the_table),
		cmocka_unit_test(test_list_schema_is_the_table),
		cmocka_unit_test(test_every_column_reads_back),
		cmocka_unit_test(test_detail_visibility),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
