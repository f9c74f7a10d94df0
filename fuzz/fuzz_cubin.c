/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: one device ELF through cubin_read (section table, symbols,
 * .nv.info records, relocations, notes), and the bytes as a bare .nv.info
 * record list.  Its mutator knows the ELF layout and makes what the attack
 * round's generators make (tests/attacks/repro/tools/gen_cubin.py, gen_overlap.py):
 * header fields and section sizes set to the values at the edges, a table
 * cut, name offsets past the name table, section headers copied over one
 * region; and what a reader could drop without a word:
 * duplicate sections, a missing symbol table, symbol indices out of range,
 * colliding names.  One mutation in four is libFuzzer's own.
 */
#include "config.h"

#include <libelf.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"

#include "cubin.h"
#include "fuzz.h"
#include "nvinfo.h"
#include "strpool.h"

/* libFuzzer's, absent when the target is linked with fuzz/replay.c. */
size_t	LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size) __attribute__((weak));
size_t	LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

#define SHDR		64	/* sizeof(Elf64_Shdr) */
#define COPIES_MAX	4096	/* section headers one mutation may add */

static void
put_u16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static void
put_u32(uint8_t *p, uint32_t v) { put_u16(p, (uint16_t)v); put_u16(p + 2, (uint16_t)(v >> 16)); }
static void
put_u64(uint8_t *p, uint64_t v) { put_u32(p, (uint32_t)v); put_u32(p + 4, (uint32_t)(v >> 32)); }

/* The layout a mutation works on: a cubin whose header table is whole. */
struct layout {
	uint8_t		*d;
	size_t		 size, max_size;
	uint64_t	 shoff;
	size_t		 shnum;
	unsigned	 seed;
};

static unsigned
pick(struct layout *l, unsigned n)
{
	l->seed = l->seed * 1103515245u + 12345u;
	return n ? (l->seed >> 8) % n : 0;
}

static uint8_t *
shdr(struct layout *l, size_t i)
{
	return l->d + l->shoff + i * SHDR;
}

/* Values at the edges of what a size or offset field can say. */
static uint64_t
edge_value(struct layout *l, uint64_t near)
{
	const uint64_t v[] = { 0, 1, near - 1, near + 1, l->size, l->size - 1, l->size + 1,
	    (uint64_t)1 << 31, (uint64_t)1 << 32, (uint64_t)1 << 63, UINT64_MAX, UINT64_MAX - 63,
	    (uint64_t)INT64_MAX };

	return v[pick(l, sizeof v / sizeof v[0])];
}

static size_t
mutate_ehdr(struct layout *l)
{
	static const struct { size_t at, width; } fields[] = {
		{ 0x28, 8 }, { 0x3a, 2 }, { 0x3c, 2 }, { 0x3e, 2 }, { 0x30, 4 },
		{ 0x20, 8 }, { 0x36, 2 }, { 0x38, 2 },
	};
	size_t f = pick(l, sizeof fields / sizeof fields[0]);
	uint64_t v = pick(l, 2) ? edge_value(l, l->shoff) : pick(l, 4) == 0 ? 0xffff : pick(l, (unsigned)l->shnum + 2);

	if (fields[f].width == 8)
		put_u64(l->d + fields[f].at, v);
	else if (fields[f].width == 4)
		put_u32(l->d + fields[f].at, (uint32_t)v);
	else
		put_u16(l->d + fields[f].at, (uint16_t)v);
	return l->size;
}

/* sh_offset or sh_size of one section (24 and 32 in Elf64_Shdr). */
static size_t
mutate_extent(struct layout *l)
{
	uint8_t *sh = shdr(l, pick(l, (unsigned)l->shnum));
	size_t field = pick(l, 2) ? 24 : 32;

	put_u64(sh + field, edge_value(l, get_u64(sh + field)));
	return l->size;
}

static size_t
mutate_type(struct layout *l)
{
	static const uint32_t types[] = { 0, 1, 2, 3, 8, 9, 4, 0x70000000, 0x70000007,
	    0x70000009, 0x7000000a, 0x70000015, 0x70000086 };

	put_u32(shdr(l, pick(l, (unsigned)l->shnum)) + 4, types[pick(l, sizeof types / sizeof types[0])]);
	return l->size;
}

