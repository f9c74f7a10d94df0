/* --list=sizes: the attribution as CSV, one line per size_line. */
#include "config.h"

#include <csv.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsontext.h"
#include "size.h"
#include "xalloc.h"

/* A field as it is when nothing in it needs quotes, else through libcsv
 * into a buffer: csv_fwrite's byte-by-byte putc was most of the time. */
static void
field(FILE *f, const char *s, int last)
{
	size_t n = strlen(s);

	if (s[strcspn(s, ",\"\r\n")] == '\0' && (n == 0 || (s[0] != ' ' && s[n - 1] != ' ')))
		fwrite(s, 1, n, f);
	else {
		size_t need = csv_write(NULL, 0, s, n);
		char *buf = xmalloc(need);

		fwrite(buf, 1, csv_write(buf, need, s, n), f);
		free(buf);
	}
	putc(last ? '\n' : ',', f);
}

static void
number(FILE *f, uint64_t v, int last)
{
	if (v != SIZE_UNKNOWN)
		fprintf(f, "%llu", (unsigned long long)v);
	putc(last ? '\n' : ',', f);
}

void
size_list_write_json(FILE *f, const struct model *m)
{
	struct size_table t;

	size_attribute(m, &t);
	for (size_t i = 0; i < t.n; i++) {
		const struct size_line *l = &t.v[i];
		json_t *row = json_object();
		char *line;

		json_object_set_new(row, "level", json_string(size_level_names[l->level]));
		json_object_set_new(row, "library", jsontext_string(l->library));
		json_object_set_new(row, "member", jsontext_string(l->member));
		json_object_set_new(row, "arch", jsontext_string(l->arch));
		json_object_set_new(row, "what", jsontext_string(l->what));
		json_object_set_new(row, "kernel", jsontext_string(l->kernel));
		json_object_set_new(row, "name", jsontext_string(l->name));
		json_object_set_new(row, "count", json_integer((json_int_t)l->count));
		json_object_set_new(row, "stored", l->stored == SIZE_UNKNOWN ? json_null() :
		    json_integer((json_int_t)l->stored));
		json_object_set_new(row, "size", json_integer((json_int_t)l->size));
		line = json_dumps(row, JSON_COMPACT | JSON_PRESERVE_ORDER);
		if (line != NULL) {
			fputs(line, f);
			putc('\n', f);
			free(line);
		}
		json_decref(row);
	}
	size_table_free(&t);
}

void
size_list_write(FILE *f, const struct model *m)
{
	struct size_table t;

	size_attribute(m, &t);
	fputs("level,library,member,arch,what,kernel,name,count,stored,size\n", f);
	for (size_t i = 0; i < t.n; i++) {
		const struct size_line *l = &t.v[i];

		field(f, size_level_names[l->level], 0);
		field(f, l->library, 0);
		field(f, l->member, 0);
		field(f, l->arch, 0);
		field(f, l->what, 0);
		field(f, l->kernel, 0);
		field(f, l->name, 0);
		number(f, l->count, 0);
		number(f, l->stored, 0);
		number(f, l->size, 1);
	}
	size_table_free(&t);
}
