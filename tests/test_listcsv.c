/*
 * The rows --list writes (src/listcsv.c): fields quoted only when they
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
	f->spill_stores = f->spill_loads = UNKNOWN;
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
	    "lib/libk.so,,sm_90a,entry,_Z1kv,k(),k(),,32,0,0,0,0:904 3:8,0,0,0,1024,,,\n"
	    "lib/libk.so,,sm_90a,entry,_Z1fif,\"f(int, float)\",\"f(int, float)\",n,"
	    "32,0,0,0,0:904 3:8,0,0,0,1024,,,\n"
	    "lib/libk.so,,sm_90a,entry,\"a\"\"b\",\"line\nbreak\",\"line\nbreak\",\"cr\r\","
	    "32,0,0,0,0:904 3:8,0,0,0,1024,,,\n"
	    "lib/libk.so,,sm_90a,entry,x,\"say \"\"hi\"\", twice\",\"say \"\"hi\"\", twice\",,"
	    "32,0,0,0,0:904 3:8,0,0,0,1024,,,\n");
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
	s = format(&img, f, 2);
	assert_string_equal(s,
	    "\"dir,with,commas/lib\"\"q\"\".a\",member.o,sm_90a,entry,_Z1av,a(),a(),,"
	    "32,0,0,0,0:904 3:8,0,0,0,1024,,,\n"
	    "\"dir,with,commas/lib\"\"q\"\".a\",member.o,sm_90a,device,_Z1bv,b(),b(),,"
	    ",0,0,0,0:904 3:8,0,0,0,1024,,,\n");
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
	for (size_t i = 0; i < n; i++)
		fill_func(&f[i], names[i], names[i], names[i]);
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
	}
	free(back);
	model_free(&m);
	diag_free(&diags);
	free(csv);
	free(rows);
	free(header);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fields_quoted_when_they_must_be),
		cmocka_unit_test(test_image_fields_on_every_row),
		cmocka_unit_test(test_rows_read_back),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
