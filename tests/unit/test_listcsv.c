/* SPDX-License-Identifier: MIT */
/*
 * The rows --list writes (src/readers/listcsv.c): fields quoted only when they
 * must be, the image's leading fields on every row, unknown numbers left
 * empty, and rows that read back as they were written.
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

#include "diag.h"
#include "listcsv.h"
#include "model.h"

static void
fill_image(struct image_rec *img, const char *library, const char *member)
{
	memset(img, 0, sizeof *img);
	img->library = library;
	img->member = member;
	snprintf(img->arch, sizeof img->arch, "sm_90a");
	img->kind = IMAGE_SASS;
}

static void
fill_func(struct func_rec *f, const char *mangled, const char *name, const char *ns)
{
	memset(f, 0, sizeof *f);
	f->kind = FUNC_ENTRY;
	f->mangled = mangled;
	f->name = name;
	f->collapsed = name;
	f->ns = ns;
	f->constant = "0:904 3:8";
	f->reg = 32;
	f->stack = f->shared = f->local = 0;
	f->texture = f->surface = f->sampler = 0;
	f->max_threads = 1024;
	f->min_blocks = UNKNOWN;
	f->frame = UNKNOWN;
	func_rec_no_amdgpu(f);	/* a CUDA row */
	f->spill_stores = f->spill_loads = UNKNOWN;
	f->max_block = 1024;	/* what launch.c finds for 32 registers on sm_90a */
}

static char *
format(const struct image_rec *img, const struct func_rec *rows, size_t n)
{
	size_t len;
	char *text = listcsv_format_rows(img, rows, n, &len);
	char *s = malloc(len + 1);

	assert_non_null(s);
	memcpy(s, text, len);
	s[len] = '\0';
	free(text);
	return s;
}

/* Plain fields bare; a comma or a line break quoted; a quote doubled. */
static void
test_fields_quoted_when_they_must_be(void **state)
{
	struct image_rec img;
	struct func_rec f[4];
	char *s;

	(void)state;
	fill_image(&img, "lib/libk.so", "");
	fill_func(&f[0], "_Z1kv", "k()", "");
	fill_func(&f[1], "_Z1fif", "f(int, float)", "n");
	fill_func(&f[2], "a\"b", "line\nbreak", "cr\r");
	fill_func(&f[3], "x", "say \"hi\", twice", "");
	s = format(&img, f, 4);
	assert_string_equal(s,
	    "lib/libk.so,,sm_90a,entry,_Z1kv,k(),k(),,32,0,0,0,0:904 3:8,0,0,0,1024,,,,default,0,1024,,,,,\n"
	    "lib/libk.so,,sm_90a,entry,_Z1fif,\"f(int, float)\",\"f(int, float)\",n,"
	    "32,0,0,0,0:904 3:8,0,0,0,1024,,,,default,0,1024,,,,,\n"
	    "lib/libk.so,,sm_90a,entry,\"a\"\"b\",\"line\nbreak\",\"line\nbreak\",\"cr\r\","
	    "32,0,0,0,0:904 3:8,0,0,0,1024,,,,default,0,1024,,,,,\n"
	    "lib/libk.so,,sm_90a,entry,x,\"say \"\"hi\"\", twice\",\"say \"\"hi\"\", twice\",,"
	    "32,0,0,0,0:904 3:8,0,0,0,1024,,,,default,0,1024,,,,,\n");
	free(s);
}

/* The image's fields lead every row, quoted as any field. */
static void
test_image_fields_on_every_row(void **state)
{
	struct image_rec img;
	struct func_rec f[2];
	char *s;

	(void)state;
	fill_image(&img, "dir,with,commas/lib\"q\".a", "member.o");
	fill_func(&f[0], "_Z1av", "a()", "");
	fill_func(&f[1], "_Z1bv", "b()", "");
	f[1].kind = FUNC_DEVICE;
	f[1].reg = UNKNOWN;
	f[1].max_block = UNKNOWN;
	s = format(&img, f, 2);
	assert_string_equal(s,
	    "\"dir,with,commas/lib\"\"q\"\".a\",member.o,sm_90a,entry,_Z1av,a(),a(),,"
	    "32,0,0,0,0:904 3:8,0,0,0,1024,,,,default,0,1024,,,,,\n"
	    "\"dir,with,commas/lib\"\"q\"\".a\",member.o,sm_90a,device,_Z1bv,b(),b(),,"
	    ",0,0,0,0:904 3:8,0,0,0,1024,,,,default,0,,,,,,\n");
	free(s);
}

