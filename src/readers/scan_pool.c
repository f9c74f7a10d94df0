/* SPDX-License-Identifier: MIT */
/*
 * The jobs and the workers: jobs published in chunks while the walk goes
 * on, claimed in batches (bounded in count and in bytes), gathered into
 * the model in job order; the decompression buffers' budget, fitted to
 * what the rest of the process leaves.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amdgpu.h"
#include "clock.h"
#include "fatal.h"
#include "parallel.h"
#include "scan_int.h"
#include "xalloc.h"

#define PENDING_LIMIT	((size_t)16 << 20)
#define NO_JOB		SIZE_MAX
#define BATCH_BYTES	((size_t)4 << 20)
/*
 * The workers' decompression buffers together stay within a budget (or
 * one image, when a single one is larger), so that peak memory does not
 * grow with the number of workers; see membudget.h.  The budget is what
 * the rest of the process leaves of MEMORY_TARGET (resident memory,
 * measured as the scan goes: rows and names pile up), but never under
 * BUDGET_FLOOR.  On the largest libraries 16 workers wait for room now and
 * then: each 32 MiB more of budget made libtorch_cuda about 10 % faster
 * (bench/README.md).  -DMEMORY_TARGET_MIB=N changes it for such tests.
 * BUDGET_SHARE is what a worker keeps between images when another waits.
 */
#ifndef MEMORY_TARGET_MIB
#define MEMORY_TARGET_MIB 224
#endif
#define MEMORY_TARGET	((size_t)MEMORY_TARGET_MIB << 20)
#define BUDGET_FLOOR	((size_t)64 << 20)
#define BUDGET_SHARE	((size_t)128 << 20)
#define FIT_EVERY	16	/* jobs added, or gathered, between two looks at memory */

static struct job *
job_at(struct scan *s, size_t i)
{
	return &s->chunks[i / JOB_CHUNK][i % JOB_CHUNK];
}

struct rss_sample {
	const struct rss	*rss;
	size_t			 bytes;
};

static void
read_rss(void *ctx)
{
	struct rss_sample *r = ctx;

	r->bytes = rss_bytes(r->rss);
}

/*
 * Gives the buffers what the rest of the process leaves of MEMORY_TARGET.
 * The rest only grows, or nearly (rows and names pile up): its largest
 * value so far counts, so that a buffer just filled and not yet counted
 * never makes room that is not there.
 */
static void
fit_budget(struct scan *s)
{
	struct rss_sample now = { &s->rss, 0 };
	size_t used, rest, limit;

	used = membudget_measure(&s->buffers, read_rss, &now);
	if (now.bytes == 0)
		return;		/* no /proc: the budget stays as it began */
	rest = now.bytes > used ? now.bytes - used : 0;
	if (rest > s->rest_peak)
		s->rest_peak = rest;
	limit = MEMORY_TARGET > s->rest_peak + BUDGET_FLOOR ? MEMORY_TARGET - s->rest_peak : BUDGET_FLOOR;
	membudget_set_limit(&s->buffers, limit);
}

#define PROGRESS_EVERY	0.1	/* seconds between two calls of cfg->progress */

/* Tells cfg->progress how far the scan is, once in PROGRESS_EVERY (last:
 * whatever the time). */
void
scan_progress(struct scan *s, int last)
{
	struct scan_progress p;
	double now;

	if (s->cfg->progress == NULL)
		return;
	now = clock_seconds(CLOCK_MONOTONIC);
	if (!last && now - s->progress_at < PROGRESS_EVERY)
		return;
	s->progress_at = now;
	p.files_read = s->stats->files_read;
	p.images_found = s->njobs;
	p.images_read = atomic_load(&s->jobs_done);
	s->cfg->progress(s->cfg->progress_ctx, &p);
}

