/* SPDX-License-Identifier: MIT */
/*
 * --what-if: each file's bytes now and after the changes given, and the
 * GPUs that lose native SASS, then JIT PTX, or cannot run it at all
 * (whatif.h); the total first.  Shown only when --what-if is given.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "sections.h"
#include "whatif.h"
#include "xalloc.h"

static const struct section_col whatif_cols[] = {
	SECTION_OWN("file", RC_CODE),
	SECTION_OWN("now B", RC_NUM),
	SECTION_OWN("after B", RC_NUM),
	SECTION_OWN("change B", RC_NUM),
	SECTION_OWN("change %", RC_NUM),
	SECTION_OWN("device now B", RC_NUM | RC_CSV_ONLY),
	SECTION_OWN("device after B", RC_NUM | RC_CSV_ONLY),
	SECTION_OWN("images dropped", RC_NUM),
	SECTION_OWN("lose native SASS", RC_TEXT),
	SECTION_OWN("then by PTX JIT", RC_TEXT),
	SECTION_OWN("cannot run", RC_TEXT),
	SECTION_OWN("driver floor now", RC_TEXT),
	SECTION_OWN("driver floor after", RC_TEXT),
};

static const struct section_col package_cols[] = {
	SECTION_OWN("package", RC_CODE),
	SECTION_OWN("now B", RC_NUM),
	SECTION_OWN("after B", RC_NUM),
	SECTION_OWN("change B", RC_NUM),
	SECTION_OWN("change %", RC_NUM),
	SECTION_OWN("entries not told", RC_NUM),
};

/* "drop sm_80 sm_86; drop PTX compute_80; compress=size": the changes. */
static char *
changes(const struct whatif *w)
{
	char *s = xstrdup(""), *t;

	if (w->drop_sass.n > 0) {
		for (size_t i = 0; i < w->drop_sass.n; i++) {
			t = xasprintf("%s%s%s", s, i ? " " : "drop SASS ", w->drop_sass.v[i]);
			free(s);
			s = t;
		}
	}
	if (w->ptx_none || w->drop_ptx.n > 0) {
		t = xasprintf("%s%sdrop PTX%s", s, *s ? "; " : "", w->ptx_none ? " (all)" : "");
		free(s);
		s = t;
		for (size_t i = 0; !w->ptx_none && i < w->drop_ptx.n; i++) {
			t = xasprintf("%s %s", s, w->drop_ptx.v[i]);
			free(s);
			s = t;
		}
	}
	if (w->mode != WHATIF_KEEP || w->compress_all) {
		t = xasprintf("%s%scompress=%s%s", s, *s ? "; " : "",
		    whatif_mode_names[w->mode == WHATIF_KEEP ? WHATIF_BALANCED : w->mode],
		    w->compress_all ? " with -compress-all" : "");
		free(s);
		s = t;
	}
	return s;
}

static void
change_cells(struct rtable *t, uint64_t now, uint64_t after)
{
	int64_t d = (int64_t)after - (int64_t)now;

	rtable_num(t, (int64_t)now);
	rtable_num(t, (int64_t)after);
	rtable_cell(t, "%+lld", (long long)d);
	if (now > 0)
		rtable_cell(t, "%+.2f", 100.0 * (double)d / (double)now);
	else
		rtable_cell(t, "%s", "");
}

/* The packages that ship the files, as shipped (whatif.h's struct
 * whatif_package): what a wheel's size limit judges. */
static void
packages_table(struct rdoc *d, const struct section_input *in, const struct whatif_result *res)
{
	struct rtable *t;

	if (res->npackages == 0)
		return;
	rdoc_para(d, in->section->name, "The packages as shipped: a dropped entry takes out the bytes "
	    "it takes in its package (a wheel's deflated stream, read again); a new zstd payload "
	    "counts as it is. Entries whose share cannot be told (in a compressed tarball, or stored "
	    "plain or in LZ4 after) are counted as they are now.");
	t = rdoc_table(d, in->section->name);
	section_cols(t, package_cols, SECTION_NCOLS(package_cols));
	for (size_t i = 0; i < res->npackages; i++) {
		const struct whatif_package *p = &res->packages[i];

		rtable_cell(t, "%s", p->name);
		change_cells(t, p->now, p->after);
		rtable_num(t, p->unknown);
	}
}

