/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "jsontext.h"
#include "listjson.h"
#include "xalloc.h"

static json_t *
column_json(const struct column *c, const struct image_rec *img, const struct func_rec *fn)
{
	if (c->kind == COLUMN_NUMBER) {
		int32_t v = column_value(c, fn);

		return v < 0 ? json_null() : json_integer(v);
	}
	return jsontext_string(column_text(c, img, fn));
}

char *
listjson_format_rows(const struct image_rec *img, const struct func_rec *rows, size_t n,
    size_t *len)
{
	char *buf = NULL;
	size_t at = 0, cap = 0;

	for (size_t i = 0; i < n; i++) {
		json_t *row = json_object();
		char *line;
		size_t l;

		for (size_t k = 0; k < NCOLUMNS; k++)
			json_object_set_new(row, columns[k].name,
			    column_json(&columns[k], img, &rows[i]));
		line = json_dumps(row, JSON_COMPACT | JSON_PRESERVE_ORDER);
		json_decref(row);
		l = strlen(line);
		xgrow((void **)&buf, &cap, at + l + 1, 1);
		memcpy(buf + at, line, l);
		buf[at + l] = '\n';
		at += l + 1;
		free(line);
	}
	*len = at;
	return buf;
}
