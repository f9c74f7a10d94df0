/* SPDX-License-Identifier: MIT */
/*
 * One kernel, several files (copies.h): the copies among the functions,
 * found once after the scan, for every face to take each kernel once.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "copies.h"
#include "order.h"
#include "xalloc.h"

/* What sass_cmp reads beside the indices (qsort_r's argument). */
struct sass_order {
	const struct model	*m;
	const uint8_t		*steps;
};

/* By mangled name and sm; device links before relocatable objects, then
 * in scan order: the first of a run that is judged is the linked one. */
static int
sass_cmp(const void *pa, const void *pb, void *arg)
{
	const struct sass_order *o = arg;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	const struct func_rec *fa = &o->m->funcs[a], *fb = &o->m->funcs[b];
	const struct image_rec *ia = &o->m->images[fa->image];
	const struct image_rec *ib = &o->m->images[fb->image];
	int c = order_ptr(fa->mangled, fb->mangled);

	if (c == 0)
		c = strcmp(ia->arch, ib->arch);
	return order_then(c, order_then(order_u64(o->steps[fa->image], o->steps[fb->image]),
	    order_u64(a, b)));
}

static int
same_key(const struct model *m, uint32_t a, uint32_t b)
{
	return m->funcs[a].mangled == m->funcs[b].mangled &&
	    strcmp(m->images[m->funcs[a].image].arch, m->images[m->funcs[b].image].arch) == 0;
}

/* The step of a separable build that made an image. */
enum step {
	STEP_NONE,	/* a whole-program image, PTX, a row read back: no copies */
	STEP_LINK,	/* a device link's (nvlink's): the device-link object holds
			 * it, the executable linked with that object embeds it */
	STEP_OBJECT,	/* a relocatable object's (ptxas -rdc) */
};

static uint8_t
image_step(const struct image_rec *img)
{
	if (img->kind != IMAGE_SASS)
		return STEP_NONE;
	if (img->relocatable)
		return STEP_OBJECT;
	return img->producer != NULL && strcmp(img->producer, "nvlink") == 0 ? STEP_LINK : STEP_NONE;
}

/* Whether a and b, of one step, look like one image copied (the archive
 * member made of an object, the executable embedding a device link's
 * image): the same size, code bytes and global memory.  Two programs'
 * device links that hold a kernel of one name differ there. */
static int
same_image_shape(const struct image_rec *a, const struct image_rec *b)
{
	return a->size == b->size && a->text_bytes == b->text_bytes && a->global == b->global;
}

/* Every figure a face shows or a rule judges, equal. */
static int
same_figures(const struct func_rec *a, const struct func_rec *b)
{
	return a->code_bytes >= 0 && a->code_bytes == b->code_bytes && a->reg == b->reg &&
	    a->stack == b->stack && a->stack_why == b->stack_why && a->frame == b->frame &&
	    a->local == b->local && a->shared == b->shared && a->constant == b->constant &&
	    a->spill_stores == b->spill_stores && a->spill_loads == b->spill_loads &&
	    a->max_threads == b->max_threads && a->min_blocks == b->min_blocks &&
	    a->texture == b->texture && a->surface == b->surface && a->sampler == b->sampler;
}

/* A figure of the linked function no lower than the object's (which may
 * be unknown: nothing to hold it to). */
static int
at_least(int32_t linked, int32_t object)
{
	return object < 0 || linked >= object;
}

/* The linked stack no lower than the object's: unknown (unbounded) when
 * the object's recursion leaves it so; the object's own unknown of a call
 * the link settles, or of a missing record, holds nothing. */
static int
stack_covers(const struct func_rec *l, const struct func_rec *o)
{
	if (o->stack == UNKNOWN)
		return o->stack_why != STACK_RECURSION || l->stack == UNKNOWN;
	return l->stack == UNKNOWN || l->stack >= o->stack;
}

/* Whether the linked function l is the relocatable o once linked. */
static int
covers(const struct func_rec *l, const struct func_rec *o)
{
	return o->code_bytes >= 0 && l->code_bytes == o->code_bytes &&
	    l->max_threads == o->max_threads && l->min_blocks == o->min_blocks &&	/* the source's */
	    at_least(l->reg, o->reg) && stack_covers(l, o) &&
	    at_least(l->local, o->local) && at_least(l->shared, o->shared) &&
	    at_least(l->spill_stores, o->spill_stores) && at_least(l->spill_loads, o->spill_loads);
}

/* Whether funcs[f] is a copy of the judged funcs[j] (same name and sm;
 * both of a step, j's not after f's). */