static size_t
mutate_name(struct layout *l)
{
	size_t strndx = get_u16(l->d + 0x3e);
	uint64_t names = strndx < l->shnum ? get_u64(shdr(l, strndx) + 32) : 0;
	const uint64_t v[] = { names, names - 1, names + 1, 0xffffffff, 0xfffffff0 };

	put_u32(shdr(l, pick(l, (unsigned)l->shnum)), (uint32_t)v[pick(l, 5)]);
	return l->size;
}

/* Cut inside the header table, or just before it. */
static size_t
mutate_cut(struct layout *l)
{
	size_t at = (size_t)l->shoff + pick(l, (unsigned)(l->shnum * SHDR + 1));

	if (pick(l, 4) == 0 && l->shoff > 0)
		at = (size_t)l->shoff - 1 - pick(l, 64);
	return at < l->size ? at : l->size;
}

/*
 * Headers over one region, as gen_overlap.py makes them: the last header
 * copied many times onto the table's end (the table is last in a cubin),
 * with the region one section's bytes, shifted a byte or not.
 */
static size_t
mutate_overlap(struct layout *l)
{
	const uint8_t *model = shdr(l, pick(l, (unsigned)l->shnum));
	size_t end = (size_t)l->shoff + l->shnum * SHDR, copies;
	uint8_t one[SHDR];

	if (end != l->size)
		return l->size;
	copies = 1 + pick(l, COPIES_MAX);
	if (copies > (l->max_size - l->size) / SHDR)
		copies = (l->max_size - l->size) / SHDR;
	if (copies == 0 || l->shnum + copies > 0xff00)
		return l->size;
	memcpy(one, model, SHDR);
	put_u64(one + 24, get_u64(one + 24) + pick(l, 2));
	for (size_t i = 0; i < copies; i++)
		memcpy(l->d + end + i * SHDR, one, SHDR);
	put_u16(l->d + 0x3c, (uint16_t)(l->shnum + copies));
	return end + copies * SHDR;
}

/* A section of the given type (sh_type), or any when none has it. */
static size_t
section_of_type(struct layout *l, uint32_t type)
{
	size_t start = pick(l, (unsigned)l->shnum);

	for (size_t k = 0; k < l->shnum; k++) {
		size_t i = (start + k) % l->shnum;

		if (get_u32(shdr(l, i) + 4) == type)
			return i;
	}
	return start;
}

/*
 * Duplicate sections: one header copied onto the table's end, its bytes
 * shared, as a second symbol table, a second .nv.info or a second
 * .text.<name> (a name twice) would be.
 */
static size_t
mutate_duplicate(struct layout *l)
{
	static const uint32_t types[] = { 2, 0x70000000, 1 };	/* SYMTAB, .nv.info, PROGBITS */
	size_t end = (size_t)l->shoff + l->shnum * SHDR;
	size_t i = section_of_type(l, types[pick(l, 3)]);

	if (end != l->size || l->max_size - l->size < SHDR || l->shnum + 1 > 0xff00)
		return l->size;
	memcpy(l->d + end, shdr(l, i), SHDR);
	put_u16(l->d + 0x3c, (uint16_t)(l->shnum + 1));
	return end + SHDR;
}

/* A missing symbol table: its type changed, or its name another's. */
static size_t
mutate_no_symtab(struct layout *l)
{
	static const uint32_t types[] = { 0, 1, 7, 8, 11 };	/* NULL, PROGBITS, NOTE, NOBITS, DYNSYM */
	uint8_t *sym = shdr(l, section_of_type(l, 2));

	if (pick(l, 3) == 0)
		put_u32(sym, get_u32(shdr(l, pick(l, (unsigned)l->shnum))));
	else
		put_u32(sym + 4, types[pick(l, sizeof types / sizeof types[0])]);
	return l->size;
}

