/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "deploy.h"
#include "occupancy.h"
#include "whatif.h"
#include "xalloc.h"

const char *const whatif_mode_names[WHATIF_MODES] = {
	[WHATIF_KEEP] = "keep",
	[WHATIF_NONE] = "none",
	[WHATIF_SPEED] = "speed",
	[WHATIF_BALANCED] = "balanced",
	[WHATIF_SIZE] = "size",
};

/* The words compress= takes: nvcc's -compress-mode values, "balance" and
 * "default" as nvcc spells the balanced mode. */
static const struct {
	const char	*word;
	int		 mode;
} mode_words[] = {
	{ "none", WHATIF_NONE }, { "speed", WHATIF_SPEED }, { "balanced", WHATIF_BALANCED },
	{ "balance", WHATIF_BALANCED }, { "default", WHATIF_BALANCED }, { "size", WHATIF_SIZE },
	{ "keep", WHATIF_KEEP },
};

/*
 * What each mode compresses, and how: measured with fatbinary 13.0's
 * hidden --compress-algorithm and --compress-level against its modes'
 * output (doc/binary-formats.md 3.3): speed is LZ4 HC level 2 (algorithm
 * 2), balanced (nvcc's default) zstd level 5, size zstd level 19; speed
 * and balanced compress PTX, debug and relocatable (-rdc) images only
 * unless -compress-all, size compresses every image.
 */
static const struct {
	uint8_t		 codec;		/* enum image_compression */
	int		 level;
	int		 all;		/* SASS too, without -compress-all */
} mode_codecs[WHATIF_MODES] = {
	[WHATIF_NONE] = { COMPRESS_NONE, 0, 1 },
	[WHATIF_SPEED] = { COMPRESS_LZ4, 2, 0 },
	[WHATIF_BALANCED] = { COMPRESS_ZSTD, 5, 0 },
	[WHATIF_SIZE] = { COMPRESS_ZSTD, 19, 1 },
};

/* One arch of a list clause, normalized to the kind it names: "80",
 * "sm_80" into sm_80 (drop) or compute_80 (drop-ptx). */
static int
add_arch(struct strlist *l, const char *word, int ptx, char *err, size_t errsize)
{
	struct arch_id a;
	char name[32];

	if (arch_parse(word, &a) < 0 || !arch_valid(word, 0) || arch_is_amdgpu(word)) {
		snprintf(err, errsize, "--what-if: '%s' is no NVIDIA arch", word);
		return -1;
	}
	if (!a.bare && a.ptx != ptx) {
		snprintf(err, errsize, "--what-if: %s names %s; %s takes %s", word,
		    a.ptx ? "PTX" : "SASS", ptx ? "drop-ptx" : "drop",
		    ptx ? "compute_XY (or XY)" : "sm_XY (or XY)");
		return -1;
	}
	snprintf(name, sizeof name, "%s_%d%s", ptx ? "compute" : "sm", a.number,
	    a.suffix == 'a' ? "a" : a.suffix == 'f' ? "f" : "");
	strlist_add(l, name);
	return 0;
}

static int
set_mode(struct whatif *w, const char *word, char *err, size_t errsize)
{
	for (size_t i = 0; i < sizeof mode_words / sizeof mode_words[0]; i++)
		if (strcmp(word, mode_words[i].word) == 0) {
			w->mode = mode_words[i].mode;
			return 0;
		}
	snprintf(err, errsize, "--what-if: compress=%s: the modes are none, speed, balanced, size", word);
	return -1;
}

/* The clause an item continues: a list of arches, or none. */
enum clause { CLAUSE_NONE, CLAUSE_DROP, CLAUSE_DROP_PTX };