/* Adds a job and hands it to the workers. */
void
scan_job_add(struct scan *s, const struct job *j)
{
	size_t c = s->njobs / JOB_CHUNK;

	if (c >= JOB_CHUNKS) {
		diag_add(s->diags, s->order, "", NULL, DIAG_NO_OFFSET,
		    "more than %d images: the rest are not read", JOB_CHUNK * JOB_CHUNKS);
		s->stats->unreadable++;
		return;
	}
	if (s->chunks[c] == NULL)
		s->chunks[c] = xcalloc(JOB_CHUNK, sizeof *s->chunks[c]);
	if (j->src != NULL)	/* the job's, until its worker is done */
		atomic_fetch_add(&j->src->refs, 1);
	s->chunks[c][s->njobs % JOB_CHUNK] = *j;
	s->njobs++;
	if (s->njobs % FIT_EVERY == 0)
		fit_budget(s);
	atomic_store(&s->published, s->njobs);
	scan_progress(s, 0);
	/* Workers that caught up count themselves idle before they look at
	 * published, so one of the two sees the other.  One job: one worker. */
	if (atomic_load(&s->idle) > 0) {
		pthread_mutex_lock(&s->lock);
		pthread_cond_signal(&s->more_jobs);
		pthread_mutex_unlock(&s->lock);
	}
}

/* What a done job holds until it is gathered. */
static size_t
job_bytes(const struct job *j)
{
	if (j->preset)
		return 0;
	return j->textlen + j->nfuncs * sizeof *j->funcs;
}

/* Bytes a job reads: its image once decompressed. */
static size_t
job_work(const struct job *j)
{
	return j->compression != COMPRESS_NONE ? j->usize : j->size;
}

/*
 * Shortens a batch of n jobs from first to what BATCH_BYTES of images
 * allow (one job at least): the gathering waits on a batch's jobs one by
 * one, so a batch must not hold a long run of large images.
 */
static size_t
batch_within_bytes(struct scan *s, size_t first, size_t n)
{
	size_t bytes = job_work(job_at(s, first)), k = 1;

	while (k < n) {
		bytes += job_work(job_at(s, first + k));
		if (bytes > BATCH_BYTES)
			break;
		k++;
	}
	return k;
}

/*
 * Wakes the gathering when it sleeps on one of the jobs first..last, all
 * done now: it names the job before it looks at done, and the worker set
 * done before it looks at the name, so one of the two sees the other.
 * Once a batch rather than once a job: a wake-up costs a system call.
 */
static void
wake_gathering(struct scan *s, size_t first, size_t last)
{
	size_t waits = atomic_load(&s->gather_waits);

	if (waits != NO_JOB && waits >= first && waits <= last) {
		pthread_mutex_lock(&s->lock);
		pthread_cond_signal(&s->job_done);
		pthread_mutex_unlock(&s->lock);
	}
}

/* Frees what a job kept for the gathering. */
static void
job_free_results(struct job *j)
{
	free(j->text);
	j->text = NULL;
	free(j->funcs);
	j->funcs = NULL;
}

/*
 * Frees the rows and text of this worker's batches that have been
 * gathered.  The worker that allocated them frees them: a free from
 * another thread would take the lock of this thread's malloc arena.
 */
static void
reclaim(struct worker *w)
{
	struct scan *s = w->scan;
	size_t gathered = atomic_load(&s->gathered_upto);

	while (w->mine_head < w->nmine && w->mine[w->mine_head].last < gathered) {
		for (size_t i = w->mine[w->mine_head].first; i <= w->mine[w->mine_head].last; i++)
			job_free_results(job_at(s, i));
		w->mine_head++;
	}
	if (w->mine_head == w->nmine)
		w->mine_head = w->nmine = 0;
}

/*
 * A worker waiting for the walk, with s->lock held.  It keeps up to its
 * share of buffer meanwhile, but another worker may come to wait for room
 * that only this one's buffer leaves: so it looks every IDLE_LOOK_NS, and
 * gives its buffer back when one waits (a wait on more_jobs alone could
 * last until the gathering, which waits for that other: a deadlock).
 */
#define IDLE_LOOK_NS	10000000L	/* 10 ms */

static void
idle_wait(struct scan *s, struct worker *w)
{
	struct timespec until;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_nsec += IDLE_LOOK_NS;
	if (until.tv_nsec >= 1000000000L) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000L;
	}
	pthread_cond_timedwait(&s->more_jobs, &s->lock, &until);
	if (membudget_short(&s->buffers)) {
		pthread_mutex_unlock(&s->lock);
		decompressor_release(&w->dec);
		pthread_mutex_lock(&s->lock);
	}
}

