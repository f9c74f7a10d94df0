#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "size.h"
#include "tui_int.h"
#include "view_size.h"
#include "xalloc.h"

#define BAR_WIDTH	20
#define KERNELS_SHOWN	12	/* per arch; the rest on one line */

/* One (library, arch, kind) or (library, arch, kernel): bytes summed. */
struct cell {
	const char	*library, *arch, *kernel;
	uint64_t	 bytes;
};

static int
cell_key_cmp(const void *a, const void *b)
{
	const struct cell *x = a, *y = b;
	int c = strcmp(x->library, y->library);

	if (c == 0)
		c = strcmp(x->arch, y->arch);
	if (c == 0)
		c = strcmp(x->kernel, y->kernel);
	return c;
}

static int
cell_bytes_cmp(const void *a, const void *b)
{
	const struct cell *x = a, *y = b;

	if (x->bytes != y->bytes)
		return x->bytes > y->bytes ? -1 : 1;
	return strcmp(x->kernel, y->kernel);
}

/* The kernels' code per (library, arch, collapsed name), summed, sorted by key. */
static struct cell *
kernel_cells(const struct model *m, size_t *np)
{
	struct cell *v = xcalloc(m->nfuncs ? m->nfuncs : 1, sizeof *v);
	size_t n = 0;

	for (size_t i = 0; i < m->nfuncs; i++) {
		const struct func_rec *f = &m->funcs[i];

		v[i].library = m->images[f->image].library;
		v[i].arch = m->images[f->image].arch;
		v[i].kernel = f->collapsed != NULL ? f->collapsed : f->mangled;
		v[i].bytes = f->code_bytes > 0 ? (uint64_t)f->code_bytes : 0;
	}
	qsort(v, m->nfuncs, sizeof *v, cell_key_cmp);
	for (size_t i = 0; i < m->nfuncs; i++) {
		if (n > 0 && cell_key_cmp(&v[n - 1], &v[i]) == 0)
			v[n - 1].bytes += v[i].bytes;
		else
			v[n++] = v[i];
	}
	*np = n;
	return v;
}

static void
bar(char *out, uint64_t part, uint64_t whole)
{
	int fill = whole > 0 ? (int)((part * BAR_WIDTH + whole / 2) / whole) : 0;

	for (int i = 0; i < BAR_WIDTH; i++)
		out[i] = i < fill ? '#' : '.';
	out[BAR_WIDTH] = '\0';
}

static void
line(struct textbuf *tb, int cls, int indent, const char *what, uint64_t bytes, uint64_t whole,
    int cols)
{
	char b[BAR_WIDTH + 1], size[BYTES_TEXT_MAX];
	int width = cols - indent - BAR_WIDTH - 24;

	bar(b, bytes, whole);
	bytes_format_as((int64_t)bytes, bytes >= (1u << 20) ? BYTES_MIB : BYTES_KIB, size, sizeof size);
	if (width < 16)
		width = 16;
	tb_add(tb, cls, "%*s%-*.*s %12s [%s] %5.1f%%", indent, "", width, width, what, size, b,
	    whole > 0 ? 100.0 * (double)bytes / (double)whole : 0.0);
}

/* One arch of a library, with its largest kernels. */
static void
arch_lines(struct tui *t, const struct size_arch *a, size_t i, const struct cell *k, size_t nk,
    uint64_t lib_bytes)
{
	{
		char what[64];
		struct cell key = { .library = a[i].library, .arch = a[i].arch, .kernel = "" };
		size_t lo = 0, hi = nk, first, n = 0;
		struct cell *mine;

		snprintf(what, sizeof what, "%s %s (%u image%s)", a[i].arch,
		    a[i].kind == IMAGE_SASS ? "SASS" : a[i].kind == IMAGE_PTX ? "PTX" : "LTO-IR",
		    a[i].images, a[i].images == 1 ? "" : "s");
		line(&t->tb, TB_NORMAL, 2, what, a[i].stored, lib_bytes, t->cols);
		if (a[i].kind != IMAGE_SASS)
			return;
		while (lo < hi) {	/* the first cell of (library, arch) */
			size_t mid = (lo + hi) / 2;

			if (cell_key_cmp(&k[mid], &key) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		first = lo;
		while (first + n < nk && k[first + n].library == a[i].library &&
		    strcmp(k[first + n].arch, a[i].arch) == 0)
			n++;
		mine = xmalloc((n ? n : 1) * sizeof *mine);
		memcpy(mine, k + first, n * sizeof *mine);
		qsort(mine, n, sizeof *mine, cell_bytes_cmp);
		for (size_t j = 0; j < n && j < KERNELS_SHOWN; j++)
			line(&t->tb, TB_DIM, 4, mine[j].kernel, mine[j].bytes, a[i].code, t->cols);
		if (n > KERNELS_SHOWN)
			tb_add(&t->tb, TB_DIM, "    ... %zu more kernels", n - KERNELS_SHOWN);
		free(mine);
	}
}

int
view_size_available(const struct tui *t)
{
	return t->m->nimages > 0;
}

void
view_size_fill(struct tui *t)
{
	size_t na, nk;
	struct size_arch *a = size_arches(t->m, &na);
	struct cell *k = kernel_cells(t->m, &nk);
	const char **libs = xcalloc(na + 1, sizeof *libs);
	uint64_t *lib_bytes = xcalloc(na + 1, sizeof *lib_bytes), all = 0;
	size_t nl = 0;

	/* Libraries by their images' stored bytes. */
	for (size_t i = 0; i < na; i++) {
		size_t l = 0;

		while (l < nl && libs[l] != a[i].library)
			l++;
		if (l == nl)
			libs[nl++] = a[i].library;
		lib_bytes[l] += a[i].stored;
		all += a[i].stored;
	}
	for (size_t x = 0; x < nl; x++)	/* most bytes first: few libraries */
		for (size_t y = x + 1; y < nl; y++)
			if (lib_bytes[y] > lib_bytes[x]) {
				const char *s = libs[x];
				uint64_t b = lib_bytes[x];

				libs[x] = libs[y], lib_bytes[x] = lib_bytes[y];
				libs[y] = s, lib_bytes[y] = b;
			}
	tb_add(&t->tb, TB_HEADING, "Where the bytes go: the images' stored bytes by library and arch, "
	    "a SASS arch's kernels by code bytes (--list=sizes has every line)");
	for (size_t l = 0; l < nl; l++) {
		tb_add(&t->tb, TB_NORMAL, "%s", "");
		line(&t->tb, TB_HEADING, 0, libs[l], lib_bytes[l], all, t->cols);
		for (size_t i = 0; i < na; i++)	/* a[] is by bytes, largest first */
			if (a[i].library == libs[l])
				arch_lines(t, a, i, k, nk, lib_bytes[l]);
	}
	free(libs);
	free(lib_bytes);
	free(a);
	free(k);
}