static int
item(struct whatif *w, char *it, enum clause *c, char *err, size_t errsize)
{
	char *sep = it + strcspn(it, ":="), *value;

	if (*sep == '\0') {
		if (strcmp(it, "compress-all") == 0) {
			w->compress_all = 1;
			*c = CLAUSE_NONE;
			return 0;
		}
		if (*c == CLAUSE_NONE) {
			snprintf(err, errsize, "--what-if: '%s': expected drop:ARCHES, drop-ptx:ARCHES, "
			    "ptx:none, compress=MODE or compress-all", it);
			return -1;
		}
		return add_arch(*c == CLAUSE_DROP ? &w->drop_sass : &w->drop_ptx, it,
		    *c == CLAUSE_DROP_PTX, err, errsize);
	}
	*sep = '\0';
	value = sep + 1;
	*c = CLAUSE_NONE;
	if (strcmp(it, "drop") == 0 || strcmp(it, "drop-ptx") == 0) {
		*c = it[4] == '\0' ? CLAUSE_DROP : CLAUSE_DROP_PTX;
		return add_arch(*c == CLAUSE_DROP ? &w->drop_sass : &w->drop_ptx, value,
		    *c == CLAUSE_DROP_PTX, err, errsize);
	}
	if (strcmp(it, "ptx") == 0) {
		if (strcmp(value, "none") != 0) {
			snprintf(err, errsize, "--what-if: ptx:%s: ptx takes none", value);
			return -1;
		}
		w->ptx_none = 1;
		return 0;
	}
	if (strcmp(it, "compress") == 0 || strcmp(it, "compress-mode") == 0)
		return set_mode(w, value, err, errsize);
	snprintf(err, errsize, "--what-if: unknown change '%s'", it);
	return -1;
}

int
whatif_parse(struct whatif *w, const char *arg, char *err, size_t errsize)
{
	char *copy = xstrdup(arg), *p = copy;
	enum clause c = CLAUSE_NONE;
	int rc = 0, any = 0;

	while (rc == 0 && p != NULL) {
		char *next = p + strcspn(p, ",;");

		if (*next != '\0')
			*next++ = '\0';
		else
			next = NULL;
		if (*p != '\0') {
			rc = item(w, p, &c, err, errsize);
			any = 1;
		}
		p = next;
	}
	free(copy);
	if (rc == 0 && !any) {
		snprintf(err, errsize, "--what-if: no change given");
		rc = -1;
	}
	if (rc == 0)
		w->given = 1;
	return rc;
}

void
whatif_free(struct whatif *w)
{
	strlist_free(&w->drop_sass);
	strlist_free(&w->drop_ptx);
	memset(w, 0, sizeof *w);
}

/* The mode in force: -compress-all alone is nvcc's default mode with it. */
static int
mode_of(const struct whatif *w)
{
	if (w->mode == WHATIF_KEEP && w->compress_all)
		return WHATIF_BALANCED;
	return w->mode;
}

int
whatif_compresses(const struct whatif *w)
{
	return w != NULL && w->given && mode_of(w) != WHATIF_KEEP;
}

/* Whether the image is a fatbin entry the mode applies to: SASS or PTX
 * (LTO-IR entries are flagged zstd but hold no zstd frame: kept as they
 * are), in a container (a bare cubin is no fatbin entry). */
static int
recompressible(const struct image_rec *img)
{
	return img->fatbin > 0 && (img->kind == IMAGE_SASS || img->kind == IMAGE_PTX);
}

enum image_compression
whatif_codec(const struct whatif *w, const struct image_rec *img, int *level)
{
	int m = w != NULL && w->given ? mode_of(w) : WHATIF_KEEP;

	*level = 0;
	if (m == WHATIF_KEEP || !recompressible(img))
		return (enum image_compression)img->compression;
	if (img->kind == IMAGE_SASS && !img->has_debug && !img->relocatable && !mode_codecs[m].all &&
	    !w->compress_all)
		return COMPRESS_NONE;
	*level = mode_codecs[m].level;
	return (enum image_compression)mode_codecs[m].codec;
}

static int
listed(const struct strlist *l, const char *arch)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->v[i], arch) == 0)
			return 1;
	return 0;
}

int
whatif_drops(const struct whatif *w, const struct image_rec *img)
{
	if (w == NULL || !w->given)
		return 0;
	if (img->kind == IMAGE_SASS)
		return listed(&w->drop_sass, img->arch);
	if (img->kind == IMAGE_PTX)
		return w->ptx_none || listed(&w->drop_ptx, img->arch);
	return 0;
}

static uint64_t
pad8(uint64_t n)
{
	return (n + 7) & ~(uint64_t)7;
}

uint64_t
whatif_payload(const struct whatif *w, const struct image_rec *img, int *known)
{
	int level;
	enum image_compression c = whatif_codec(w, img, &level);

	*known = 1;
	if (!whatif_compresses(w) || !recompressible(img))
		return img->stored_size;
	if (c == COMPRESS_NONE)
		/* Stored plain: the image itself (PTX with its NUL), padded
		 * by the entry (an uncompressed one's size is padded already). */
		return img->size;
	if (img->predicted > 0)
		return img->predicted;
	*known = 0;
	return img->stored_size;
}

