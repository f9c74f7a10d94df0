/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "columns.h"
#include "kgroup.h"

const char *const func_kind_names[2] = {
	[FUNC_ENTRY] = "entry",
	[FUNC_DEVICE] = "device",
};

/* Where a value lives. */
#define IMAGE_TEXT(field)	.record = IN_IMAGE, .store = STORE_STRING, \
				.offset = offsetof(struct image_rec, field)
#define IMAGE_CHARS(field)	.record = IN_IMAGE, .store = STORE_CHARS, \
				.offset = offsetof(struct image_rec, field)
#define FUNC_TEXT(field)	.record = IN_FUNC, .store = STORE_STRING, \
				.offset = offsetof(struct func_rec, field)
#define FUNC_CODE(field, names)	.record = IN_FUNC, .store = STORE_CODE, \
				.offset = offsetof(struct func_rec, field), \
				.codes = (names), .ncodes = sizeof (names) / sizeof (names)[0]
#define FUNC_NUMBER(field)	.kind = COLUMN_NUMBER, .record = IN_FUNC, .store = STORE_INT32, \
				.offset = offsetof(struct func_rec, field), .sort_desc = 1
/* The unit, and the reports' heading that ends with it. */
#define BYTES(words)		.unit = "B", .unit_bytes = 1, .heading = words " B"
#define COUNT(words)		.unit = "", .heading = words
/* The baseline diff compares the column at pos, on this maximum of a kgroup. */
#define DIFF(pos, field)	.diff = (pos), .group_offset = offsetof(struct kgroup, field)

const struct column columns[NCOLUMNS] = {
	[COL_LIBRARY] = { .name = "library", .title = "LIBRARY", .heading = "library",
		IMAGE_TEXT(library),
		.description = "the file as named, or its path under the directory that was scanned" },
	[COL_MEMBER] = { .name = "member", .title = "MEMBER", .heading = "member",
		IMAGE_TEXT(member),
		.description = "the archive member, empty when none" },
	[COL_SM] = { .name = "sm", .title = "SM", .heading = "sm",
		IMAGE_CHARS(arch),
		.description = "the architecture, sm_86 or sm_90a" },
	[COL_KIND] = { .name = "kind", .title = "KIND", .heading = "kind",
		FUNC_CODE(kind, func_kind_names),
		.description = "entry for a kernel, device for a non-inlined device function" },
	[COL_MANGLED] = { .name = "mangled", .title = "MANGLED", .heading = "mangled",
		FUNC_TEXT(mangled),
		.description = "the symbol as the binary spells it" },
	[COL_NAME] = { .name = "name", .title = "NAME", .heading = "name",
		FUNC_TEXT(name),
		.description = "the demangled name with its parameters" },
	[COL_COLLAPSED] = { .name = "collapsed", .title = "COLLAPSED", .heading = "kernel",
		FUNC_TEXT(collapsed),
		.description = "the demangled name without template arguments and parameters" },
	[COL_NAMESPACE] = { .name = "namespace", .title = "NAMESPACE", .heading = "namespace",
		FUNC_TEXT(ns),
		.description = "the enclosing scope of the collapsed name, empty for the global one" },
	[COL_REG] = { .name = "reg", .title = "REG", .unit = "", .unit_bytes = 4,
		.heading = "registers", FUNC_NUMBER(reg), .tui = BROWSER_REG, DIFF(COMPARED_REG, reg),
		.description = "registers per thread" },
	[COL_STACK] = { .name = "stack", .title = "STACK", BYTES("stack"),
		FUNC_NUMBER(stack), .tui = BROWSER_STACK, .mark = MARK_WARN, DIFF(COMPARED_STACK, stack),
		.description = "stack frame in bytes, callees included (ptxas cumulative stack size)" },
	[COL_SHARED] = { .name = "shared", .title = "SHARED", BYTES("shared"),
		FUNC_NUMBER(shared), .tui = BROWSER_SHARED, DIFF(COMPARED_SHARED, shared),
		.description = "static shared memory in bytes" },
	[COL_LOCAL] = { .name = "local", .title = "LOCAL", BYTES("local"),
		FUNC_NUMBER(local), .tui = BROWSER_LOCAL, .mark = MARK_WARN, DIFF(COMPARED_LOCAL, local),
		.description = "local memory in bytes outside the stack frame" },
	[COL_CONSTANT] = { .name = "constant", .title = "CONST", .heading = "constant banks",
		.kind = COLUMN_BANKS, FUNC_TEXT(constant),
		.description = "per-function constant banks as bank:bytes pairs, empty when none" },
	[COL_TEXTURE] = { .name = "texture", .title = "TEX", COUNT("textures"),
		FUNC_NUMBER(texture),
		.description = "references to texture objects" },
	[COL_SURFACE] = { .name = "surface", .title = "SURF", COUNT("surfaces"),
		FUNC_NUMBER(surface),
		.description = "references to surface objects" },
	[COL_SAMPLER] = { .name = "sampler", .title = "SAMP", COUNT("samplers"),
		FUNC_NUMBER(sampler),
		.description = "references to sampler objects" },
	[COL_MAX_THREADS] = { .name = "max_threads", .title = "MAXTHR", COUNT("max threads"),
		FUNC_NUMBER(max_threads),
		.description = "the launch bound on threads per block, when recorded" },
	[COL_MIN_BLOCKS] = { .name = "min_blocks", .title = "MINBLK", COUNT("min blocks"),
		FUNC_NUMBER(min_blocks),
		.description = "the launch bound on blocks per multiprocessor, when recorded" },
	[COL_SPILL_STORES] = { .name = "spill_stores", .title = "SPST", BYTES("spill stores"),
		FUNC_NUMBER(spill_stores), .tui = BROWSER_SPILL_STORES, .mark = MARK_BAD, DIFF(COMPARED_SPILL_STORES, spill_stores),
		.description = "bytes of spill stores, from ptxas -v logs" },
	[COL_SPILL_LOADS] = { .name = "spill_loads", .title = "SPLD", BYTES("spill loads"),
		FUNC_NUMBER(spill_loads), DIFF(COMPARED_SPILL_LOADS, spill_loads),
		.description = "bytes of spill loads, from ptxas -v logs" },
	[COL_VISIBILITY] = { .name = "visibility", .title = "VISIBILITY", .heading = "visibility",
		FUNC_CODE(visibility, func_visibility_names), .csv_optional = 1,
		.description = "the symbol's ELF visibility, and unlisted when cuobjdump leaves it out" },
	/* Where the bytes go (--list=sizes). */
	[COL_CODE_BYTES] = { .name = "code_bytes", .title = "CODE", BYTES("code"),
		FUNC_NUMBER(code_bytes), .csv_optional = 1, .tui = BROWSER_CODE_BYTES,
		.description = "the size of the function's .text section: its SASS, without the "
		    "sm_100+ Mercury copies" },
	/* whether a kernel launches, and where */
	[COL_MAX_BLOCK] = { .name = "max_block", .title = "MAXBLK", COUNT("max block"),
		FUNC_NUMBER(max_block), .csv_optional = 1,
		.description = "the most threads per block it launches with on that sm (registers, launch bound, arch), empty for a device function" },
	/* AMDGPU code objects' metadata: empty for CUDA rows. */
	[COL_AGPR] = { .name = "agpr", .title = "AGPR", .unit = "", .unit_bytes = 4,
		.heading = "AGPRs", FUNC_NUMBER(agpr), .csv_optional = 1,
		.description = "AMDGPU: accumulation VGPRs per work-item (.agpr_count)" },
	[COL_SGPR] = { .name = "sgpr", .title = "SGPR", .unit = "", .unit_bytes = 4,
		.heading = "SGPRs", FUNC_NUMBER(sgpr), .csv_optional = 1,
		.description = "AMDGPU: scalar registers per wavefront (.sgpr_count)" },
	[COL_VGPR_SPILL] = { .name = "vgpr_spill", .title = "VSPILL", COUNT("VGPRs spilled"),
		FUNC_NUMBER(vgpr_spill), .csv_optional = 1, .mark = MARK_BAD,
		.description = "AMDGPU: VGPRs spilled to scratch (.vgpr_spill_count), from the binary" },
	[COL_SGPR_SPILL] = { .name = "sgpr_spill", .title = "SSPILL", COUNT("SGPRs spilled"),
		FUNC_NUMBER(sgpr_spill), .csv_optional = 1, .mark = MARK_BAD,
		.description = "AMDGPU: SGPRs spilled (.sgpr_spill_count), from the binary" },
	[COL_WAVEFRONT] = { .name = "wavefront", .title = "WAVE", COUNT("wavefront"),
		FUNC_NUMBER(wavefront), .csv_optional = 1,
		.description = "AMDGPU: work-items per wavefront, 32 or 64 (.wavefront_size)" },
};