/*
 * Far ahead of the gathering: waits, holding no buffer.  The job it waits
 * for was claimed before any that are pending, and its worker finishes
 * its batch first.
 */
static void
wait_for_gathering(struct scan *s, struct worker *w)
{
	double t;

	if (atomic_load(&s->pending) <= PENDING_LIMIT || atomic_load(&s->inflate_waits))
		return;
	t = clock_seconds(CLOCK_MONOTONIC);
	decompressor_release(&w->dec);
	pthread_mutex_lock(&s->lock);
	while (atomic_load(&s->pending) > PENDING_LIMIT && !atomic_load(&s->inflate_waits))
		pthread_cond_wait(&s->gathered, &s->lock);
	pthread_mutex_unlock(&s->lock);
	w->t_wait_gather += clock_seconds(CLOCK_MONOTONIC) - t;
}

/*
 * Caught up with the walk at job first: waits for more, holding no more
 * than a share meanwhile.  Returns how many jobs are published now; none
 * past first: the walk is over.
 */
static size_t
wait_for_walk(struct scan *s, struct worker *w, size_t first)
{
	double t = clock_seconds(CLOCK_MONOTONIC);
	size_t avail;

	decompressor_idle(&w->dec);
	pthread_mutex_lock(&s->lock);
	atomic_fetch_add(&s->idle, 1);
	while (atomic_load(&s->published) <= first && !s->walk_done)
		idle_wait(s, w);
	atomic_fetch_sub(&s->idle, 1);
	avail = atomic_load(&s->published);
	pthread_mutex_unlock(&s->lock);
	w->t_wait_walk += clock_seconds(CLOCK_MONOTONIC) - t;
	return avail;
}

/*
 * Claims the next batch into *first and *n; 0 when no job is left.
 * Guided sizes: large while much is published, one job at the end, so
 * no worker keeps a long tail.
 */
static int
claim_batch(struct scan *s, struct worker *w, size_t *first, size_t *n)
{
	*first = atomic_load(&s->next_job);
	for (;;) {
		size_t avail = atomic_load(&s->published), batch;

		if (*first >= avail) {
			if (wait_for_walk(s, w, *first) <= *first)
				return 0;
			*first = atomic_load(&s->next_job);
			continue;
		}
		batch = (avail - *first) / ((size_t)__atomic_load_n(&s->nworkers, __ATOMIC_RELAXED) * 4);
		if (batch < 1)
			batch = 1;
		if (batch > s->batch)
			batch = s->batch;
		batch = batch_within_bytes(s, *first, batch);
		if (atomic_compare_exchange_weak(&s->next_job, first, *first + batch)) {
			*n = batch;
			return 1;
		}
	}
}

/* Runs the jobs first..last, each formatted when the output is streamed,
 * and hands them to the gathering. */
static void
run_batch(struct scan *s, struct worker *w, size_t first, size_t last)
{
	for (size_t i = first; i <= last; i++) {
		struct job *j = job_at(s, i);

		scan_job_run(w, j);
		decompressor_settle(&w->dec);
		if (s->cfg->format != NULL && s->cfg->emit != NULL && j->nfuncs > 0 && !j->preset) {
			double t = clock_seconds(CLOCK_MONOTONIC);

			j->text = s->cfg->format(&j->img, j->funcs, j->nfuncs, &j->textlen);
			w->t_format += clock_seconds(CLOCK_MONOTONIC) - t;
		}
		atomic_fetch_add(&s->pending, job_bytes(j));
		if (j->src != NULL) {
			scan_source_release(s, j->src);
			j->src = NULL;
		}
		atomic_store(&j->done, 1);
		atomic_fetch_add(&s->jobs_done, 1);
	}
	xgrow((void **)&w->mine, &w->capmine, w->nmine + 1, sizeof *w->mine);
	w->mine[w->nmine].first = first;
	w->mine[w->nmine].last = last;
	w->nmine++;
	wake_gathering(s, first, last);
}