/* The bytes the image's entry takes after w: 0 dropped; the header kept
 * (entry_size less the padded payload), the new payload padded to 8. */
static uint64_t
entry_after(const struct whatif *w, const struct image_rec *img, int *known)
{
	uint64_t header;

	*known = 1;
	if (whatif_drops(w, img))
		return 0;
	if (img->fatbin == 0)
		return img->stored_size;	/* a bare cubin, kept whole */
	header = img->entry_size - pad8(img->stored_size);
	return header + pad8(whatif_payload(w, img, known));
}

/*
 * The most SASS arches told apart in one linked section, for finding the
 * device link's inputs a rebuild makes (inputs_built): a build targets a
 * few; CUDA 13 knows 12.  Past it, arches are not added, and an input of
 * another arch is taken for a prebuilt library's.
 */
#define WHATIF_LINKED_ARCHES	64

static int
same_file(const struct fatbin_rec *a, const struct fatbin_rec *b)
{
	return a->library == b->library && a->member == b->member;
}

/*
 * The SASS arches of each linked section (a fatbin that holds no inputs)
 * of a file that carries inputs; the others' lists stay empty.  A file's
 * sections are next to each other in model.fatbins.
 */
static struct strlist *
linked_arches(const struct model *m)
{
	struct strlist *arches = xcalloc(m->nfatbins + 1, sizeof *arches);
	uint8_t *wanted = xcalloc(m->nfatbins + 1, 1);

	for (size_t i = 0; i < m->nfatbins; i++) {
		if (!m->fatbins[i].inputs)
			continue;
		for (size_t k = i; k-- > 0 && same_file(&m->fatbins[k], &m->fatbins[i]);)
			wanted[k] = !m->fatbins[k].inputs;
		for (size_t k = i + 1; k < m->nfatbins && same_file(&m->fatbins[k], &m->fatbins[i]); k++)
			wanted[k] = !m->fatbins[k].inputs;
	}
	for (size_t i = 0; i < m->nimages; i++) {
		const struct image_rec *img = &m->images[i];
		struct strlist *l;

		if (img->fatbin == 0 || !wanted[img->fatbin - 1] || img->kind != IMAGE_SASS)
			continue;
		l = &arches[img->fatbin - 1];
		if (l->n < WHATIF_LINKED_ARCHES && !listed(l, img->arch))
			strlist_add(l, img->arch);
	}
	free(wanted);
	return arches;
}

/* Whether a linked section of fb's file holds SASS of arch. */
static int
linked(const struct model *m, const struct strlist *arches, size_t fb, const char *arch)
{
	const struct fatbin_rec *f = &m->fatbins[fb];

	for (size_t k = fb; k-- > 0 && same_file(&m->fatbins[k], f);)
		if (listed(&arches[k], arch))
			return 1;
	for (size_t k = fb + 1; k < m->nfatbins && same_file(&m->fatbins[k], f); k++)
		if (listed(&arches[k], arch))
			return 1;
	return 0;
}

/*
 * Which of the device link's inputs a rebuild makes anew (built[i] for
 * model.inputs[i]).  An object's relocatable fatbin is a container whose
 * entries lie back to back; one that holds SASS of an arch the file's
 * device link did not make came from a prebuilt library (libcudadevrt.a's
 * sm_75 to sm_121, in an executable that uses dynamic parallelism), which
 * the host linker copies as it ships: a rebuild neither drops nor
 * compresses it anew (tests/corpus/sepcomp's sepapp rebuilt in each mode).
 */
static uint8_t *
inputs_built(const struct model *m)
{
	uint8_t *built = xcalloc(m->ninputs + 1, 1);
	struct strlist *arches = linked_arches(m);

	for (size_t a = 0, b; a < m->ninputs; a = b) {
		const struct image_rec *first = &m->inputs[a];
		int ours = first->fatbin > 0;

		for (b = a; b < m->ninputs; b++) {
			const struct image_rec *img = &m->inputs[b], *prev = &m->inputs[b - (b > a)];

			if (b > a && (img->fatbin != first->fatbin || img->offset != prev->offset + prev->entry_size))
				break;
			if (ours && img->kind == IMAGE_SASS)
				ours = linked(m, arches, img->fatbin - 1, img->arch);
		}
		memset(built + a, ours, b - a);
	}
	for (size_t i = 0; i < m->nfatbins; i++)
		strlist_free(&arches[i]);
	free(arches);
	return built;
}

