#include "config.h"

#include <stdlib.h>

#include "jsontext.h"
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
	char *copy;

	if (j != NULL)
		return j;
	copy = xstrdup(s);
	for (char *p = copy; *p; p++)
		if ((unsigned char)*p >= 0x80)
			*p = '?';
	j = json_string(copy);
	free(copy);
	return j;
}
