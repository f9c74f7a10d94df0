/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <string.h>

#include "arch.h"
#include "occupancy.h"

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
arch_sass_answers(const struct arch_id *img, const struct arch_id *want)
{
	if (want->suffix != '\0')
		return img->number == want->number && img->suffix == want->suffix;
	return arch_sass_runs(img, want);
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

const char *const amdgpu_feature_names[AMDGPU_FEATURES] = { "sramecc", "xnack" };

static int
hex_digit(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

int
arch_amdgpu_parse(const char *s, struct amdgpu_target *t)
{
	const char *p, *colon;
	size_t n;
	int next = 0;

	memset(t, 0, sizeof *t);
	if (s == NULL || strncmp(s, "gfx", 3) != 0)
		return -1;
	colon = strchr(s, ':');
	n = colon != NULL ? (size_t)(colon - s) : strlen(s);
	/* gfx + 1-2 major digits + minor digit + stepping (hex). */
	if (n < 6 || n > 7 || n >= sizeof t->processor)
		goto bad;
	for (size_t i = 3; i < n - 1; i++)
		if (s[i] < '0' || s[i] > '9')
			goto bad;
	if (hex_digit(s[n - 1]) < 0)
		goto bad;
	memcpy(t->processor, s, n);
	t->major = n == 7 ? (s[3] - '0') * 10 + (s[4] - '0') : s[3] - '0';
	t->minor = s[n - 2] - '0';
	t->stepping = hex_digit(s[n - 1]);
	for (p = colon; p != NULL; p = strchr(p + 1, ':')) {
		const char *end = strchr(p + 1, ':');
		size_t len = end != NULL ? (size_t)(end - p - 1) : strlen(p + 1);
		int k;

		for (k = next; k < AMDGPU_FEATURES; k++)
			if (len == strlen(amdgpu_feature_names[k]) + 1 &&
			    strncmp(p + 1, amdgpu_feature_names[k], len - 1) == 0 &&
			    (p[len] == '+' || p[len] == '-'))
				break;
		if (k == AMDGPU_FEATURES)
			goto bad;	/* unknown, repeated or out of order */
		t->features[k] = p[len];
		next = k + 1;
	}
	return 0;
bad:
	memset(t, 0, sizeof *t);
	return -1;
}

int
arch_is_amdgpu(const char *s)
{
	struct amdgpu_target t;

	return arch_amdgpu_parse(s, &t) == 0;
}

int
arch_amdgpu_runs(const struct amdgpu_target *img, const struct amdgpu_target *gpu)
{
	if (strcmp(img->processor, gpu->processor) != 0)
		return 0;
	for (int k = 0; k < AMDGPU_FEATURES; k++)
		if (img->features[k] != 0 && gpu->features[k] != 0 && img->features[k] != gpu->features[k])
			return 0;
	return 1;
}

/* AMDGPU targets by version, then plain before featured (as text). */
static int
amdgpu_cmp(const struct amdgpu_target *a, const struct amdgpu_target *b)
{
	if (a->major != b->major)
		return a->major < b->major ? -1 : 1;
	if (a->minor != b->minor)
		return a->minor < b->minor ? -1 : 1;
	if (a->stepping != b->stepping)
		return a->stepping < b->stepping ? -1 : 1;
	return 0;
}

int
arch_cmp(const char *x, const char *y)
{
	struct arch_id a, b;
	struct amdgpu_target ga, gb;
	int px = arch_parse(x, &a), py = arch_parse(y, &b);

	if (px != py)
		return px == 0 ? -1 : 1;	/* names that parse first */
	if (px != 0) {
		int gx = arch_amdgpu_parse(x, &ga), gy = arch_amdgpu_parse(y, &gb), c;

		if (gx != gy)
			return gx == 0 ? -1 : 1;	/* then AMDGPU targets */
		if (gx == 0 && (c = amdgpu_cmp(&ga, &gb)) != 0)
			return c;
	}
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
	struct amdgpu_target ft, it;

	if (strcmp(filter, s) == 0)
		return 1;
	/* "gfx90a": every feature variant of the processor. */
	if (arch_amdgpu_parse(filter, &ft) == 0 && arch_amdgpu_parse(s, &it) == 0)
		return strcmp(filter, ft.processor) == 0 && strcmp(ft.processor, it.processor) == 0;
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

/* The newest generation data/arches.csv has limits for. */
static int
newest_major(void)
{
	int newest = 0;

	for (size_t i = 0; i < arch_limits_count; i++) {
		struct arch_id a;

		if (arch_parse(arch_limits_table[i].arch, &a) == 0 && a.major > newest)
			newest = a.major;
	}
	return newest;
}

int
arch_valid(const char *name, int sass_only)
{
	struct arch_id a;

	if (!sass_only && arch_is_amdgpu(name))
		return 1;	/* an AMDGPU target: gfx906, gfx90a:xnack+ */
	return arch_parse(name, &a) == 0 && a.major <= newest_major() && !(sass_only && a.ptx);
}