/* What is written reads back field for field. */
static void
test_rows_read_back(void **state)
{
	static const char *const names[] = {
		"k()", "f(int, float)", "line\nbreak", "cr\r", "say \"hi\", twice", "\"", ",",
		"\tleading tab", "trailing space ", " ", "\t\"quoted\" ",
	};
	const size_t n = sizeof names / sizeof names[0];
	struct image_rec img;
	struct func_rec f[sizeof names / sizeof names[0]], *back;
	struct model m;
	struct diag_list diags;
	size_t nback, len = 0, hlen;
	char *rows, *csv, *header;
	FILE *mem;

	(void)state;
	fill_image(&img, "lib/libk.so", "");
	for (size_t i = 0; i < n; i++) {
		fill_func(&f[i], names[i], names[i], names[i]);
		f[i].visibility = (uint8_t)(i % NVISIBILITIES);
	}
	mem = open_memstream(&header, &hlen);
	assert_non_null(mem);
	listcsv_write_header(mem);
	fclose(mem);
	rows = listcsv_format_rows(&img, f, n, &len);
	csv = malloc(hlen + len);
	assert_non_null(csv);
	memcpy(csv, header, hlen);
	memcpy(csv + hlen, rows, len);

	model_init(&m);
	memset(&diags, 0, sizeof diags);
	assert_int_equal(listcsv_import((const uint8_t *)csv, hlen + len, "t.csv", &m,
	    &back, &nback, &diags, 0), (int)n);
	assert_int_equal(nback, n);
	for (size_t i = 0; i < n; i++) {
		assert_string_equal(back[i].mangled, names[i]);
		assert_string_equal(back[i].name, names[i]);
		assert_string_equal(back[i].ns, names[i]);
		assert_string_equal(back[i].constant, "0:904 3:8");
		assert_int_equal(back[i].reg, 32);
		assert_int_equal(back[i].min_blocks, UNKNOWN);
		assert_int_equal(back[i].visibility, i % NVISIBILITIES);
	}
	free(back);
	model_free(&m);
	diag_free(&diags);
	free(csv);
	free(rows);
	free(header);
}

/* The reader's rules: a text imported, its rows and messages kept. */
static const char list_header[] =
    "library,member,sm,kind,mangled,name,collapsed,namespace,reg,stack,shared,local,"
    "constant,texture,surface,sampler,max_threads,min_blocks,spill_stores,spill_loads\n";

struct imported {
	struct model		 m;
	struct func_rec		*rows;
	size_t			 nrows;
	struct diag_list	 diags;
	int			 rc;
};

static void
import_bytes(struct imported *r, const char *text, size_t len)
{
	memset(r, 0, sizeof *r);
	model_init(&r->m);
	r->rc = listcsv_import((const uint8_t *)text, len, "t.csv", &r->m, &r->rows, &r->nrows,
	    &r->diags, 0);
}

/* The header, then body. */
static void
import_text(struct imported *r, const char *body)
{
	char *text = malloc(sizeof list_header + strlen(body));

	assert_non_null(text);
	strcpy(text, list_header);
	strcat(text, body);
	import_bytes(r, text, strlen(text));
	free(text);
}

static void
imported_free(struct imported *r)
{
	free(r->rows);
	diag_free(&r->diags);
	model_free(&r->m);
}

