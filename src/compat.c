#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "compat.h"

int
compat_parse(const char *s, struct archid *a)
{
	const char *p = s;
	long n = 0;
	int digits = 0;

	memset(a, 0, sizeof *a);
	if (strncmp(p, "sm_", 3) == 0)
		p += 3;
	else if (strncmp(p, "compute_", 8) == 0) {
		p += 8;
		a->ptx = 1;
	}
	while (isdigit((unsigned char)*p) && digits < 4) {
		n = n * 10 + (*p++ - '0');
		digits++;
	}
	if (digits < 2 || (*p != '\0' && *p != 'a' && *p != 'f') ||
	    (*p != '\0' && p[1] != '\0'))
		return -1;
	a->suffix = *p;
	a->major = (int)(n / 10);
	a->minor = (int)(n % 10);
	return 0;
}

int
compat_number(const struct archid *a)
{
	return a->major * 10 + a->minor;
}

int
compat_sass_runs(const struct archid *img, const struct archid *gpu)
{
	if (img->suffix == 'a')
		return img->major == gpu->major && img->minor == gpu->minor;
	/* Plain and family SASS alike: the same major, a minor at least as high. */
	return img->major == gpu->major && gpu->minor >= img->minor;
}

int
compat_ptx_jits(const struct archid *img, const struct archid *gpu)
{
	if (img->suffix == 'a')
		return img->major == gpu->major && img->minor == gpu->minor;
	if (img->suffix == 'f')
		return img->major == gpu->major && gpu->minor >= img->minor;
	return compat_number(gpu) >= compat_number(img);
}
