/* SPDX-License-Identifier: MIT */
/*
 * The scan's public entry points (scan.h): a scan set up, each path
 * walked, the workers let finish.  What each scan_*.c holds, and which
 * calls which: scan_int.h.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <libelf.h>
#include <malloc.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clock.h"
#include "ctrace.h"
#include "host.h"
#include "recompress.h"
#include "scan_int.h"
#include "xalloc.h"

int
scan_default_threads(void)
{
	return host_cores();
}

void
scan_stats_free(struct scan_stats *stats)
{
	free(stats->spans);
	stats->spans = NULL;
	namecache_bounded_free(&stats->kept_mangled);
	stats->nspans = 0;
}

/* Half of what the process may open, leaving room for the rest of it. */
static size_t
open_files_allowed(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
		return 512;
	return rl.rlim_cur > 128 ? (size_t)(rl.rlim_cur - 64) / 2 : 0;
}

/* Sets a scan up and starts its workers, which read images while the
 * walk finds more. */
static struct worker *
scan_begin(struct scan *s, const struct scan_config *cfg, struct model *model,
    struct diag_list *diags, struct scan_stats *stats)
{
	memset(s, 0, sizeof *s);
	memset(stats, 0, sizeof *stats);
	s->cfg = cfg;
	s->model = model;
	s->diags = diags;
	s->stats = stats;
	elf_version(EV_CURRENT);
	s->chunks = xcalloc(JOB_CHUNKS, sizeof *s->chunks);
	s->max_open_files = open_files_allowed();
	stats->workers = cfg->threads > 0 ? cfg->threads : scan_default_threads();
	return scan_pool_start(s, stats->workers);
}

/* The walk is over (it began at t0): lets the workers finish, then frees. */
static void
scan_end(struct scan *s, struct worker *w, double t0)
{
	struct scan_stats *stats = s->stats;
	double t1 = clock_seconds(CLOCK_MONOTONIC);

	scan_probe_stop(s);
	stats->walk_seconds = t1 - t0;
	stats->images = s->model->nimages;
	stats->jobs = s->njobs;
	/* Every log has been read: index its ptxas figures for the gathering. */
	ptxjoin_init(&s->join, s->model);
	scan_pool_finish(s, w);
	stats->read_seconds = clock_seconds(CLOCK_MONOTONIC) - t1;
	ptxjoin_free(&s->join);
	ctrace_join(s->model);	/* every module and row is in */

	diag_sort(s->diags);
	free(s->changed);
	if (s->seen != NULL)
		htab_delete(s->seen);
	free(s->links);
	free(s->root_devs);
	for (size_t c = 0; c < JOB_CHUNKS && s->chunks[c] != NULL; c++)
		free(s->chunks[c]);
	free(s->chunks);
	/* Each worker parsed its images in an arena of its own, freed now
	 * but kept by the allocator: past 100,000 kernels a file, 60 MB an
	 * image.  Handed back, so that the mode's own work (the report's
	 * tables, the browser's trees) reuses those pages rather than
	 * adding to them (500,000 kernels: --report 540 MB, 360 MB after). */
	malloc_trim(0);
}

int
scan_paths(char *const *paths, int npaths, const struct scan_config *cfg,
    struct model *model, struct diag_list *diags, struct scan_stats *stats)
{
	struct scan s;
	struct worker *w;
	static char *dot[] = { "." };
	double t0 = clock_seconds(CLOCK_MONOTONIC);

	w = scan_begin(&s, cfg, model, diags, stats);
	if (npaths == 0 && (cfg->logs == NULL || cfg->logs->n == 0)) {
		paths = dot;
		npaths = 1;
	}
	stats->spans = xcalloc((size_t)npaths, sizeof *stats->spans);
	stats->nspans = (size_t)npaths;
	for (int i = 0; i < npaths; i++) {	/* the file systems links may lead into */
		struct stat st;

		if (strcmp(paths[i], "-") != 0 && stat(paths[i], &st) == 0)
			scan_fs_add_root(&s, &st);
	}
	for (int i = 0; i < npaths; i++) {
		struct scan_span *sp = &stats->spans[i];
		struct stat st;
		size_t filled = s.modules_filled, ptxas = model->nptxas;

		sp->path = paths[i];
		sp->image_first = sp->image_end = model->nimages;
		if (strcmp(paths[i], "-") == 0) {	/* standard input */
			scan_walk_file(&s, AT_FDCWD, paths[i], paths[i], paths[i], 1, 0);
			sp->image_end = model->nimages;
			sp->modules = s.modules_filled - filled;
			sp->ptxas = model->nptxas - ptxas;
			continue;
		}
		if (stat(paths[i], &st) != 0) {
			diag_add(diags, ++s.order, paths[i], NULL, DIAG_NO_OFFSET, "%s", strerror(errno));
			stats->named_missing++;
			sp->missing = 1;
			continue;
		}
		sp->is_dir = S_ISDIR(st.st_mode) != 0;
		/* A file or directory named again, or named after a walk read
		 * it, is read once: its rows and its messages come out once. */
		if (scan_inode_seen(&s, &st, 0)) {
			sp->again = 1;
			continue;
		}
		if (sp->is_dir) {
			scan_walk_dir(&s, AT_FDCWD, paths[i], paths[i], paths[i], 0, 1);
			scan_walk_links(&s, paths[i]);
		} else
			scan_walk_file(&s, AT_FDCWD, paths[i], paths[i], paths[i], 1, 0);
		(void)scan_inode_seen(&s, &st, 1);	/* one that could not be read, too */
		sp->image_end = model->nimages;
		sp->modules = s.modules_filled - filled;
		sp->ptxas = model->nptxas - ptxas;
	}
	if (cfg->logs != NULL)
		for (size_t i = 0; i < cfg->logs->n; i++)
			scan_walk_file(&s, AT_FDCWD, cfg->logs->v[i], cfg->logs->v[i], cfg->logs->v[i], 1, 1);
	scan_end(&s, w, t0);
	recompress_done();
	return 0;
}

int
scan_buffer(const uint8_t *data, size_t size, const char *name,
    const struct scan_config *cfg, struct model *model, struct diag_list *diags,
    struct scan_stats *stats)
{
	struct scan s;
	struct place p;
	struct worker *w;
	struct source *src = xcalloc(1, sizeof *src);
	double t0 = clock_seconds(CLOCK_MONOTONIC);

	w = scan_begin(&s, cfg, model, diags, stats);
	s.order++;
	src->map.fd = -1;
	src->map.size = size;
	src->origin = src->mem = data;
	atomic_init(&src->refs, 1);
	memset(&p, 0, sizeof p);
	p.scan = &s;
	p.library = strpool_intern_str(&model->pool, name);
	p.member = strpool_intern_str(&model->pool, "");
	p.src = src;
	if (size > 0)
		scan_read_buffer(&p, data, size, 1);
	else {
		diag_add(diags, s.order, name, NULL, DIAG_NO_OFFSET, "empty file");
		stats->unreadable++;
	}
	scan_source_release(&s, src);
	scan_end(&s, w, t0);
	return 0;
}