/* One message, and it says what. */
static void
says(const struct imported *r, size_t i, const char *what)
{
	assert_true(i < r->diags.n);
	if (strstr(r->diags.v[i].message, what) == NULL)
		fail_msg("'%s' does not say '%s'", r->diags.v[i].message, what);
	assert_string_equal(r->diags.v[i].file, "t.csv");
}

#define GOOD_ROW(mangled) "lib,,sm_80,entry," mangled ",k,k,,12,0,0,0,,0,0,0,,,,\n"

/* A bad row is one message naming its line; the rows after it are read. */
static void
test_bad_row_keeps_the_rest(void **state)
{
	struct imported r;

	(void)state;
	import_text(&r, GOOD_ROW("a") "lib,,sm_80,entry,b,k,k,,x,0,0,0,,0,0,0,,,,\n"
	    GOOD_ROW("c") GOOD_ROW("d"));
	assert_int_equal(r.rc, -1);
	assert_int_equal(r.nrows, 3);
	assert_string_equal(r.rows[2].mangled, "d");
	assert_int_equal(r.diags.n, 1);
	says(&r, 0, "line 3: column reg: expected a number");
	assert_int_equal(r.diags.v[0].offset, sizeof list_header - 1 + strlen(GOOD_ROW("a")));
	imported_free(&r);
}

/* Past the first ten bad rows, one message counts the rest. */
static void
test_bad_rows_counted(void **state)
{
	char body[64 * 40] = "";
	struct imported r;

	(void)state;
	for (int i = 0; i < 25; i++)
		strcat(body, "lib,,sm_80,entry,b,k,k,,-1,0,0,0,,0,0,0,,,,\n");
	strcat(body, GOOD_ROW("last"));
	import_text(&r, body);
	assert_int_equal(r.rc, -1);
	assert_int_equal(r.nrows, 1);
	assert_int_equal(r.diags.n, 11);
	says(&r, 9, "line 11:");
	says(&r, 10, "line 12: and 15 more rows not read (lines 12 to 26)");
	imported_free(&r);
}

/* A last line without a newline is a file cut short: not read, named. */
static void
test_cut_short(void **state)
{
	static const char *const cuts[] = {
		GOOD_ROW("a") "lib,,sm_80,entry,b,k,k,,6",
		GOOD_ROW("a") "lib,,sm_80,entry,b,k,k,,12,0,0,0,,0,0,0,,,,",
		GOOD_ROW("a") "l",
		GOOD_ROW("a") "lib,,sm_80,entry,b,\"two\nlines",
	};
	struct imported r;

	(void)state;
	for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
		import_text(&r, cuts[i]);
		assert_int_equal(r.rc, -1);
		assert_int_equal(r.nrows, 1);
		assert_int_equal(r.diags.n, 1);
		says(&r, 0, "line 3: cut short");
		imported_free(&r);
	}
	/* The header itself cut. */
	import_bytes(&r, list_header, sizeof list_header - 5);
	assert_int_equal(r.rc, -1);
	says(&r, 0, "line 1: cut short");
	imported_free(&r);
}

/* A quote still open at the end of the file is named where it opened. */
static void
test_open_quote(void **state)
{
	struct imported r;

	(void)state;
	import_text(&r, GOOD_ROW("a") "lib,,sm_80,entry,\"open,k,k,,12,0,0,0,,0,0,0,,,,\n" GOOD_ROW("b"));
	assert_int_equal(r.rc, -1);
	assert_int_equal(r.nrows, 1);
	assert_int_equal(r.diags.n, 1);
	says(&r, 0, "line 3: a quoted field opened here is not closed");
	imported_free(&r);
	/* A stray quote is malformed, and the next line is read again. */
	import_text(&r, "lib,,sm_80,entry,a\"b,k,k,,12,0,0,0,,0,0,0,,,,\n" GOOD_ROW("c"));
	assert_int_equal(r.rc, -1);
	assert_int_equal(r.nrows, 1);
	assert_string_equal(r.rows[0].mangled, "c");
	says(&r, 0, "line 2: malformed CSV");
	imported_free(&r);
}