/* How a GPU runs the images of [from, to) kept (after) or all (now):
 * 2 native SASS, 1 PTX JIT, 0 not at all. */
static int
runs(const struct model *m, const size_t *idx, size_t n, const struct whatif *w, int after,
    const struct arch_id *gpu)
{
	int how = 0;

	for (size_t k = 0; k < n; k++) {
		const struct image_rec *img = &m->images[idx[k]];
		struct arch_id a;

		if ((after && whatif_drops(w, img)) || arch_parse(img->arch, &a) < 0)
			continue;
		if (img->kind == IMAGE_SASS && arch_sass_runs(&a, gpu))
			return 2;
		if (img->kind == IMAGE_PTX && arch_ptx_jits(&a, gpu))
			how = 1;
	}
	return how;
}

/* Appends word to *list, space-separated. */
static void
add_word(char **list, const char *word)
{
	char *s = xasprintf("%s%s%s", *list, **list ? " " : "", word);

	free(*list);
	*list = s;
}

/* The newest of the images' oldest drivers (kept ones, after); NULL when
 * one is unknown or there is none. */
static const char *
driver_floor(const struct model *m, const size_t *idx, size_t n, const struct whatif *w, int after)
{
	const char *floor = NULL;
	long best[3] = { 0, 0, 0 }, v[3];

	for (size_t k = 0; k < n; k++) {
		const struct image_rec *img = &m->images[idx[k]];
		const char *why, *drv;

		if ((img->kind != IMAGE_SASS && img->kind != IMAGE_PTX) || (after && whatif_drops(w, img)))
			continue;
		if ((drv = deploy_min_driver(img, &why)) == NULL || deploy_driver_parse(drv, v) < 0)
			return NULL;
		if (floor == NULL || deploy_driver_cmp(v, best, 3) > 0) {
			floor = drv;
			memcpy(best, v, sizeof best);
		}
	}
	return floor;
}

/* The GPUs' lists of one file. */
static void
file_gpus(const struct model *m, const size_t *idx, size_t n, const struct whatif *w,
    struct whatif_file *f)
{
	f->lose_native = xstrdup("");
	f->to_jit = xstrdup("");
	f->cannot = xstrdup("");
	for (size_t g = 0; g < arch_limits_count; g++) {
		struct arch_id gpu;
		int before, after;

		if (arch_parse(arch_limits_table[g].arch, &gpu) < 0)
			continue;
		gpu.suffix = 0;
		gpu.ptx = 0;
		before = runs(m, idx, n, w, 0, &gpu);
		after = runs(m, idx, n, w, 1, &gpu);
		if (before == 2 && after < 2)
			add_word(&f->lose_native, arch_limits_table[g].arch);
		if (before == 2 && after == 1)
			add_word(&f->to_jit, arch_limits_table[g].arch);
		if (before > 0 && after == 0)
			add_word(&f->cannot, arch_limits_table[g].arch);
	}
}

static struct whatif_file *
file_of(struct whatif_result *r, size_t *cap, const char *library, const char *member)
{
	struct whatif_file *f;

	/* A file's sections and images come together in the model's order;
	 * an archive's members each make a file of their own. */
	for (size_t i = r->n; i-- > 0;)
		if (r->v[i].library == library && r->v[i].member == member)
			return &r->v[i];
	xgrow((void **)&r->v, cap, r->n + 1, sizeof *r->v);
	f = &r->v[r->n++];
	memset(f, 0, sizeof *f);
	f->library = library;
	f->member = member;
	return f;
}

/* The files' images, grouped: order[] holds image indices, file k's
 * from start[k] to start[k + 1]. */
static void
group_images(const size_t *file, size_t nimages, size_t nfiles, size_t *order, size_t *start)
{
	size_t *at = xcalloc(nfiles + 1, sizeof *at);

	for (size_t i = 0; i < nimages; i++)
		if (file[i] != SIZE_MAX)
			start[file[i] + 1]++;
	for (size_t k = 0; k < nfiles; k++)
		start[k + 1] += start[k];
	memcpy(at, start, (nfiles + 1) * sizeof *at);
	for (size_t i = 0; i < nimages; i++)
		if (file[i] != SIZE_MAX)
			order[at[file[i]]++] = i;
	free(at);
}