/* A symbol count near the table's, and the values past any table. */
static uint32_t
symbol_edge(struct layout *l)
{
	const uint8_t *sym = shdr(l, section_of_type(l, 2));
	uint32_t n = (uint32_t)(get_u64(sym + 32) / 24);
	const uint32_t v[] = { 0, 1, n - 1, n, n + 1, 0xffffff, 0x1000000, 0xffffffff };

	return v[pick(l, sizeof v / sizeof v[0])];
}

/*
 * Symbol indices out of range: in an .nv.info record's payload (its
 * first word names the symbol), or in a section's sh_info (a .text's
 * low 24 bits, a relocation section's target).
 */
static size_t
mutate_symbol_index(struct layout *l)
{
	uint8_t *sh = shdr(l, section_of_type(l, 0x70000000));
	uint64_t off = get_u64(sh + 24), len = get_u64(sh + 32);
	struct nvinfo_rec rec, hit = { 0 };
	size_t pos = 0, seen = 0;

	if (pick(l, 3) == 0 || off > l->size || len > l->size - off) {
		sh = shdr(l, pick(l, (unsigned)l->shnum));
		put_u32(sh + 44, (get_u32(sh + 44) & 0xff000000u) | (symbol_edge(l) & 0xffffff));
		return l->size;
	}
	while (nvinfo_next(l->d + off, (size_t)len, &pos, &rec) == 1)
		if (rec.format == EIFMT_SVAL && rec.value >= 4 && pick(l, (unsigned)++seen) == 0)
			hit = rec;
	if (hit.payload != NULL)
		put_u32((uint8_t *)(uintptr_t)hit.payload, symbol_edge(l));
	return l->size;
}

/* Colliding names: one section named as another, or two sections naming
 * one symbol (sh_info copied). */
static size_t
mutate_collide(struct layout *l)
{
	uint8_t *a = shdr(l, pick(l, (unsigned)l->shnum));
	const uint8_t *b = shdr(l, section_of_type(l, 1));

	if (pick(l, 2))
		put_u32(a, get_u32(b));
	else
		put_u32(a + 44, get_u32(b + 44));
	return l->size;
}

typedef size_t (*mutation)(struct layout *);

static const mutation mutations[] = {
	mutate_ehdr, mutate_extent, mutate_extent, mutate_type, mutate_name, mutate_cut,
	mutate_overlap, mutate_duplicate, mutate_no_symtab, mutate_symbol_index,
	mutate_symbol_index, mutate_collide,
};

size_t
LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
	struct layout l = { data, size, max_size, 0, 0, seed };

	if (size >= 64 && cubin_is_cubin(data, size) && pick(&l, 4) != 0) {
		l.shoff = get_u64(data + 0x28);
		l.shnum = get_u16(data + 0x3c);
		if (l.shnum > 0 && get_u16(data + 0x3a) == SHDR && l.shoff <= size &&
		    l.shnum <= (size - l.shoff) / SHDR)
			return mutations[pick(&l, sizeof mutations / sizeof mutations[0])](&l);
	}
	return LLVMFuzzerMutate != NULL ? LLVMFuzzerMutate(data, size, max_size) : size;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cubin c;
	struct strpool pool;
	struct nvinfo_rec rec;
	char err[256];
	size_t erroff = 0, pos = 0;	/* erroff may name a claimed offset past the end */
	int rc;

	elf_version(EV_CURRENT);
	strpool_init(&pool);
	cubin_init(&c);
	err[0] = '\0';
	if (cubin_read(data, size, &c, &pool, err, sizeof err, &erroff) < 0) {
		if (err[0] == '\0')
			__builtin_trap();
	} else {
		for (size_t i = 0; i < c.nfuncs; i++)
			if (c.funcs[i].name == NULL || strlen(c.funcs[i].constant) >= CUBIN_BANKS_MAX)
				__builtin_trap();
	}
	cubin_free(&c);
	strpool_free(&pool);

	while ((rc = nvinfo_next(data, size, &pos, &rec)) == 1)
		if (rec.format == EIFMT_SVAL &&
		    (rec.payload < data || rec.payload + rec.value > data + size))
			__builtin_trap();
	return 0;
}