/* One worker: takes batches of consecutive jobs until none is left. */
static void *
worker_main(void *arg)
{
	struct worker *w = arg;
	struct scan *s = w->scan;
	size_t first, n;
	double start = clock_seconds(CLOCK_MONOTONIC);

	for (;;) {
		reclaim(w);
		wait_for_gathering(s, w);
		if (!claim_batch(s, w, &first, &n))
			break;
		run_batch(s, w, first, first + n - 1);
	}
	/* Done: what it holds is another's to take, now, not when the scan
	 * frees the workers after the gathering, which may wait for that
	 * other. */
	decompressor_release(&w->dec);
	w->t_alive = clock_seconds(CLOCK_MONOTONIC) - start;
	return NULL;
}

/*
 * Moves every job's rows into the model in job order, as the jobs finish.
 * Runs on the main thread while the workers go on.
 */
static void
gather_results(struct scan *s)
{
	struct model *m = s->model;
	double cpu = clock_seconds(CLOCK_THREAD_CPUTIME_ID);

	for (size_t i = 0; i < s->njobs; i++) {
		struct job *j = job_at(s, i);
		size_t held;

		if (i % FIT_EVERY == 0)
			fit_budget(s);
		if (!atomic_load(&j->done)) {
			pthread_mutex_lock(&s->lock);
			atomic_store(&s->gather_waits, i);
			while (!atomic_load(&j->done))
				pthread_cond_wait(&s->job_done, &s->lock);
			atomic_store(&s->gather_waits, NO_JOB);
			pthread_mutex_unlock(&s->lock);
		}
		held = job_bytes(j);
		if (!j->preset)
			(j->img.nvlink_input ? m->inputs : m->images)[j->image] = j->img;
		/* The logs were all read by now (the walk is over): join the rows,
		 * and format again what a worker formatted without the figures.
		 * Rows read back from a --list CSV are not joined: the CSV holds
		 * neither a function's own frame nor its callees, so the join's
		 * rule (registers and frame equal) cannot be held, and a saved
		 * build keeps the spill figures it was written with. */
		if (!j->preset && ptxjoin_apply(&s->join, m, j->funcs, j->nfuncs) > 0 &&
		    j->text != NULL) {
			free(j->text);
			j->text = s->cfg->format(&m->images[j->image], j->funcs, j->nfuncs, &j->textlen);
		}
		if (j->preset && s->cfg->format != NULL && s->cfg->emit != NULL) {
			/* Rows read back from CSV may span images: one at a time. */
			for (size_t k = 0; k < j->nfuncs; k++) {
				j->text = s->cfg->format(&m->images[j->funcs[k].image], &j->funcs[k], 1,
				    &j->textlen);
				s->cfg->emit(s->cfg->ctx, j->text, j->textlen);
				free(j->text);
				j->text = NULL;
			}
		}
		s->stats->functions += j->nfuncs;
		if (!s->cfg->emit_only)
			for (size_t k = 0; k < j->nfuncs; k++)
				model_add_func(m, &j->funcs[k]);
		if (j->text != NULL)
			s->cfg->emit(s->cfg->ctx, j->text, j->textlen);
		if (j->preset) {
			free(j->funcs);
			j->funcs = NULL;
		}
		/* The worker that read it frees the rest (see reclaim). */
		atomic_store(&s->gathered_upto, i + 1);
		if (atomic_fetch_sub(&s->pending, held) > PENDING_LIMIT) {
			pthread_mutex_lock(&s->lock);
			pthread_cond_broadcast(&s->gathered);
			pthread_mutex_unlock(&s->lock);
		}
		if (j->changed && scan_changed_said(s, j->img.library))
			diag_free(&j->diags);	/* its file has its message */
		if (j->diags.n > 0)
			s->stats->unreadable++;
		diag_append(s->diags, &j->diags);
		scan_progress(s, 0);
	}
	scan_progress(s, 1);
	s->stats->gather_cpu_seconds += clock_seconds(CLOCK_THREAD_CPUTIME_ID) - cpu;
}

