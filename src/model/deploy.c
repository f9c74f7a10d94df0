/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deploy.h"

/* nvcc's default arch when no -arch is given (sm_52 before CUDA 13, and the
 * CMAKE_CUDA_ARCHITECTURES fallback of CMake's CMP0104; sm_75 from CUDA 13):
 * a library that carries only one of them was most likely built with no
 * arch given. */
const char *const deploy_default_arches[] = { "sm_52", "sm_75" };
const size_t deploy_default_arch_count = sizeof deploy_default_arches / sizeof deploy_default_arches[0];

int
deploy_driver_parse(const char *s, long v[3])
{
	const char *p = s;

	v[0] = v[1] = v[2] = 0;
	if (*p == 'R' || *p == 'r')
		p++;
	for (int i = 0; i < 3; i++) {
		char *end;

		if (*p < '0' || *p > '9')
			return -1;
		v[i] = strtol(p, &end, 10);
		if (end - p > 6)
			return -1;
		p = end;
		if (*p == '\0')
			return i + 1;
		if (*p != '.' || i == 2)
			return -1;
		p++;
	}
	return -1;
}

int
deploy_driver_cmp(const long a[3], const long b[3], int n)
{
	for (int i = 0; i < n && i < 3; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

/* The first row of the toolkit's major ("12" of "12.4"), NULL when none. */
static const struct toolkit_driver *
major_row(const char *toolkit)
{
	size_t n = strcspn(toolkit, ".");

	if (n == 0 || toolkit[n] != '.')
		return NULL;
	for (size_t i = 0; i < toolkit_driver_count; i++)
		if (strncmp(toolkit_drivers[i].toolkit, toolkit, n) == 0 &&
		    toolkit_drivers[i].toolkit[n] == '.')
			return &toolkit_drivers[i];
	return NULL;
}

const char *
deploy_min_driver(const struct image_rec *img, const char **why)
{
	const struct toolkit_driver *t;

	*why = "";
	if (img->kind == IMAGE_SASS) {
		/* A newer minor of a known major loads on the same driver
		 * (that is minor-version compatibility); a major the table
		 * does not know is unknown. */
		if (img->toolkit == NULL || (t = major_row(img->toolkit)) == NULL)
			return NULL;
		*why = t->toolkit;
		return t->compat_driver;
	}
	if (img->kind != IMAGE_PTX || img->version_major < 0)
		return NULL;
	for (size_t i = 0; i < toolkit_driver_count; i++) {
		t = &toolkit_drivers[i];
		if (t->ptx_major > img->version_major ||
		    (t->ptx_major == img->version_major && t->ptx_minor >= img->version_minor)) {
			if (t->ptx_major != img->version_major || t->ptx_minor != img->version_minor)
				return NULL;	/* an ISA version no toolkit wrote */
			*why = t->toolkit;
			return t->driver;
		}
	}
	return NULL;
}