static int
same_kernel(const struct model *m, const struct vendored_rule *rule, const uint8_t *steps,
    uint32_t j, uint32_t f)
{
	const struct func_rec *fj = &m->funcs[j], *ff = &m->funcs[f];

	if (fj->kind != ff->kind)
		return 0;
	if (steps[fj->image] == steps[ff->image] ?
	    !same_image_shape(&m->images[fj->image], &m->images[ff->image]) ||
	    !same_figures(fj, ff) : !covers(fj, ff))
		return 0;
	return vendored_match(rule, &m->images[fj->image], fj) ==
	    vendored_match(rule, &m->images[ff->image], ff);
}

void
copies_find(struct model *m, const struct vendored_rule *rule)
{
	uint32_t *idx, *tail;
	uint8_t *steps;
	size_t n = 0;

	free(m->copy_of);
	free(m->copy_next);
	m->copy_of = m->copy_next = NULL;
	m->ncopies = 0;
	if (m->nfuncs == 0 || m->nfuncs >= COPY_NONE)
		return;
	steps = xcalloc(m->nimages + 1, sizeof *steps);
	for (size_t i = 0; i < m->nimages; i++)
		steps[i] = image_step(&m->images[i]);
	idx = xcalloc(m->nfuncs, sizeof *idx);
	for (size_t i = 0; i < m->nfuncs; i++)
		if (steps[m->funcs[i].image] != STEP_NONE)
			idx[n++] = (uint32_t)i;
	qsort_r(idx, n, sizeof *idx, sass_cmp, &(struct sass_order){ m, steps });
	m->copy_of = xcalloc(m->nfuncs, sizeof *m->copy_of);
	m->copy_next = xcalloc(m->nfuncs, sizeof *m->copy_next);
	tail = xcalloc(m->nfuncs, sizeof *tail);
	for (size_t i = 0; i < m->nfuncs; i++) {
		m->copy_of[i] = tail[i] = (uint32_t)i;
		m->copy_next[i] = COPY_NONE;
	}
	for (size_t s = 0, e; s < n; s = e) {
		for (e = s + 1; e < n && same_key(m, idx[s], idx[e]); e++)
			;
		for (size_t f = s + 1; f < e; f++) {
			size_t tries = 0;

			for (size_t j = s; j < f && tries < COPIES_MAX_TRIES; j++) {
				uint32_t judged = idx[j];

				if (m->copy_of[judged] != judged)
					continue;
				tries++;
				if (!same_kernel(m, rule, steps, judged, idx[f]))
					continue;
				m->copy_of[idx[f]] = judged;
				m->copy_next[tail[judged]] = idx[f];
				tail[judged] = idx[f];
				m->ncopies++;
				break;
			}
		}
	}
	free(tail);
	free(idx);
	free(steps);
}

int
func_is_copy(const struct model *m, size_t i)
{
	return m->copy_of != NULL && m->copy_of[i] != i;
}

size_t
func_judged(const struct model *m, size_t i)
{
	return m->copy_of != NULL ? m->copy_of[i] : i;
}

uint32_t
copies_first(const struct model *m, size_t i)
{
	return m->copy_next != NULL && !func_is_copy(m, i) ? m->copy_next[i] : COPY_NONE;
}

uint32_t
copies_next(const struct model *m, uint32_t copy)
{
	return m->copy_next[copy];
}

const char *
copies_where(const struct model *m, size_t i, size_t skip, char *buf, size_t len)
{
	const struct image_rec *named[COPIES_NAMED];
	size_t nnamed = 0, more = 0, off = 0;

	buf[0] = '\0';
	for (uint32_t c = copies_first(m, i); c != COPY_NONE; c = copies_next(m, c)) {
		const struct image_rec *img = &m->images[m->funcs[c].image];
		size_t k;

		for (k = 0; k < nnamed; k++)
			if (named[k]->library == img->library && named[k]->member == img->member)
				break;
		if (k < nnamed)
			continue;
		if (nnamed == COPIES_NAMED) {
			more++;
			continue;
		}
		named[nnamed++] = img;
		if (off < len)
			off += (size_t)snprintf(buf + off, len - off, "%s%s%s%s%s",
			    nnamed > 1 ? ", " : "",
			    strlen(img->library) > skip ? img->library + skip : img->library,
			    img->member[0] != '\0' ? "(" : "", img->member,
			    img->member[0] != '\0' ? ")" : "");
	}
	if (more > 0 && off < len)
		snprintf(buf + off, len - off, " and %zu more", more);
	return buf;
}