static void
row(struct rtable *t, const char *name, const struct whatif_file *f)
{
	rtable_cell(t, "%s", name);
	change_cells(t, f->now, f->after);
	rtable_num(t, (int64_t)f->device_now);
	rtable_num(t, (int64_t)f->device_after);
	rtable_num(t, f->dropped);
	rtable_cell(t, "%s", f->lose_native[0] ? f->lose_native : "none");
	rtable_cell(t, "%s", f->to_jit[0] ? f->to_jit : "none");
	rtable_cell(t, "%s", f->cannot[0] ? f->cannot : "none");
	rtable_cell(t, "%s", f->driver_now != NULL ? f->driver_now : "unknown");
	rtable_cell(t, "%s", f->driver_after != NULL ? f->driver_after : f->dropped > 0 &&
	    f->after == 0 ? "none" : "unknown");
}

void
section_whatif(struct rdoc *d, const struct section_input *in)
{
	const struct whatif *w = in->config->whatif;
	struct whatif_result res;
	struct whatif_file total;
	struct rtable *t;
	size_t prefix = kgroup_common_prefix(in->model);
	char *said;

	if (w == NULL || !w->given)
		return;
	whatif_apply(in->model, w, &res);
	if (res.n == 0) {
		whatif_result_free(&res);
		return;
	}
	said = changes(w);
	section_heading(d, in);
	rdoc_para(d, in->section->name, "What the files would weigh after a rebuild with: %s. "
	    "A dropped entry takes its header and padded payload out of its fatbin section; a new "
	    "compression is predicted by compressing each image as nvcc 13.0's fatbinary does "
	    "(balanced: zstd 5, size: zstd 19, speed: LZ4 HC 2; PTX and debug images only unless "
	    "size or -compress-all), each payload padded to 8 bytes.%s%s%s", said,
	    res.unknown > 0 ? " Some images' compressed sizes were not predicted: their stored "
	    "bytes are kept." : "",
	    res.shipped > 0 ? " Device link inputs of an arch the link did not make came from a "
	    "prebuilt library (libcudadevrt.a): kept as shipped." : "",
	    res.damaged ? " A fatbin is damaged: its file's bytes after are not all accounted." : "");
	free(said);
	t = rdoc_table(d, in->section->name);
	section_cols(t, whatif_cols, SECTION_NCOLS(whatif_cols));
	memset(&total, 0, sizeof total);
	total.now = res.now;
	total.after = res.after;
	total.device_now = res.device_now;
	total.device_after = res.device_after;
	for (size_t i = 0; i < res.n; i++)
		total.dropped += res.v[i].dropped;
	total.lose_native = total.to_jit = total.cannot = (char *)"";
	rtable_cell(t, "%s", "(total)");
	change_cells(t, total.now, total.after);
	rtable_num(t, (int64_t)total.device_now);
	rtable_num(t, (int64_t)total.device_after);
	rtable_num(t, total.dropped);
	for (int k = 0; k < 5; k++)
		rtable_cell(t, "%s", "");
	for (size_t i = 0; i < res.n; i++) {
		const struct whatif_file *f = &res.v[i];
		const char *lib = strlen(f->library) > prefix ? f->library + prefix : f->library;
		char *name = f->member[0] ? xasprintf("%s:%s", lib, f->member) : xstrdup(lib);

		row(t, name, f);
		free(name);
	}
	packages_table(d, in, &res);
	whatif_result_free(&res);
}