/*
 * What a file loses when its fatbin sections lose delta bytes (less than
 * 0: gain).  In a linked file the segment after the one that holds them
 * keeps its offset congruent to its address modulo its alignment, so it
 * moves by whole pages: by the most of them that delta and the gap before
 * it (fb's seg_gap) can give, or, growing, by the fewest that make room
 * (GNU ld's layout: tests/corpus/whatif-rebuild.sh's so-* cases).
 * Elsewhere what follows moves by delta itself.
 */
static int64_t
file_shrink(const struct fatbin_rec *fb, int64_t delta)
{
	int64_t a, room;

	if (fb == NULL || fb->seg_align == 0 || fb->seg_gap >= fb->seg_align)
		return delta;
	a = (int64_t)fb->seg_align;	/* at most 1 GiB: hostelf.c */
	room = (int64_t)fb->seg_gap + delta;
	return (room >= 0 ? room / a : -((-room + a - 1) / a)) * a;
}

/* What one entry's change takes from or adds to its package (see
 * whatif.h's struct whatif_package); *known 0 when it cannot be told. */
static int64_t
packed_change(const struct model *m, const struct whatif *w, const struct image_rec *img, int *known)
{
	int level, payload_known;
	uint64_t after;

	*known = 1;
	if (whatif_drops(w, img)) {
		*known = img->packed > 0;
		return -(int64_t)img->packed;
	}
	if (img->fatbin == 0 || !whatif_compresses(w) || !recompressible(img))
		return 0;
	/* zstd's output deflates no further; a payload stored plain, or
	 * LZ4's (not entropy-coded: deflate takes a fifth off nvcc 13's),
	 * would take what only deflating it would tell. */
	after = entry_after(w, img, &payload_known);
	if (!m->packages[img->package - 1].spans || img->packed == 0 || !payload_known ||
	    whatif_codec(w, img, &level) != COMPRESS_ZSTD) {
		*known = after == img->entry_size;
		return 0;
	}
	return (int64_t)after - (int64_t)img->packed;
}

/* Each package's bytes after w, from its entries' changes. */
static void
packages_after(const struct model *m, const struct whatif *w, struct whatif_result *r)
{
	int64_t *change;

	r->npackages = m->npackages;
	r->packages = xcalloc(m->npackages + 1, sizeof *r->packages);
	change = xcalloc(m->npackages + 1, sizeof *change);
	for (size_t i = 0; i < m->nimages + m->ninputs; i++) {
		const struct image_rec *img = i < m->nimages ? &m->images[i] : &m->inputs[i - m->nimages];
		int known;

		if (img->package == 0 || img->package > m->npackages)
			continue;
		change[img->package - 1] += packed_change(m, w, img, &known);
		r->packages[img->package - 1].unknown += (uint32_t)!known;
	}
	for (size_t k = 0; k < m->npackages; k++) {
		struct whatif_package *p = &r->packages[k];

		p->name = m->packages[k].name;
		p->now = m->packages[k].size;
		p->after = change[k] < 0 && (uint64_t)-change[k] > p->now ? 0 :
		    (uint64_t)((int64_t)p->now + change[k]);
	}
	free(change);
}

