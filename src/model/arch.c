#include "config.h"

#include <string.h>

#include "arch.h"

/* The prefixes an arch name may carry, and what each says. */
static const struct {
	const char	*prefix;
	int		 ptx;
} arch_prefixes[] = {
	{ "sm_", 0 },
	{ "compute_", 1 },
};

/* The suffixes, in the order arch_cmp puts them after the plain arch. */
static const char arch_suffixes[] = "af";

int
arch_parse(const char *s, struct arch_id *a)
{
	const char *p = s;
	int n = 0, digits = 0;

	memset(a, 0, sizeof *a);
	if (s == NULL)
		return -1;
	a->bare = 1;
	for (size_t i = 0; i < sizeof arch_prefixes / sizeof arch_prefixes[0]; i++) {
		size_t len = strlen(arch_prefixes[i].prefix);

		if (strncmp(p, arch_prefixes[i].prefix, len) == 0) {
			p += len;
			a->ptx = arch_prefixes[i].ptx;
			a->bare = 0;
			break;
		}
	}
	/* Digits only (no sign, no blank) and no more than ARCH_DIGITS_MAX of
	 * them: the number fits an int whatever the string's length. */
	while (*p >= '0' && *p <= '9' && digits < ARCH_DIGITS_MAX) {
		n = n * 10 + (*p++ - '0');
		digits++;
	}
	if (digits < 2 || (*p != '\0' && (strchr(arch_suffixes, *p) == NULL || p[1] != '\0'))) {
		memset(a, 0, sizeof *a);
		return -1;
	}
	a->suffix = *p;
	a->number = n;
	a->major = n / 10;
	a->minor = n % 10;
	return 0;
}

int
arch_sass_runs(const struct arch_id *img, const struct arch_id *gpu)
{
	if (img->suffix == 'a')
		return img->number == gpu->number;
	/* Plain and family SASS alike: the same major, a minor at least as high. */
	return img->major == gpu->major && gpu->minor >= img->minor;
}

int
arch_ptx_jits(const struct arch_id *img, const struct arch_id *gpu)
{
	if (img->suffix == 'a')
		return img->number == gpu->number;
	if (img->suffix == 'f')
		return img->major == gpu->major && gpu->minor >= img->minor;
	return gpu->number >= img->number;
}

/* 0 for a plain arch, then 1, 2, ... in the order of arch_suffixes. */
static int
suffix_rank(char suffix)
{
	return suffix == '\0' ? 0 : (int)(strchr(arch_suffixes, suffix) - arch_suffixes) + 1;
}

int
arch_cmp(const char *x, const char *y)
{
	struct arch_id a, b;
	int px = arch_parse(x, &a), py = arch_parse(y, &b);

	if (px != py)
		return px == 0 ? -1 : 1;	/* names that parse first */
	if (px == 0) {
		if (a.ptx != b.ptx)
			return a.ptx - b.ptx;
		if (a.number != b.number)
			return a.number < b.number ? -1 : 1;
		if (a.suffix != b.suffix)
			return suffix_rank(a.suffix) - suffix_rank(b.suffix);
	}
	return strcmp(x, y);
}

int
arch_qsort_cmp(const void *x, const void *y)
{
	return arch_cmp(*(const char *const *)x, *(const char *const *)y);
}

/* Whether one --arch filter selects the parsed image arch img (named s). */
static int
filter_selects(const char *filter, const struct arch_id *img, int img_parsed, const char *s)
{
	struct arch_id f;

	if (strcmp(filter, s) == 0)
		return 1;
	if (!img_parsed || arch_parse(filter, &f) < 0 || f.number != img->number)
		return 0;
	if (f.suffix == '\0')
		return 1;	/* "86", "sm_86": every variant, SASS and PTX */
	return f.suffix == img->suffix && (f.bare || f.ptx == img->ptx);
}

int
arch_selected(const char *const *filters, size_t n, const char *arch)
{
	struct arch_id img;
	int parsed;

	if (n == 0)
		return 1;
	parsed = arch_parse(arch, &img) == 0;
	for (size_t i = 0; i < n; i++)
		if (filter_selects(filters[i], &img, parsed, arch))
			return 1;
	return 0;
}