int32_t
column_value(const struct column *c, const struct func_rec *f)
{
	int32_t v;

	if (c->store != STORE_INT32 || c->record != IN_FUNC)
		return UNKNOWN;
	memcpy(&v, (const char *)f + c->offset, sizeof v);
	return v;
}

const char *
column_text(const struct column *c, const struct image_rec *img, const struct func_rec *f)
{
	const char *rec = c->record == IN_IMAGE ? (const char *)img : (const char *)f;
	const char *s;
	uint8_t code;

	switch (c->store) {
	case STORE_STRING:
		memcpy(&s, rec + c->offset, sizeof s);
		return s;
	case STORE_CHARS:
		return rec + c->offset;
	case STORE_CODE:
		code = (uint8_t)rec[c->offset];
		return code < c->ncodes && c->codes[code] ? c->codes[code] : "";
	case STORE_INT32:
		break;
	}
	return "";
}

const struct column *
column_named(const char *name)
{
	for (size_t i = 0; i < NCOLUMNS; i++)
		if (strcmp(columns[i].name, name) == 0)
			return &columns[i];
	return NULL;
}

const struct column *
column_find(const char *name)
{
	const struct column *c = column_named(name);

	return c && c->kind == COLUMN_NUMBER ? c : NULL;
}

const struct column *
column_tui(int pos)
{
	for (size_t i = 0; i < NCOLUMNS && pos > 0; i++)
		if (columns[i].tui == pos)
			return &columns[i];
	return NULL;
}

const struct column *
column_diff(int pos)
{
	for (size_t i = 0; i < NCOLUMNS && pos > 0; i++)
		if (columns[i].diff == pos)
			return &columns[i];
	return NULL;
}

enum column_id
column_id(const struct column *c)
{
	return (enum column_id)(c - columns);
}