void
whatif_apply(const struct model *m, const struct whatif *w, struct whatif_result *r)
{
	size_t cap = 0, *file = xcalloc(m->nimages + 1, sizeof *file), *order, *start;
	uint64_t *entries = xcalloc(m->nfatbins + 1, sizeof *entries);
	int64_t *delta = xcalloc(m->nfatbins + 1, sizeof *delta), *fdelta;
	const struct fatbin_rec **layout;
	uint32_t *left = xcalloc(m->nfatbins + 1, sizeof *left);
	uint8_t *built = inputs_built(m);

	memset(r, 0, sizeof *r);
	/* Each section's file: its bytes now. */
	for (size_t i = 0; i < m->nfatbins; i++) {
		const struct fatbin_rec *fb = &m->fatbins[i];
		struct whatif_file *f = file_of(r, &cap, fb->library, fb->member);

		if (f->now == 0)
			f->now = f->after = fb->file_size;
		f->device_now += fb->size;
		r->damaged |= fb->damaged;
	}
	/* Each entry: what it takes after, in place of what it takes now;
	 * the device link's inputs (model.inputs: a __nv_relfatbin beside a
	 * .nv_fatbin) too, which a rebuild drops and compresses alike, but
	 * no GPU loads. */
	for (size_t i = 0; i < m->nimages + m->ninputs; i++) {
		int input = i >= m->nimages;
		const struct image_rec *img = input ? &m->inputs[i - m->nimages] : &m->images[i];
		struct whatif_file *f;
		uint64_t after;
		int known, shipped = input && !built[i - m->nimages], drop = !shipped && whatif_drops(w, img);

		if (!input)
			file[i] = SIZE_MAX;
		if (img->fatbin == 0 && (input || img->kind != IMAGE_SASS || arch_is_amdgpu(img->arch)))
			continue;	/* read back from a list, or AMD's: no fatbin entry */
		f = file_of(r, &cap, img->library, img->member);
		if (!input)
			file[i] = (size_t)(f - r->v);
		if (shipped) {
			/* A prebuilt library's, kept as it is (inputs_built). */
			f->shipped++;
			entries[img->fatbin - 1] += img->entry_size;
			left[img->fatbin - 1]++;
			continue;
		}
		after = entry_after(w, img, &known);
		if (img->fatbin == 0) {
			f->now += img->stored_size;
			f->device_now += img->stored_size;
			f->after += after;
			f->device_after += after;
		} else {
			delta[img->fatbin - 1] += (int64_t)img->entry_size - (int64_t)after;
			entries[img->fatbin - 1] += img->entry_size;
			left[img->fatbin - 1] += !drop;
		}
		f->dropped += (uint32_t)drop;
		if (!drop && whatif_compresses(w) && recompressible(img)) {
			f->recompressed++;
			f->unknown += (uint32_t)!known;
		}
	}
	/* A section none of whose entries is left goes whole, its container
	 * headers and padding too: a build with no device code for it has
	 * no such section.  One that holds what was not made an image
	 * (empty entries, entries skipped, damage) keeps the rest.  Then each
	 * file's sections' change, and what it makes of the file. */
	fdelta = xcalloc(r->n + 1, sizeof *fdelta);
	layout = xcalloc(r->n + 1, sizeof *layout);
	for (size_t i = 0; i < m->nfatbins; i++) {
		const struct fatbin_rec *fb = &m->fatbins[i];
		size_t k = (size_t)(file_of(r, &cap, fb->library, fb->member) - r->v);

		if (left[i] == 0 && entries[i] > 0 && fb->empty_entries == 0 &&
		    fb->entries_skipped == 0 && !fb->damaged && fb->size >= entries[i])
			delta[i] += (int64_t)(fb->size - entries[i]);
		fdelta[k] += delta[i];
		if (layout[k] == NULL || layout[k]->seg_align == 0)
			layout[k] = fb;
	}
	order = xcalloc(m->nimages + 1, sizeof *order);
	start = xcalloc(r->n + 1, sizeof *start);
	group_images(file, m->nimages, r->n, order, start);
	for (size_t i = 0; i < r->n; i++) {
		struct whatif_file *f = &r->v[i];
		const size_t *idx = order + start[i];
		size_t n = start[i + 1] - start[i];

		if (layout[i] != NULL) {
			/* A fatbin's file (a bare cubin's were summed above). */
			f->device_after = (uint64_t)((int64_t)f->device_now - fdelta[i]);
			f->after = (uint64_t)((int64_t)f->now - file_shrink(layout[i], fdelta[i]));
		}
		file_gpus(m, idx, n, w, f);
		f->driver_now = driver_floor(m, idx, n, w, 0);
		f->driver_after = driver_floor(m, idx, n, w, 1);
		r->now += f->now;
		r->after += f->after;
		r->device_now += f->device_now;
		r->device_after += f->device_after;
		r->unknown += f->unknown;
		r->shipped += f->shipped;
	}
	packages_after(m, w, r);
	free(order);
	free(start);
	free(file);
	free(entries);
	free(delta);
	free(fdelta);
	free(layout);
	free(left);
	free(built);
}

void
whatif_result_free(struct whatif_result *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->v[i].lose_native);
		free(r->v[i].to_jit);
		free(r->v[i].cannot);
	}
	free(r->v);
	free(r->packages);
	memset(r, 0, sizeof *r);
}