struct worker *
scan_pool_start(struct scan *s, int nthreads)
{
	struct worker *w;

	nthreads = parallel_fit_threads(nthreads);
	w = xcalloc((size_t)nthreads, sizeof *w);
	atomic_store(&s->next_job, 0);
	atomic_store(&s->published, 0);
	atomic_store(&s->idle, 0);
	pthread_mutex_init(&s->lock, NULL);
	pthread_cond_init(&s->job_done, NULL);
	pthread_cond_init(&s->more_jobs, NULL);
	pthread_cond_init(&s->gathered, NULL);
	pthread_cond_init(&s->inflated_room, NULL);
	atomic_store(&s->gather_waits, NO_JOB);
	atomic_store(&s->pending, 0);
	atomic_store(&s->jobs_done, 0);
	namecache_init(&s->names, &s->model->pool);
	rss_open(&s->rss);
	membudget_init(&s->buffers, BUDGET_SHARE);
	membudget_init(&s->zones, AMDGPU_ZONES_BUDGET);
	membudget_init(&s->parses, PARSE_BUDGET);
	/* Before any row is read the rest is the program, and what the
	 * workers will hold besides their buffers: pieces of compressed
	 * input, zstd's state, and the rows the gathering has not taken. */
	s->rest_peak = rss_bytes(&s->rss) + (size_t)nthreads * WORKER_REST + PENDING_LIMIT;
	fit_budget(s);
	/* Batches large enough that the shared counter and page dropping
	 * cost little; worker_main shrinks them towards the end. */
	s->batch = 64;
	s->nworkers = nthreads;
	for (int t = 0; t < nthreads; t++) {
		w[t].scan = s;
		w[t].id = t;
		int e;

		decompressor_init(&w[t].dec, &s->buffers, BUDGET_SHARE / (size_t)nthreads);
		if ((e = pthread_create(&w[t].thread, NULL, worker_main, &w[t])) != 0) {
			/* Out of threads or address space (ulimit -v): the scan goes
			 * on with the workers it has; with none it cannot. */
			decompressor_free(&w[t].dec);
			if (t == 0)
				fatal("cannot start a worker thread: %s", strerror(e));
			__atomic_store_n(&s->nworkers, t, __ATOMIC_RELAXED);
			break;
		}
	}
	return w;
}

/* Tells the workers the walk is over, gathers every job, and stops them. */
void
scan_pool_finish(struct scan *s, struct worker *w)
{
	pthread_mutex_lock(&s->lock);
	s->walk_done = 1;
	pthread_cond_broadcast(&s->more_jobs);
	pthread_mutex_unlock(&s->lock);
	gather_results(s);
	for (int t = 0; t < s->nworkers; t++) {
		pthread_join(w[t].thread, NULL);
		decompressor_free(&w[t].dec);
		free(w[t].in);
		s->stats->decompress_seconds += w[t].t_decompress;
		s->stats->parse_seconds += w[t].t_parse;
		s->stats->names_seconds += w[t].t_names;
		s->stats->format_seconds += w[t].t_format;
		s->stats->worker_seconds += w[t].t_alive;
		s->stats->walk_wait_seconds += w[t].t_wait_walk;
		s->stats->gather_wait_seconds += w[t].t_wait_gather;
		free(w[t].mine);
	}
	/* What the workers had not reclaimed when they stopped. */
	for (size_t i = 0; i < s->njobs; i++)
		job_free_results(job_at(s, i));
	s->stats->buffer_peak = s->buffers.peak;
	s->stats->buffer_fresh = s->buffers.fresh;
	s->stats->buffer_handed = s->buffers.handed;
	s->stats->zones_peak = s->zones.peak;
	s->stats->buffer_wait_seconds = s->buffers.waited;
	membudget_free(&s->buffers);
	membudget_free(&s->zones);
	membudget_free(&s->parses);
	rss_close(&s->rss);
	pthread_cond_destroy(&s->job_done);
	pthread_cond_destroy(&s->more_jobs);
	pthread_cond_destroy(&s->gathered);
	pthread_cond_destroy(&s->inflated_room);
	namecache_take_bounded(&s->names, &s->stats->kept_mangled);
	namecache_free(&s->names);
	pthread_mutex_destroy(&s->lock);
	free(w);
}
