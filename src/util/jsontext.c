/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "jsontext.h"
#include "utf8.h"
#include "xalloc.h"

void
jsontext_init(void)
{
	json_set_alloc_funcs(xmalloc, free);
}

json_t *
jsontext_string(const char *s)
{
	json_t *j = json_string(s);
	size_t n, i = 0;
	char *copy;

	if (j != NULL)
		return j;
	n = strlen(s);
	copy = xstrdup(s);
	while (i < n) {
		uint32_t cp;
		size_t len = utf8_decode((const unsigned char *)s + i, n - i, &cp);

		if (len == 0) {
			copy[i] = '?';
			len = 1;
		}
		i += len;
	}
	j = json_string(copy);
	free(copy);
	return j;
}

int
jsontext_fputs(const char *s, FILE *f)
{
	json_t *j = jsontext_string(s);
	int rc = j != NULL ? json_dumpf(j, f, JSON_ENCODE_ANY) : -1;

	json_decref(j);
	return rc;
}
