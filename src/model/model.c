/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "xalloc.h"

const char *const func_visibility_names[NVISIBILITIES] = {
	[VIS_DEFAULT] = "default",
	[VIS_INTERNAL] = "internal",
	[VIS_HIDDEN] = "hidden",
	[VIS_PROTECTED] = "protected",
	/* cppcheck-suppress badBitmaskCheck ; VIS_DEFAULT is 0, named to pair with the three below */
	[VIS_UNLISTED | VIS_DEFAULT] = "unlisted",
	[VIS_UNLISTED | VIS_INTERNAL] = "internal unlisted",
	[VIS_UNLISTED | VIS_HIDDEN] = "hidden unlisted",
	[VIS_UNLISTED | VIS_PROTECTED] = "protected unlisted",
};

void
model_init(struct model *m)
{
	memset(m, 0, sizeof *m);
	strpool_init(&m->pool);
}

void
model_free(struct model *m)
{
	for (size_t i = 0; i < m->nmodules; i++)
		free(m->modules[i].phases);
	free(m->modules);
	for (size_t i = 0; i < m->ntraces; i++)
		free(m->traces[i].kept);
	free(m->traces);
	free(m->images);
	free(m->inputs);
	free(m->funcs);
	free(m->ptxas);
	free(m->fatbins);
	free(m->packages);
	free(m->copy_of);
	free(m->copy_next);
	strpool_free(&m->pool);
	memset(m, 0, sizeof *m);
}

size_t
model_add_image(struct model *m, const struct image_rec *img)
{
	xgrow((void **)&m->images, &m->capimages, m->nimages + 1, sizeof *m->images);
	m->images[m->nimages] = *img;
	return m->nimages++;
}

size_t
model_add_input(struct model *m, const struct image_rec *img)
{
	xgrow((void **)&m->inputs, &m->capinputs, m->ninputs + 1, sizeof *m->inputs);
	m->inputs[m->ninputs] = *img;
	m->inputs[m->ninputs].nvlink_input = 1;
	return m->ninputs++;
}

void
model_add_func(struct model *m, const struct func_rec *f)
{
	xgrow((void **)&m->funcs, &m->capfuncs, m->nfuncs + 1, sizeof *m->funcs);
	m->funcs[m->nfuncs++] = *f;
}

const struct image_rec *
model_func_image(const struct model *m, const struct func_rec *f)
{
	return &m->images[f->image];
}

size_t
model_add_module(struct model *m, const struct build_module *b)
{
	xgrow((void **)&m->modules, &m->capmodules, m->nmodules + 1, sizeof *m->modules);
	m->modules[m->nmodules] = *b;
	return m->nmodules++;
}

void
model_add_trace(struct model *m, const struct compile_trace *t)
{
	xgrow((void **)&m->traces, &m->captraces, m->ntraces + 1, sizeof *m->traces);
	m->traces[m->ntraces++] = *t;
}

struct build_module *
model_module(struct model *m, const char *name)
{
	/* Searched from the end: logs name the module they just added. */
	for (size_t i = m->nmodules; i > 0; i--)
		if (m->modules[i - 1].name == name)
			return &m->modules[i - 1];
	return model_module_new(m, name);
}

struct build_module *
model_module_new(struct model *m, const char *name)
{
	struct build_module b;
	size_t i;

	memset(&b, 0, sizeof b);
	b.name = name;
	b.peak_rss = UNKNOWN;
	b.wall = b.start = b.end = UNKNOWN;
	b.timebase = TIME_NONE;
	b.exit_status = UNKNOWN;
	b.arches = b.source = strpool_intern_str(&m->pool, "");
	b.peak_proc = UNKNOWN;
	b.peak_how = b.arches;
	b.cores = UNKNOWN;
	b.load = UNKNOWN;
	b.threads = UNKNOWN;
	b.order = m->nmodules;
	i = model_add_module(m, &b);	/* may move the table */
	return &m->modules[i];
}

void
model_module_add_phase(struct build_module *b, const struct build_phase *ph)
{
	xgrow((void **)&b->phases, &b->capphases, b->nphases + 1, sizeof *b->phases);
	b->phases[b->nphases++] = *ph;
}

void
model_add_ptxas(struct model *m, const struct ptxas_rec *r)
{
	xgrow((void **)&m->ptxas, &m->capptxas, m->nptxas + 1, sizeof *m->ptxas);
	m->ptxas[m->nptxas++] = *r;
}

size_t
model_add_fatbin(struct model *m, const struct fatbin_rec *r)
{
	xgrow((void **)&m->fatbins, &m->capfatbins, m->nfatbins + 1, sizeof *m->fatbins);
	m->fatbins[m->nfatbins] = *r;
	return m->nfatbins++;
}

size_t
model_add_package(struct model *m, const struct package_rec *r)
{
	xgrow((void **)&m->packages, &m->cappackages, m->npackages + 1, sizeof *m->packages);
	m->packages[m->npackages] = *r;
	return m->npackages++;
}

int
frame_used(int32_t stack, int32_t local)
{
	return stack > 0 || local > 0;
}

int
func_framed(const struct func_rec *f)
{
	return frame_used(f->stack, f->local);
}

void
func_rec_start(struct func_rec *f, uint32_t image, enum func_kind kind, unsigned visibility,
    const char *mangled)
{
	memset(f, 0, sizeof *f);
	f->image = image;
	f->kind = (uint8_t)kind;
	f->visibility = (uint8_t)visibility;
	f->mangled = mangled;
	f->reg = f->stack = f->shared = f->local = UNKNOWN;
	f->texture = f->surface = f->sampler = UNKNOWN;
	f->max_threads = f->min_blocks = f->frame = UNKNOWN;
	f->spill_stores = f->spill_loads = UNKNOWN;
	f->code_bytes = f->max_block = UNKNOWN;
	func_rec_no_amdgpu(f);
}

void
func_rec_no_amdgpu(struct func_rec *f)
{
	f->agpr = f->sgpr = f->vgpr_spill = f->sgpr_spill = f->wavefront = UNKNOWN;
}

int
func_spill_known(const struct func_rec *f)
{
	return f->spill_stores >= 0 || f->spill_loads >= 0 || f->vgpr_spill >= 0 || f->sgpr_spill >= 0;
}

int
func_spills(const struct func_rec *f)
{
	return f->spill_stores > 0 || f->spill_loads > 0 || f->vgpr_spill > 0 || f->sgpr_spill > 0;
}