/*
 * A record is at most 1 MiB (issue 35: a quoted field over 100 MiB took
 * 415 MB): a name just within it is read; one past it is one message at
 * its line, the lines of its field after the cut are bad rows (counted),
 * and a row after them is read.
 */
static void
test_record_bound(void **state)
{
	size_t cap = (1u << 20) + (1u << 16), len = 0;
	char *body = malloc(cap);
	struct imported r;

	(void)state;
	assert_non_null(body);
	len += (size_t)sprintf(body, "lib,,sm_80,entry,\"");
	while (len + 1000 < (1u << 20) - 100) {
		memset(body + len, 'y', 999);
		len += 999;
		body[len++] = '\n';
	}
	len += (size_t)sprintf(body + len, "\",k,k,,12,0,0,0,,0,0,0,,,,\n");
	import_text(&r, body);
	assert_int_equal(r.rc, 1);
	assert_true(strlen(r.rows[0].mangled) > 1000000);
	imported_free(&r);

	len -= strlen("\",k,k,,12,0,0,0,,0,0,0,,,,\n");
	while (len < (1u << 20) + 5000) {
		memset(body + len, 'y', 999);
		len += 999;
		body[len++] = '\n';
	}
	/* The quote's end is then a stray quote: malformed, that line alone. */
	len += (size_t)sprintf(body + len, "y\",k,k,,12,0,0,0,,0,0,0,,,,\n" GOOD_ROW("after"));
	import_text(&r, body);
	assert_int_equal(r.rc, -1);
	assert_int_equal(r.nrows, 1);
	assert_string_equal(r.rows[0].mangled, "after");
	says(&r, 0, "line 2: a record of more than 1 MiB");
	imported_free(&r);
	free(body);
}

/* A byte-order mark and CRLF line ends read as the plain file does. */
static void
test_bom_and_crlf(void **state)
{
	static const char bom[] = "\xef\xbb\xbf";
	char text[1024];
	struct imported r;

	(void)state;
	snprintf(text, sizeof text, "%s%s%s", bom, list_header, GOOD_ROW("a"));
	assert_true(listcsv_is_list((const uint8_t *)text, strlen(text)));
	import_bytes(&r, text, strlen(text));
	assert_int_equal(r.rc, 1);
	assert_string_equal(r.rows[0].mangled, "a");
	imported_free(&r);
	snprintf(text, sizeof text, "%s", "library,member,sm,kind,mangled,name,collapsed,namespace,"
	    "reg,stack,shared,local,constant,texture,surface,sampler,max_threads,min_blocks,"
	    "spill_stores,spill_loads\r\nlib,,sm_80,entry,a,k,k,,12,0,0,0,,0,0,0,,,,7\r\n");
	import_bytes(&r, text, strlen(text));
	assert_int_equal(r.rc, 1);
	assert_int_equal(r.rows[0].spill_loads, 7);
	imported_free(&r);
}

/* The header names every --list column once and nothing else. */
static void
test_header_rules(void **state)
{
	static const struct {
		const char *header, *what;
	} cases[] = {
		{ "library,member,sm,kind,mangled,name,collapsed,namespace,reg,reg,reg\n",
		  "line 1: column 'reg' appears twice" },
		{ "library,member,sm,kind,mangled,name,collapsed,namespace,reg,stack\n",
		  "line 1: the header has no 'constant' column" },
		{ "library,member,sm,kind,mangled,name,collapsed,namespace,reg,stack,shared,local,"
		  "constant,texture,surface,sampler,max_threads,min_blocks,spill_stores,spill_loads,x\n",
		  "line 1: unknown column 'x'" },
	};
	struct imported r;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char text[512];

		snprintf(text, sizeof text, "%s%s", cases[i].header, GOOD_ROW("a"));
		import_bytes(&r, text, strlen(text));
		assert_int_equal(r.rc, -1);
		assert_int_equal(r.nrows, 0);
		assert_int_equal(r.diags.n, 1);
		says(&r, 0, cases[i].what);
		imported_free(&r);
	}
	/* Columns in another order are read by name. */
	{
		static const char reordered[] = "library,member,sm,kind,mangled,name,collapsed,namespace,"
		    "reg,stack,shared,local,constant,texture,surface,sampler,max_threads,min_blocks,"
		    "spill_loads,spill_stores\nlib,,sm_80,entry,a,k,k,,12,0,0,0,,0,0,0,,,1,2\n";

		import_bytes(&r, reordered, sizeof reordered - 1);
	}
	assert_int_equal(r.rc, 1);
	assert_int_equal(r.rows[0].spill_loads, 1);
	assert_int_equal(r.rows[0].spill_stores, 2);
	imported_free(&r);
}

/* The visibility column: one of ELF's four names; a list written before
 * the column existed (list_header has none) reads as default. */
static void
test_visibility(void **state)
{
	static const char with[] = "library,member,sm,kind,mangled,name,collapsed,namespace,"
	    "reg,stack,shared,local,constant,texture,surface,sampler,max_threads,min_blocks,"
	    "spill_stores,spill_loads,visibility\n"
	    "lib,,sm_80,entry,a,k,k,,12,0,0,0,,0,0,0,,,,,hidden\n"
	    "lib,,sm_80,entry,b,k,k,,12,0,0,0,,0,0,0,,,,,protected\n"
	    "lib,,sm_80,entry,c,k,k,,12,0,0,0,,0,0,0,,,,,\n"
	    "lib,,sm_80,entry,d,k,k,,12,0,0,0,,0,0,0,,,,,secret\n"
	    "lib,,sm_80,entry,e,k,k,,12,0,0,0,,0,0,0,,,,,hidden unlisted\n";
	struct imported r;

	(void)state;
	import_bytes(&r, with, sizeof with - 1);
	assert_int_equal(r.rc, -1);
	assert_int_equal(r.nrows, 4);
	assert_int_equal(r.rows[0].visibility, VIS_HIDDEN);
	assert_int_equal(r.rows[1].visibility, VIS_PROTECTED);
	assert_int_equal(r.rows[2].visibility, VIS_DEFAULT);
	assert_int_equal(r.rows[3].visibility, VIS_HIDDEN | VIS_UNLISTED);
	assert_int_equal(r.diags.n, 1);
	says(&r, 0, "line 5: visibility 'secret' is not default, internal, hidden or protected");
	imported_free(&r);

	import_text(&r, GOOD_ROW("old"));
	assert_int_equal(r.rc, 1);
	assert_int_equal(r.rows[0].visibility, VIS_DEFAULT);
	imported_free(&r);
}

/* Numbers are digits up to INT32_MAX, or nothing for unknown. */
static void
test_numbers(void **state)
{
	static const char *const refused[] = { "1e3", "-1", "+1", "0x10", "99999999999",
		"2147483648", "\" 12 \"", "1.5" };
	struct imported r;

	(void)state;
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		char row[256];

		snprintf(row, sizeof row, "lib,,sm_80,entry,a,k,k,,%s,0,0,0,,0,0,0,,,,\n", refused[i]);
		import_text(&r, row);
		assert_int_equal(r.rc, -1);
		assert_int_equal(r.nrows, 0);
		says(&r, 0, "line 2: column reg: expected a number");
		imported_free(&r);
	}
	import_text(&r, "lib,,sm_80,entry,a,k,k,, 12 ,2147483647,0,0,,0,0,0,,,,\n");
	assert_int_equal(r.rc, 1);
	assert_int_equal(r.rows[0].reg, 12);	/* blanks around a bare field are CSV's */
	assert_int_equal(r.rows[0].stack, INT32_MAX);
	assert_int_equal(r.rows[0].spill_stores, UNKNOWN);
	imported_free(&r);
}

/* Rows of the wrong width, odd sms and kinds, NUL bytes: one message each. */
static void
test_row_rules(void **state)
{
	static const struct {
		const char *row, *what;
	} cases[] = {
		{ "lib,,sm_80,entry,a,k,k,,12\n", "line 2: 9 fields, but the header has 20 columns" },
		{ "lib,,sm_80,entry,a,k,k,,12,0,0,0,,0,0,0,,,,,,\n", "line 2: 22 fields" },
		{ "lib,,sm_8x,entry,a,k,k,,12,0,0,0,,0,0,0,,,,\n", "line 2: sm 'sm_8x' is not an sm" },
		{ "lib,,compute_80,entry,a,k,k,,12,0,0,0,,0,0,0,,,,\n", "sm 'compute_80'" },
		{ "lib,,sm_80,kernel,a,k,k,,12,0,0,0,,0,0,0,,,,\n", "line 2: kind 'kernel' is neither" },
	};
	static const char nul_row[] = "lib,,sm_80,entry,a\0b,k,k,,12,0,0,0,,0,0,0,,,,\n";
	char text[1024];
	struct imported r;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		import_text(&r, cases[i].row);
		assert_int_equal(r.rc, -1);
		assert_int_equal(r.nrows, 0);
		assert_int_equal(r.diags.n, 1);
		says(&r, 0, cases[i].what);
		imported_free(&r);
	}
	memcpy(text, list_header, sizeof list_header - 1);
	memcpy(text + sizeof list_header - 1, nul_row, sizeof nul_row - 1);
	import_bytes(&r, text, sizeof list_header - 1 + sizeof nul_row - 1);
	assert_int_equal(r.rc, -1);
	says(&r, 0, "line 2: column mangled: a NUL byte");
	imported_free(&r);
	/* An empty mangled name is what the scan writes for a nameless symbol. */
	import_text(&r, "lib,,sm_80,entry,,,,,12,0,0,0,,0,0,0,,,,\n");
	assert_int_equal(r.rc, 1);
	imported_free(&r);
	/* Header only: no rows, nothing wrong. */
	import_text(&r, "");
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.diags.n, 0);
	imported_free(&r);
}

/* A quoted line break: the next row's message names the line it starts on. */
static void
test_lines_counted_through_quotes(void **state)
{
	struct imported r;

	(void)state;
	import_text(&r, "lib,,sm_80,entry,a,\"two\nlines\",k,,12,0,0,0,,0,0,0,,,,\n\n"
	    "lib,,sm_80,entry,b,k,k,,12,0,0,0,,0,0,0,,,,x\n");
	assert_int_equal(r.nrows, 1);
	assert_string_equal(r.rows[0].name, "two\nlines");
	says(&r, 0, "line 5: column spill_loads");
	imported_free(&r);
}

static void
test_sm_valid(void **state)
{
	static const char *const good[] = { "sm_0", "sm_80", "sm_90a", "sm_100f", "sm_10000",
		"sm_4294967295" };
	static const char *const bad[] = { "", "s", "sm", "sm_", "sm_a", "sm_086", "sm_86aaa",
		"sm_86b", "sm_-1", "sm_4294967296", "sm_99999999999", "compute_90", "x_86", "SM_86",
		"86" };

	(void)state;
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
		if (!listcsv_sm_valid(good[i]))
			fail_msg("refused %s", good[i]);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		if (listcsv_sm_valid(bad[i]))
			fail_msg("accepted %s", bad[i]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fields_quoted_when_they_must_be),
		cmocka_unit_test(test_record_bound),
		cmocka_unit_test(test_image_fields_on_every_row),
		cmocka_unit_test(test_rows_read_back),
		cmocka_unit_test(test_visibility),
		cmocka_unit_test(test_bad_row_keeps_the_rest),
		cmocka_unit_test(test_bad_rows_counted),
		cmocka_unit_test(test_cut_short),
		cmocka_unit_test(test_open_quote),
		cmocka_unit_test(test_bom_and_crlf),
		cmocka_unit_test(test_header_rules),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_row_rules),
		cmocka_unit_test(test_lines_counted_through_quotes),
		cmocka_unit_test(test_sm_valid),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
