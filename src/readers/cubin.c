/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <endian.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "callgraph.h"
#include "cubin.h"
#include "linetable.h"
#include "decimal.h"
#include "hash.h"
#include "hostelf.h"
#include "nvinfo.h"
#include "xalloc.h"

#define EM_CUDA_NUM		190
#define STO_CUDA_ENTRY		0x10
/* No NVIDIA tool names this bit: a function that carries it is left out
 * by cuobjdump, nvdisasm and cuModuleEnumerateFunctions, and found by
 * cuModuleGetFunction (tests/corpus/extra/README.md). */
#define STO_CUDA_UNLISTED	0x08
#define STT_CUDA_TEXTURE	10
#define STT_CUDA_SAMPLER	11
#define STT_CUDA_SURFACE	12
#define SHT_CUDA_COMPAT		(SHT_LOPROC + 0x86)

/* Constant banks are 0-17 on every GPU so far (SHT_CUDA_CONSTANT_B0 +
 * n); a name with a number past 16 bits names no bank. */
#define CONSTANT_BANK_MAX	0xffffu

/*
 * Section headers per cubin: libelf keeps a few hundred bytes for each,
 * the reader a hundred more, so the bound keeps a cubin's headers within
 * tens of MiB of the 256 MiB a scan may use.  Real cubins have a few per
 * function: the largest of the CUDA 13 libraries has far fewer.
 */
#define CUBIN_SECTIONS_MAX	(1u << 17)

void
cubin_init(struct cubin *c)
{
	memset(c, 0, sizeof *c);
}

void
cubin_free(struct cubin *c)
{
	XFREE_OWNER(c, funcs);
}

int
cubin_is_cubin(const uint8_t *d, size_t size)
{
	return size >= 64 && memcmp(d, ELFMAG, SELFMAG) == 0 &&
	    d[EI_CLASS] == ELFCLASS64 && d[EI_DATA] == ELFDATA2LSB &&
	    get_u16(d + 18) == EM_CUDA_NUM;
}

/* A small name -> function index table, local to one read. */
struct name_index {
	const char	**names;
	size_t		 *idx;
	size_t		  n;
};

static void
name_index_build(struct name_index *t, const struct cubin *c)
{
	t->n = 16;
	while (t->n < c->nfuncs * 2)
		t->n *= 2;
	t->names = xcalloc(t->n, sizeof *t->names);
	t->idx = xcalloc(t->n, sizeof *t->idx);
	for (size_t i = 0; i < c->nfuncs; i++) {
		size_t j = strpool_hash(c->funcs[i].name) & (t->n - 1);

		while (t->names[j] != NULL) {
			if (strcmp(t->names[j], c->funcs[i].name) == 0)
				break;
			j = (j + 1) & (t->n - 1);
		}
		if (t->names[j] == NULL) {
			t->names[j] = c->funcs[i].name;
			t->idx[j] = i;
		}
	}
}

static long
name_index_find(const struct name_index *t, const char *name)
{
	size_t j = strpool_hash(name) & (t->n - 1);

	while (t->names[j] != NULL) {
		if (strcmp(t->names[j], name) == 0)
			return (long)t->idx[j];
		j = (j + 1) & (t->n - 1);
	}
	return -1;
}

static void
name_index_free(struct name_index *t)
{
	free(t->names);
	free(t->idx);
}

/*
 * Appends " bank:bytes" to a bank list, cut where the buffer ends as
 * snprintf would cut it.  Built by hand: a function has a bank or two,
 * and snprintf's format parsing was most of what a bank cost.
 */
static void
append_bank(char *buf, size_t size, unsigned bank, uint64_t bytes)
{
	char piece[48];
	size_t len = strlen(buf), n = 0;

	if (len > 0)
		piece[n++] = ' ';
	n += put_decimal(piece + n, bank);
	piece[n++] = ':';
	n += put_decimal(piece + n, bytes);
	if (n > size - len - 1)
		n = size - len - 1;
	memcpy(buf + len, piece, n);
	buf[len + n] = '\0';
}

/*
 * ".nv.constant3" -> 3 with *rest "", ".nv.constant0.foo" -> 0 with *rest
 * "foo".  Returns 1, 0 when the name is no bank's, -1 when its number is
 * past CONSTANT_BANK_MAX.
 */
static int
constant_bank(const char *name, unsigned *bank, const char **rest)
{
	const char *p = name + strlen(".nv.constant");
	unsigned n = 0;

	if (*p < '0' || *p > '9')
		return 0;
	for (; *p >= '0' && *p <= '9'; p++) {
		n = n * 10 + (unsigned)(*p - '0');
		if (n > CONSTANT_BANK_MAX)
			return -1;
	}
	if (*p == '\0')
		*rest = p;
	else if (*p == '.')
		*rest = p + 1;
	else
		return 0;
	*bank = n;
	return 1;
}

/* What a section is to the reader, from its name (section_rules) or else
 * its type. */
enum section_kind {
	SEC_OTHER,		/* only its header is looked at, if anything */
	SEC_MERC,		/* sm_100+ Mercury copies: their size is counted apart */
	SEC_MODULE_INFO,
	SEC_FUNCTION_INFO,
	SEC_SHARED,
	SEC_LOCAL,
	SEC_CONSTANT,
	SEC_GLOBAL,
	SEC_REFERENCES,
	SEC_TKINFO,
	SEC_COMPAT,
	SEC_CALLGRAPH,
	SEC_SYMTAB,
	SEC_NAMES,
	SEC_KINDS
};

struct section_rule {
	const char	*name;
	int		 prefix;	/* a prefix: what follows names the function */
	enum section_kind kind;
};

/* The first rule whose name matches decides. */
static const struct section_rule section_rules[] = {
	{ ".nv.merc",		1, SEC_MERC },	/* Mercury copies of what follows */
	{ ".nv.capmerc",	1, SEC_MERC },	/* sm_100+: a Mercury copy of a function's code */
	{ ".nv.info",		0, SEC_MODULE_INFO },
	{ ".nv.info.",		1, SEC_FUNCTION_INFO },
	/* The module's reserved shared area, no function's: cuobjdump counts
	 * it nowhere (doc/binary-formats.md 4.4). */
	{ ".nv.shared.reserved.", 1, SEC_OTHER },
	{ ".nv.shared.",	1, SEC_SHARED },
	{ ".nv.local.",		1, SEC_LOCAL },
	{ ".nv.constant",	1, SEC_CONSTANT },
	{ ".nv.global",		0, SEC_GLOBAL },
	{ ".nv.global.init",	0, SEC_GLOBAL },
	{ ".rel.nv.constant0.",	1, SEC_REFERENCES },
	{ ".rela.nv.constant0.", 1, SEC_REFERENCES },
	{ ".note.nv.tkinfo",	0, SEC_TKINFO },
	{ ".nv.callgraph",	0, SEC_CALLGRAPH },
};

/*
 * The kinds whose bytes are read, not only their header: together they
 * must fit in the image (check_claims), which bounds the reader's work by
 * the image's size however many headers point at the same bytes.
 */
static const unsigned char kind_reads_bytes[SEC_KINDS] = {
	[SEC_MODULE_INFO] = 1, [SEC_FUNCTION_INFO] = 1, [SEC_REFERENCES] = 1,
	[SEC_TKINFO] = 1, [SEC_COMPAT] = 1, [SEC_SYMTAB] = 1, [SEC_NAMES] = 1,
	[SEC_CALLGRAPH] = 1,
};

/*
 * Section types whose sh_size is device memory, not bytes in the file
 * (nvlink's own list, besides SHT_NULL and SHT_NOBITS): their sh_offset
 * means nothing and may point past the image.
 */
static const uint32_t no_file_bytes[] = {
	SHT_NULL,
	SHT_NOBITS,
	SHT_LOPROC + 0x07,	/* SHT_CUDA_GLOBAL: .nv.global */
	SHT_LOPROC + 0x09,	/* SHT_CUDA_LOCAL: .nv.local.<fn> */
	SHT_LOPROC + 0x0a,	/* SHT_CUDA_SHARED: .nv.shared.<fn>, .nv_debug.shared */
	SHT_LOPROC + 0x15,	/* SHT_CUDA_SHARED_RESERVED: .nv.reservedSmem.* */
};

static int
has_file_bytes(uint32_t type)
{
	for (size_t i = 0; i < sizeof no_file_bytes / sizeof no_file_bytes[0]; i++)
		if (no_file_bytes[i] == type)
			return 0;
	return 1;
}

/*
 * A section as read once: its header, its name and kind, and its bytes.
 * The header is copied: libelf hands out the image's own bytes, which
 * need not be aligned (an image stored in a fatbin lies at any offset).
 */
struct section {
	Elf_Scn		*scn;		/* NULL for index 0 */
	GElf_Shdr	 hdr;
	size_t		 hdr_at;	/* of the header in the image */
	const char	*name;
	enum section_kind kind;
	const char	*fn;		/* after a prefix rule's name: the function */
	const uint8_t	*bytes;		/* NULL when it has none in the file */
	size_t		 len;		/* bytes in the file: 0 or sh_size */
	long		 func;		/* the function a .text section holds, or -1 */
};

struct reader {
	const uint8_t	*data;
	size_t		 size;
	Elf		*elf;
	struct hostelf_table table;
	struct section	*secs;
	size_t		 nsecs;
	struct cubin	*c;
	struct strpool	*pool;
	struct name_index names;	/* built only when a link does not serve */
	const uint8_t	*syms;		/* the symbol table's bytes */
	size_t		 nsyms;
	long		*sym_func;	/* symbol index -> function index, -1 */
	uint8_t		*seen;		/* symbols counted in one relocation section */
	size_t		 symtab;	/* the symbol table's section, 0 none */
	struct callgraph graph;		/* .nv.callgraph's calls */
	int64_t		 global;
	char		*err;
	size_t		 errsize;
	size_t		*err_offset;
};

static int __attribute__((format(printf, 3, 4)))
fail(struct reader *r, uint64_t offset, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->err, r->errsize, fmt, ap);
	va_end(ap);
	*r->err_offset = (size_t)offset;
	return -1;
}

/*
 * The EIATTR_MIN_STACK_SIZE of a kernel whose stack ptxas could not bound
 * (recursion: "Stack size for entry function ... cannot be statically
 * determined"); ptxas 11.8 writes it, cuobjdump 11.8 prints STACK:UNKNOWN.
 */
#define STACK_NOT_STATIC	0xffffffffu
#define UNKNOWN_STACK		(-1)	/* the model's UNKNOWN */

/*
 * The .nv.info attributes a reader takes a figure from, and the form each
 * must have: a record of one of them in another form is damage, never a
 * figure less.  Attributes not here give no column: they are skipped by
 * that rule, whatever their form (nvinfo_next has checked their length).
 */
/*
 * What a function may have once (cubin_func.seen): a second record or
 * section of the kind would overwrite the first's figure, so it is damage.
 */
enum once_per_function {
	SEEN_REGCOUNT = 1 << 0, SEEN_FRAME = 1 << 1, SEEN_STACK = 1 << 2,
	SEEN_SHARED = 1 << 3, SEEN_LOCAL = 1 << 4, SEEN_REFERENCES = 1 << 5,
};

struct attr_form {
	uint8_t		 attr;
	uint8_t		 format;
	uint16_t	 min_size;	/* SVAL: bytes of payload at least */
	const char	*name;
	uint16_t	 once;		/* per symbol (.nv.info), or 0 */
	enum section_kind where;	/* read from there; in the other, damage */
};

static const struct attr_form attr_forms[] = {
	{ EIATTR_MAX_THREADS,	EIFMT_SVAL, 12, "EIATTR_MAX_THREADS", 0, SEC_FUNCTION_INFO },
	{ EIATTR_REQNTID,	EIFMT_SVAL, 12, "EIATTR_REQNTID", 0, SEC_FUNCTION_INFO },
	{ EIATTR_FRAME_SIZE,	EIFMT_SVAL, 8, "EIATTR_FRAME_SIZE", SEEN_FRAME, SEC_MODULE_INFO },
	{ EIATTR_MIN_STACK_SIZE, EIFMT_SVAL, 8, "EIATTR_MIN_STACK_SIZE", SEEN_STACK, SEC_MODULE_INFO },
	{ EIATTR_MAXREG_COUNT,	EIFMT_HVAL, 0, "EIATTR_MAXREG_COUNT", 0, SEC_FUNCTION_INFO },
	{ EIATTR_REGCOUNT,	EIFMT_SVAL, 8, "EIATTR_REGCOUNT", SEEN_REGCOUNT, SEC_MODULE_INFO },
};

static const struct attr_form *
attr_form_of(uint8_t attr)
{
	for (size_t i = 0; i < sizeof attr_forms / sizeof attr_forms[0]; i++)
		if (attr_forms[i].attr == attr)
			return &attr_forms[i];
	return NULL;
}

/*
 * The form of a record the reader takes a figure from: 1 when it is one
 * the reader reads and in its form, 0 when its attribute gives no column
 * (skipped), -1 (damage, naming the section and the record) otherwise.
 */
static int
record_form(struct reader *r, const struct section *sec, const struct nvinfo_rec *rec)
{
	const struct attr_form *a = attr_form_of(rec->attr);

	if (a == NULL)
		return 0;
	if (a->where != sec->kind)
		return fail(r, sec->hdr.sh_offset + rec->offset,
		    "section %s, record %s (0x%02x) at 0x%zx: expected in %s, not read here",
		    sec->name, a->name, a->attr, rec->offset,
		    a->where == SEC_MODULE_INFO ? ".nv.info" : ".nv.info.<function>");
	if (rec->format != a->format || (a->format == EIFMT_SVAL && rec->value < a->min_size))
		return fail(r, sec->hdr.sh_offset + rec->offset,
		    "section %s, record %s (0x%02x) at 0x%zx: format %u with %u bytes, expected "
		    "format %u%s", sec->name, a->name, a->attr, rec->offset, rec->format,
		    rec->format == EIFMT_SVAL ? rec->value : 0, a->format,
		    a->format == EIFMT_SVAL ? (a->min_size == 8 ? " with a symbol and a value (8 bytes)" :
		    " with three dimensions (12 bytes)") : "");
	return 1;
}

/* The second of what a function has once (once_per_function): damage. */
static int
seen_before(struct reader *r, struct cubin_func *f, uint16_t bit, const struct section *sec,
    uint64_t at, const char *what)
{
	if ((f->seen & bit) != 0)
		return fail(r, at, "section %s: a second %s for function %s, expected one",
		    sec->name, what, f->name);
	f->seen |= bit;
	return 0;
}

/*
 * A function symbol defined inside another function's .text: a callee
 * ptxas laid out in its kernel's code ($KERNEL$CALLEE, $__internal_N_$...).
 * Its records (its own frame) are the only ones skipped: it has no row of
 * its own, and its kernel's records count it.
 */
static int
is_callee_inside(const struct reader *r, uint32_t sym)
{
	const uint8_t *s = r->syms + (size_t)sym * sizeof(Elf64_Sym);
	uint16_t shndx = get_u16(s + offsetof(Elf64_Sym, st_shndx));

	return ELF64_ST_TYPE(s[offsetof(Elf64_Sym, st_info)]) == STT_FUNC && shndx < r->nsecs &&
	    r->secs[shndx].func >= 0;
}

/*
 * .nv.info: REGCOUNT, FRAME_SIZE and MIN_STACK_SIZE per symbol.  A record
 * whose symbol is past the symbol table, or is no function of the image,
 * would be a figure dropped: damage (check_symtab has made sure the
 * image has its one table).  Only a callee inside its kernel's code is
 * skipped, by name (is_callee_inside).
 */
static int
read_module_info(struct reader *r, struct section *sec)
{
	struct nvinfo_rec rec;
	size_t pos = 0;
	int rc;

	while ((rc = nvinfo_next(sec->bytes, sec->len, &pos, &rec)) == 1) {
		uint32_t sym, val;
		long f;
		int form;

		if ((form = record_form(r, sec, &rec)) < 0)
			return -1;
		if (form == 0)
			continue;
		sym = get_u32(rec.payload);
		val = get_u32(rec.payload + 4);
		if (sym >= r->nsyms)
			return fail(r, sec->hdr.sh_offset + rec.offset,
			    "section %s, record %s at 0x%zx names symbol %u: the symbol table holds %zu",
			    sec->name, attr_form_of(rec.attr)->name, rec.offset, sym, r->nsyms);
		if ((f = r->sym_func[sym]) < 0) {
			if (is_callee_inside(r, sym))
				continue;
			return fail(r, sec->hdr.sh_offset + rec.offset,
			    "section %s, record %s at 0x%zx names symbol %u, which is no function "
			    "of this image", sec->name, attr_form_of(rec.attr)->name, rec.offset, sym);
		}
		if (seen_before(r, &r->c->funcs[f], attr_form_of(rec.attr)->once, sec,
		    sec->hdr.sh_offset + rec.offset, attr_form_of(rec.attr)->name) < 0)
			return -1;
		if (rec.attr == EIATTR_MIN_STACK_SIZE && val == STACK_NOT_STATIC) {
			r->c->funcs[f].stack = UNKNOWN_STACK;
			r->c->funcs[f].stack_why = STACK_RECURSION;
			continue;
		}
		if (val > INT32_MAX)
			val = INT32_MAX;
		if (rec.attr == EIATTR_REGCOUNT)
			r->c->funcs[f].regcount = (int32_t)val;
		else if (rec.attr == EIATTR_FRAME_SIZE)
			r->c->funcs[f].frame = (int32_t)val;
		else
			r->c->funcs[f].stack = (int32_t)val;
	}
	if (rc < 0)
		return fail(r, sec->hdr.sh_offset + rec.offset, "malformed .nv.info record");
	return 0;
}

/*
 * The function a per-function section (.nv.info.<fn>, .nv.shared.<fn>...)
 * belongs to.  Its sh_info names the .text section (doc/binary-formats.md
 * 4.4): when that holds a function called fn, one string compare settles
 * it; else the name is looked up among all the functions.
 */
static long
function_for(struct reader *r, size_t link, const char *fn)
{
	long fi;

	if (link < r->nsecs && (fi = r->secs[link].func) >= 0 && strcmp(r->c->funcs[fi].name, fn) == 0)
		return fi;
	if (r->names.names == NULL)
		name_index_build(&r->names, r->c);
	return name_index_find(&r->names, fn);
}

/* The function of a per-function section, or damage: its figures would
 * be dropped. */
static long
owner_of(struct reader *r, const struct section *sec, size_t link, const char *fn)
{
	long fi = function_for(r, link, fn);

	if (fi < 0)
		fail(r, sec->hdr_at, "section %s belongs to no function of this image "
		    "(no section .text.%s)", sec->name, fn);
	return fi;
}

static int
read_function_info(struct reader *r, struct section *sec)
{
	struct nvinfo_rec rec;
	struct cubin_func *f;
	size_t pos = 0;
	long fi;
	int rc;

	if ((fi = owner_of(r, sec, sec->hdr.sh_info, sec->fn)) < 0)
		return -1;
	f = &r->c->funcs[fi];
	while ((rc = nvinfo_next(sec->bytes, sec->len, &pos, &rec)) == 1) {
		int form = record_form(r, sec, &rec);

		if (form < 0)
			return -1;
		if (form == 0)
			continue;
		if (rec.attr == EIATTR_MAX_THREADS || rec.attr == EIATTR_REQNTID) {
			uint64_t t = (uint64_t)get_u32(rec.payload) * get_u32(rec.payload + 4) *
			    get_u32(rec.payload + 8);
			if (t > 0 && t <= INT32_MAX && (f->max_threads < 0 || (int32_t)t < f->max_threads))
				f->max_threads = (int32_t)t;
		} else
			f->maxreg = rec.value;
	}
	if (rc < 0)
		return fail(r, sec->hdr.sh_offset + rec.offset, "malformed record in %s", sec->name);
	return 0;
}

static int32_t
size_as_int32(uint64_t size)
{
	return size > INT32_MAX ? INT32_MAX : (int32_t)size;
}

/* .nv.shared.<fn> and .nv.local.<fn>: the section's size is the
 * function's shared memory or local memory per thread. */
static int
read_memory_size(struct reader *r, struct section *sec)
{
	long fi = owner_of(r, sec, sec->hdr.sh_info, sec->fn);
	int32_t size = size_as_int32(sec->hdr.sh_size);

	if (fi < 0 || seen_before(r, &r->c->funcs[fi], sec->kind == SEC_SHARED ? SEEN_SHARED :
	    SEEN_LOCAL, sec, sec->hdr_at, sec->kind == SEC_SHARED ? "shared memory section" :
	    "local memory section") < 0)
		return -1;
	if (sec->kind == SEC_SHARED)
		r->c->funcs[fi].shared = size;
	else
		r->c->funcs[fi].local = size;
	return 0;
}

static int
read_constant(struct reader *r, struct section *sec)
{
	const char *rest;
	unsigned bank;
	long fi;
	int rc = constant_bank(sec->name, &bank, &rest);

	if (rc < 0)
		return fail(r, sec->hdr_at, "section %s: a constant bank number past %u",
		    sec->name, CONSTANT_BANK_MAX);
	if (rc == 0)
		return 0;
	if (*rest == '\0')
		append_bank(r->c->constant, sizeof r->c->constant, bank, sec->hdr.sh_size);
	else if ((fi = owner_of(r, sec, sec->hdr.sh_info, rest)) >= 0)
		append_bank(r->c->funcs[fi].constant, sizeof r->c->funcs[fi].constant,
		    bank, sec->hdr.sh_size);
	else
		return -1;
	return 0;
}

/* .nv.global and .nv.global.init, summed; a sum past INT64_MAX bytes
 * stays there (as shared and local memory stay at INT32_MAX). */
static int
read_global(struct reader *r, struct section *sec)
{
	uint64_t room = (uint64_t)(INT64_MAX - r->global);

	r->global = sec->hdr.sh_size > room ? INT64_MAX : r->global + (int64_t)sec->hdr.sh_size;
	return 0;
}

/* What a relocation section's target section links to (.rel.nv.constant0.<fn>
 * relocates .nv.constant0.<fn>, whose sh_info is .text.<fn>). */
static size_t
link_of_target(const struct reader *r, const GElf_Shdr *sh)
{
	if (sh->sh_info < r->nsecs && r->secs[sh->sh_info].scn != NULL)
		return r->secs[sh->sh_info].hdr.sh_info;
	return SIZE_MAX;
}

/* A symbol's type (STT_*), from the image's symbol table. */
static unsigned
symbol_type(const struct reader *r, size_t sym)
{
	return ELF64_ST_TYPE(r->syms[sym * sizeof(Elf64_Sym) + offsetof(Elf64_Sym, st_info)]);
}

static int
reference_kind(unsigned type)
{
	switch (type) {
	case STT_CUDA_TEXTURE:	return 0;
	case STT_CUDA_SURFACE:	return 1;
	case STT_CUDA_SAMPLER:	return 2;
	default:		return -1;
	}
}

/*
 * Texture, surface and sampler references relocated into bank 0: each
 * distinct symbol counts once.  The entries are read from the image, as
 * stored: libelf would copy (and convert) an unaligned section on every
 * elf_getdata.  A bitmap over the symbol table, allocated once and
 * cleared entry by entry, keeps the count linear in the entries.
 */
static int
read_references(struct reader *r, struct section *sec)
{
	size_t entsize, n;
	int32_t count[3] = { 0, 0, 0 };
	long fi;

	if (sec->bytes == NULL)		/* none in the file (NOBITS): read as empty */
		return 0;
	if (sec->hdr.sh_type != SHT_REL && sec->hdr.sh_type != SHT_RELA)
		return fail(r, sec->hdr_at, "section %s has type 0x%x: expected SHT_REL (9) or "
		    "SHT_RELA (4)", sec->name, (unsigned)sec->hdr.sh_type);
	if ((fi = owner_of(r, sec, link_of_target(r, &sec->hdr), sec->fn)) < 0 ||
	    seen_before(r, &r->c->funcs[fi], SEEN_REFERENCES, sec, sec->hdr_at,
	    "relocation section into bank 0") < 0)
		return -1;
	entsize = sec->hdr.sh_type == SHT_RELA ? sizeof(Elf64_Rela) : sizeof(Elf64_Rel);
	n = sec->len / entsize;
	if (r->seen == NULL)
		r->seen = xcalloc((r->nsyms + 7) / 8, 1);
	for (size_t i = 0; i < n; i++) {
		uint64_t s = ELF64_R_SYM(get_u64(sec->bytes + i * entsize + offsetof(Elf64_Rel, r_info)));
		int k;

		if (s >= r->nsyms)
			return fail(r, sec->hdr.sh_offset + i * entsize, "section %s, relocation %zu "
			    "names symbol %llu: the symbol table holds %zu", sec->name, i,
			    (unsigned long long)s, r->nsyms);
		if ((r->seen[s / 8] & (1u << (s % 8))) != 0)
			continue;
		if ((k = reference_kind(symbol_type(r, s))) < 0)
			continue;
		count[k]++;
		r->seen[s / 8] |= (uint8_t)(1u << (s % 8));
	}
	for (size_t i = 0; i < n; i++) {
		uint64_t s = ELF64_R_SYM(get_u64(sec->bytes + i * entsize + offsetof(Elf64_Rel, r_info)));

		if (s < r->nsyms)
			r->seen[s / 8] = 0;
	}
	r->c->funcs[fi].texture = count[0];
	r->c->funcs[fi].surface = count[1];
	r->c->funcs[fi].sampler = count[2];
	return 0;
}

/* The producing tool and toolkit, from .note.nv.tkinfo (doc/binary-formats.md 4.10). */
static int
read_tkinfo(struct reader *r, struct section *sec)
{
	const uint8_t *note = sec->bytes, *desc;
	size_t size = sec->len;
	uint32_t namesz, descsz;
	const char *strings, *tk;
	size_t slen;

	if (size < 12)
		return 0;
	namesz = get_u32(note);
	descsz = get_u32(note + 4);
	if (namesz > size - 12)
		return 0;
	desc = note + 12 + ((namesz + 3) & ~3u);
	if (desc > note + size || descsz > (size_t)(note + size - desc) || descsz < 24)
		return 0;
	strings = (const char *)desc + 24;
	slen = descsz - 24;
	for (int i = 0; i < 2; i++) {
		uint32_t off = get_u32(desc + 8 + 4 * i);
		const char *s;
		size_t maxlen;

		if (off >= slen)
			continue;
		s = strings + off;
		maxlen = slen - off;
		if (memchr(s, '\0', maxlen) == NULL)
			continue;
		if (i == 0)
			snprintf(r->c->producer, sizeof r->c->producer, "%s", s);
		else if ((tk = strstr(s, "release ")) != NULL) {
			size_t n = strcspn(tk + 8, ", ");
			if (n < sizeof r->c->toolkit)
				snprintf(r->c->toolkit, sizeof r->c->toolkit, "%.*s", (int)n, tk + 8);
		}
	}
	return 0;
}

static int
read_compat(struct reader *r, struct section *sec)
{
	struct nvinfo_rec rec;
	size_t pos = 0;

	while (nvinfo_next(sec->bytes, sec->len, &pos, &rec) == 1)
		if (rec.attr == EIATTR_COMPAT_ARCH_A && rec.format == EIFMT_BVAL) {
			r->c->arch_a = rec.value == 1;
			return 0;
		}
	r->c->arch_a = 0;
	return 0;
}

/* .nv.callgraph: the calls, kept for settle_stacks; damage is the
 * image's (a gate must not pass a chain it could not read). */
static int
read_callgraph(struct reader *r, struct section *sec)
{
	char msg[160];
	size_t at = 0;

	if (sec->bytes == NULL)
		return 0;
	if (callgraph_read(&r->graph, sec->bytes, sec->len, r->nsyms, msg, sizeof msg, &at) < 0)
		return fail(r, sec->hdr.sh_offset + at, "%s", msg);
	r->c->calls = r->graph.ncalls;
	r->c->launches = r->graph.launches;
	return 0;
}

typedef int (*section_reader)(struct reader *, struct section *);

/* What each kind of section gives; kinds without a reader give nothing
 * here (symbols and functions are read before, by collect_functions). */
/* .nv.merc.* and .nv.capmerc.*: bytes the image holds beside the code
 * the GPU runs, counted apart from the functions' (code_bytes). */
static int
read_merc(struct reader *r, struct section *sec)
{
	r->c->merc_bytes += sec->len;
	return 0;
}

static const section_reader section_readers[SEC_KINDS] = {
	[SEC_MERC] = read_merc,
	[SEC_MODULE_INFO] = read_module_info,
	[SEC_FUNCTION_INFO] = read_function_info,
	[SEC_SHARED] = read_memory_size,
	[SEC_LOCAL] = read_memory_size,
	[SEC_CONSTANT] = read_constant,
	[SEC_GLOBAL] = read_global,
	[SEC_REFERENCES] = read_references,
	[SEC_TKINFO] = read_tkinfo,
	[SEC_COMPAT] = read_compat,
	[SEC_CALLGRAPH] = read_callgraph,
};

static void
classify(struct reader *r, size_t index, struct section *sec)
{
	sec->kind = SEC_OTHER;
	sec->fn = NULL;
	if (index == r->table.shstrndx) {
		sec->kind = SEC_NAMES;
		return;
	}
	for (size_t i = 0; i < sizeof section_rules / sizeof section_rules[0]; i++) {
		const struct section_rule *rule = &section_rules[i];
		size_t n = strlen(rule->name);

		if (rule->prefix ? strncmp(sec->name, rule->name, n) == 0 : strcmp(sec->name, rule->name) == 0) {
			sec->kind = rule->kind;
			sec->fn = sec->name + n;
			return;
		}
	}
	if (sec->hdr.sh_type == SHT_SYMTAB)
		sec->kind = SEC_SYMTAB;
	else if (sec->hdr.sh_type == SHT_CUDA_COMPAT)
		sec->kind = SEC_COMPAT;
}

/*
 * Every section's bytes lie in the image, unless its type has none in the
 * file (no_file_bytes).  An empty section may point anywhere.
 */
static int
check_bytes(struct reader *r, struct section *sec)
{
	const GElf_Shdr *sh = &sec->hdr;

	sec->bytes = NULL;
	sec->len = 0;
	if (!has_file_bytes(sh->sh_type) || sh->sh_size == 0)
		return 0;
	if (sh->sh_offset > r->size || sh->sh_size > r->size - sh->sh_offset)
		return fail(r, sh->sh_offset,
		    "section %s (%llu bytes at 0x%llx) runs past the end of the image (%zu bytes)",
		    sec->name, (unsigned long long)sh->sh_size, (unsigned long long)sh->sh_offset,
		    r->size);
	sec->bytes = r->data + sh->sh_offset;
	sec->len = (size_t)sh->sh_size;
	return 0;
}

/*
 * The sections whose bytes are read claim no more bytes than the image
 * holds: a cubin is its image, and one section's bytes are not another's.
 * Other sections may share bytes (a .nv.merc.* section repeats a constant
 * bank's), as only their header is looked at.
 */
static int
check_claims(struct reader *r)
{
	size_t claimed = 0;

	for (size_t i = 1; i < r->nsecs; i++) {
		const struct section *sec = &r->secs[i];

		if (!kind_reads_bytes[sec->kind])
			continue;
		if (sec->len > r->size - claimed)
			return fail(r, sec->hdr.sh_offset,
			    "section %s (%zu bytes at 0x%llx) overlaps others: the sections read "
			    "would claim more than the image's %zu bytes (expected each byte in one section)",
			    sec->name, sec->len, (unsigned long long)sec->hdr.sh_offset, r->size);
		claimed += sec->len;
	}
	return 0;
}

static int
is_function_text(const struct section *sec)
{
	return sec->scn != NULL && strncmp(sec->name, ".text.", 6) == 0;
}

/* A function's code is SHT_PROGBITS: under another type it is damage,
 * not a function less. */
static int
check_text(struct reader *r, const struct section *sec)
{
	if (is_function_text(sec) && sec->hdr.sh_type != SHT_PROGBITS)
		return fail(r, sec->hdr_at, "section %s has type 0x%x: expected SHT_PROGBITS (1)",
		    sec->name, (unsigned)sec->hdr.sh_type);
	return 0;
}

/* Every section header, name and kind, in one walk through libelf. */
static int
load_sections(struct reader *r)
{
	Elf_Scn *scn = NULL;

	if (elf_getshdrnum(r->elf, &r->nsecs) != 0 || r->nsecs != r->table.shnum)
		return fail(r, r->table.shoff, "libelf reads %zu of the %zu section headers at 0x%llx",
		    r->nsecs, r->table.shnum, (unsigned long long)r->table.shoff);
	if (r->nsecs > CUBIN_SECTIONS_MAX)
		return fail(r, r->table.shoff, "%zu section headers: expected at most %u",
		    r->nsecs, CUBIN_SECTIONS_MAX);
	r->secs = xcalloc(r->nsecs, sizeof *r->secs);
	for (size_t i = 0; i < r->nsecs; i++) {
		r->secs[i].func = -1;
		r->secs[i].name = "";
	}
	while ((scn = elf_nextscn(r->elf, scn)) != NULL) {
		size_t i = elf_ndxscn(scn);
		struct section *sec;

		if (i >= r->nsecs)
			break;
		sec = &r->secs[i];
		if (gelf_getshdr(scn, &sec->hdr) == NULL)
			return fail(r, r->table.shoff + i * r->table.shentsize,
			    "unreadable section header %zu: %s", i, elf_errmsg(-1));
		sec->scn = scn;
		sec->hdr_at = (size_t)r->table.shoff + i * r->table.shentsize;
		/* In the table: checked by hostelf_check_table. */
		sec->name = r->table.names + sec->hdr.sh_name;
		classify(r, i, sec);
		if (check_bytes(r, sec) < 0 || check_text(r, sec) < 0)
			return -1;
	}
	return check_claims(r);
}


/* The functions counted first: the array is allocated once, not grown. */
static void
reserve_functions(struct reader *r)
{
	size_t n = 0;

	for (size_t i = 1; i < r->nsecs; i++)
		if (is_function_text(&r->secs[i]))
			n++;
	xgrow((void **)&r->c->funcs, &r->c->capfuncs, r->c->nfuncs + n, sizeof *r->c->funcs);
}

struct text_at {
	size_t		 offset, len, func;
};

static int
text_by_offset(const void *a, const void *b)
{
	const struct text_at *x = a, *y = b;

	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/*
 * The functions' code hashes, and the image's from them: XXH3 over 64-bit
 * values, in file order, each function's code hash after the hash of the
 * bytes before it (since the last), then the hash of the bytes after the
 * last, so that each byte is hashed once.  Hashing the code twice (alone,
 * then in the whole image) was a fifth of the scan's CPU on
 * libtorch_cuda.  Equal images hash equal.
 */
static void
hash_image(struct reader *r)
{
	struct text_at *t = xmalloc((r->nsecs ? r->nsecs : 1) * sizeof *t);
	uint64_t *h = xmalloc((2 * r->nsecs + 1) * sizeof *h);
	size_t n = 0, nh = 0, at = 0;

	for (size_t i = 1; i < r->nsecs; i++)
		if (r->secs[i].func >= 0 && r->secs[i].bytes != NULL)
			t[n++] = (struct text_at){ (size_t)(r->secs[i].bytes - r->data),
			    r->secs[i].len, (size_t)r->secs[i].func };
	qsort(t, n, sizeof *t, text_by_offset);
	for (size_t k = 0; k < n; k++) {
		uint64_t code = hash64(r->data + t[k].offset, t[k].len);

		r->c->funcs[t[k].func].code_hash = code;
		if (t[k].offset < at)	/* overlapping another: its bytes are in already */
			continue;
		h[nh++] = hash64(r->data + at, t[k].offset - at);
		h[nh++] = code;
		at = t[k].offset + t[k].len;
	}
	h[nh++] = hash64(r->data + at, r->size - at);
	for (size_t k = 0; k < nh; k++)	/* the values as bytes: little-endian */
		h[k] = htole64(h[k]);
	r->c->hash = hash64(h, nh * sizeof *h);
	free(h);
	free(t);
}

/*
 * The image's one symbol table, of type SHT_SYMTAB in whole entries of 24
 * bytes (Elf64_Sym, whatever sh_entsize says): every function's section
 * and every .nv.info record names its symbol there.  A section called
 * .symtab of another type, a second table, or functions with no table are
 * damage: read any other way, a kernel would lose its records (and its
 * being a kernel) without a word.
 */
static int
check_symtab(struct reader *r)
{
	size_t funcs = 0;

	for (size_t i = 1; i < r->nsecs; i++) {
		const struct section *sec = &r->secs[i];

		if (is_function_text(sec))
			funcs++;
		if (sec->scn == NULL)
			continue;
		if (sec->hdr.sh_type != SHT_SYMTAB) {
			if (strcmp(sec->name, ".symtab") == 0)
				return fail(r, sec->hdr_at, "section .symtab has type 0x%x: "
				    "expected SHT_SYMTAB (2)", (unsigned)sec->hdr.sh_type);
			continue;
		}
		if (r->symtab != 0)
			return fail(r, sec->hdr_at, "section %zu (%s) is a second symbol table, "
			    "after section %zu (%s): expected one", i, sec->name, r->symtab,
			    r->secs[r->symtab].name);
		if (sec->len % sizeof(Elf64_Sym) != 0)	/* sh_entsize is not read */
			return fail(r, sec->hdr_at, "symbol table %s: %zu bytes, expected whole "
			    "entries of %zu bytes", sec->name, sec->len, sizeof(Elf64_Sym));
		r->symtab = i;
		r->syms = sec->bytes;
		r->nsyms = sec->len / sizeof(Elf64_Sym);
	}
	if (r->symtab == 0 && funcs > 0)
		return fail(r, r->table.shoff, "no symbol table (SHT_SYMTAB), though %zu function "
		    "section%s name%s symbols in it", funcs, funcs == 1 ? "" : "s", funcs == 1 ? "s" : "");
	return 0;
}

/* The functions, one per .text.<name> section; the symbol each names
 * (its sh_info's low 24 bits) lies in the symbol table, or it is damage. */
static int
collect_functions(struct reader *r)
{
	reserve_functions(r);
	for (size_t i = 1; i < r->nsecs; i++) {
		const struct section *sec = &r->secs[i];
		const GElf_Shdr *sh = &sec->hdr;
		struct cubin_func *f;

		if (!is_function_text(sec))
			continue;
		r->secs[i].func = (long)r->c->nfuncs;
		f = &r->c->funcs[r->c->nfuncs++];
		memset(f, 0, sizeof *f);
		f->name = strpool_intern_str(r->pool, sec->name + 6);
		f->code_bytes = sh->sh_size;
		f->code_hash = 0;	/* hash_image */
		r->c->text_bytes += sh->sh_size;
		f->sym = (uint32_t)(sh->sh_info & 0xffffff);
		f->reg = (int32_t)(sh->sh_info >> 24);
		f->regcount = -1;
		f->max_threads = -1;
		f->maxreg = -1;
		if (f->sym >= r->nsyms)
			return fail(r, sec->hdr_at, "section %s names symbol %u (sh_info 0x%llx): "
			    "the symbol table holds %zu", sec->name, f->sym,
			    (unsigned long long)sh->sh_info, r->nsyms);
	}
	return 0;
}

/* Symbol -> function; two functions naming one symbol would leave one
 * of them without its records: damage. */
static int
resolve_symbols(struct reader *r)
{
	r->sym_func = xmalloc((r->nsyms ? r->nsyms : 1) * sizeof *r->sym_func);
	for (size_t i = 0; i < r->nsyms; i++)
		r->sym_func[i] = -1;
	for (size_t i = 0; i < r->c->nfuncs; i++) {
		struct cubin_func *f = &r->c->funcs[i];
		uint8_t other;

		if (r->sym_func[f->sym] >= 0)
			return fail(r, r->table.shoff, "functions %s and %s name one symbol, %u: "
			    "expected a symbol of its own each", r->c->funcs[r->sym_func[f->sym]].name,
			    f->name, f->sym);
		r->sym_func[f->sym] = (long)i;
		other = r->syms[f->sym * sizeof(Elf64_Sym) + offsetof(Elf64_Sym, st_other)];
		f->entry = (other & STO_CUDA_ENTRY) != 0;
		f->visibility = (uint8_t)GELF_ST_VISIBILITY(other);
		f->unlisted = (other & STO_CUDA_UNLISTED) != 0;
	}
	return 0;
}

/* The sections an image has once: a second would overwrite the first's
 * calls, toolkit or target. */
static const unsigned char kind_once_per_image[SEC_KINDS] = {
	[SEC_TKINFO] = 1, [SEC_COMPAT] = 1, [SEC_CALLGRAPH] = 1,
};

static int
read_sections(struct reader *r)
{
	size_t first[SEC_KINDS] = { 0 };

	for (size_t i = 1; i < r->nsecs; i++) {
		struct section *sec = &r->secs[i];
		section_reader read = section_readers[sec->kind];

		if (sec->scn == NULL || read == NULL)
			continue;
		if (kind_once_per_image[sec->kind] && first[sec->kind] != 0)
			return fail(r, sec->hdr_at, "section %zu (%s) is a second one of its kind, "
			    "after section %zu (%s): expected one", i, sec->name, first[sec->kind],
			    r->secs[first[sec->kind]].name);
		first[sec->kind] = i;
		if (read(r, sec) < 0)
			return -1;
	}
	r->c->global = r->global;
	return 0;
}

/* A symbol's name in the symbol table's strings, "" when it has none
 * there (or they are damaged: the name only labels a reach list). */
static const char *
symbol_text(const struct reader *r, size_t sym)
{
	const struct section *strs;
	uint32_t at;

	if (r->symtab == 0 || r->secs[r->symtab].hdr.sh_link >= r->nsecs)
		return "";
	strs = &r->secs[r->secs[r->symtab].hdr.sh_link];
	at = get_u32(r->syms + sym * sizeof(Elf64_Sym) + offsetof(Elf64_Sym, st_name));
	if (strs->bytes == NULL || at >= strs->len || memchr(strs->bytes + at, '\0', strs->len - at) == NULL)
		return "";
	return (const char *)strs->bytes + at;
}

struct subfunction {
	size_t		 kernel;
	const char	*callee;	/* interned */
};

static int
subfunction_cmp(const void *a, const void *b)
{
	const struct subfunction *x = a, *y = b;

	return x->kernel < y->kernel ? -1 : x->kernel > y->kernel;
}

/* The kernel whose callee symbol s is ($KERNEL$CALLEE in the kernel's
 * .text), and the callee's name; -1 when s is none. */
static long
subfunction_of(const struct reader *r, size_t s, const char **callee)
{
	const uint8_t *sym = r->syms + s * sizeof(Elf64_Sym);
	uint16_t shndx = get_u16(sym + offsetof(Elf64_Sym, st_shndx));
	const char *name, *k;
	size_t klen;
	long fi;

	if (ELF64_ST_TYPE(sym[offsetof(Elf64_Sym, st_info)]) != STT_FUNC || shndx >= r->nsecs ||
	    (fi = r->secs[shndx].func) < 0 || !r->c->funcs[fi].entry)
		return -1;
	name = symbol_text(r, s);
	k = r->c->funcs[fi].name;
	klen = strlen(k);
	if (name[0] != '$' || strncmp(name + 1, k, klen) != 0 || name[1 + klen] != '$' ||
	    name[2 + klen] == '\0')
		return -1;
	*callee = name + 2 + klen;
	return fi;
}

/*
 * A whole-program image has no calls in .nv.callgraph: ptxas lays each
 * kernel's callees out inside its own .text, named $KERNEL$CALLEE (local
 * functions in that section).  Those names are the kernel's callees, for
 * the ptxas -v join: their spills are the kernel's, and a frame ptxas did
 * not fold into the kernel's is a chain it could not bound.
 */
static void
subfunction_callees(struct reader *r)
{
	struct cubin *c = r->c;
	struct subfunction *sub = NULL;
	const char **names;
	size_t n = 0, budget = CALLGRAPH_REACH_MAX;

	for (size_t s = 1; s < r->nsyms; s++) {
		const char *callee;
		long fi = subfunction_of(r, s, &callee);

		if (fi < 0)
			continue;
		if (sub == NULL)
			sub = xmalloc(r->nsyms * sizeof *sub);
		sub[n].kernel = (size_t)fi;
		sub[n++].callee = strpool_intern_str(r->pool, callee);
	}
	if (n == 0)
		return;
	qsort(sub, n, sizeof *sub, subfunction_cmp);
	names = xmalloc(n * sizeof *names);
	for (size_t i = 0; i < n; ) {
		size_t j = i;

		for (; j < n && sub[j].kernel == sub[i].kernel; j++)
			names[j - i] = sub[j].callee;
		if (j - i <= budget) {
			c->funcs[sub[i].kernel].callees = callgraph_join(names, j - i, r->pool);
			budget -= j - i;
		} else
			c->funcs[sub[i].kernel].callees_cut = 1;
		i = j;
	}
	free(names);
	free(sub);
}

/*
 * What each kernel needs at run time, where .nv.info does not say it.
 * In a relocatable image (-rdc) no MIN_STACK_SIZE is written: the device
 * link settles it, and cuobjdump prints 0.  Here a kernel's stack is its
 * own frame plus the deepest chain of its callees' frames, as nvlink
 * computes it; unknown when a chain comes back (recursion).  A chain that
 * leaves the image (a callee another object defines) counts what the
 * image knows, and says so (STACK_AT_LINK): the device link adds the rest.  A device function's row keeps
 * its own frame, as ptxas -v prints it.  In a linked image MIN_STACK_SIZE
 * stands, but a chain that comes back still makes it unknown.
 */
static void
settle_stacks(struct reader *r)
{
	struct cubin *c = r->c;
	struct chain_sym *syms;
	struct chain_out *out;
	uint8_t *mark;
	size_t budget = CALLGRAPH_REACH_MAX;

	if (!c->relocatable && r->graph.ncalls == 0) {
		subfunction_callees(r);
		return;
	}
	syms = xcalloc(r->nsyms ? r->nsyms : 1, sizeof *syms);
	out = xcalloc(r->nsyms ? r->nsyms : 1, sizeof *out);
	for (size_t s = 0; s < r->nsyms; s++) {
		syms[s].frame = -1;
		syms[s].name = "";
	}
	for (size_t i = 0; i < c->nfuncs; i++)
		if (c->funcs[i].sym < r->nsyms) {
			syms[c->funcs[i].sym].frame = c->funcs[i].frame > 0 ? c->funcs[i].frame : 0;
			syms[c->funcs[i].sym].name = c->funcs[i].name;
		}
	for (size_t k = 0; k < 2 * r->graph.ncalls; k++)
		if (syms[r->graph.calls[k]].frame < 0 && syms[r->graph.calls[k]].name[0] == '\0')
			syms[r->graph.calls[k]].name = strpool_intern_str(r->pool, symbol_text(r, r->graph.calls[k]));
	callgraph_index(&r->graph, r->nsyms);
	callgraph_chains(&r->graph, syms, out);
	mark = xcalloc(r->nsyms ? r->nsyms : 1, 1);
	for (size_t i = 0; i < c->nfuncs; i++) {
		struct cubin_func *f = &c->funcs[i];
		const struct chain_out *o;

		if (f->sym >= r->nsyms)
			continue;
		o = &out[f->sym];
		if (c->relocatable && !f->entry)
			f->stack = f->frame > 0 ? f->frame : 0;
		else if (f->entry && o->why == STACK_RECURSION) {
			f->stack = UNKNOWN_STACK;
			f->stack_why = STACK_RECURSION;
		} else if (c->relocatable) {
			f->stack = (int32_t)o->need;	/* at link: what the object knows */
			f->stack_why = o->why;
		}
		if (f->entry && r->graph.ncalls > 0) {
			f->callees = callgraph_reach(&r->graph, f->sym, syms, r->pool, mark, &budget);
			f->callees_cut = f->callees == NULL;
		}
	}
	free(mark);
	free(out);
	free(syms);
}

static void
finish_functions(struct cubin *c)
{
	for (size_t i = 0; i < c->nfuncs; i++) {
		struct cubin_func *f = &c->funcs[i];

		/* cuobjdump: REGCOUNT for entries, else the .text sh_info byte. */
		if (f->entry && f->regcount >= 0)
			f->reg = f->regcount;
	}
}

/* The architecture e_flags names: bits 8-15 from ABI version 8 on. */
static unsigned
sm_of(const GElf_Ehdr *eh)
{
	if (eh->e_ident[EI_ABIVERSION] >= 8)
		return (eh->e_flags >> 8) & 0xff;
	return eh->e_flags & 0xff;
}

static int
read_header(struct reader *r)
{
	GElf_Ehdr eh;

	if (hostelf_check_table(r->data, r->size, "image", &r->table, r->err, r->errsize, r->err_offset) < 0)
		return -1;
	if (r->table.shnum == 0)
		return fail(r, offsetof(Elf64_Ehdr, e_shoff),
		    "device ELF without sections: expected a section header table");
	r->elf = elf_memory((char *)r->data, r->size);
	if (r->elf == NULL || gelf_getehdr(r->elf, &eh) == NULL)
		return fail(r, 0, "unreadable device ELF: %s", elf_errmsg(-1));
	r->c->relocatable = eh.e_type == ET_REL;
	if ((r->c->sm = sm_of(&eh)) == 0)
		return fail(r, offsetof(Elf64_Ehdr, e_flags),
		    "e_flags 0x%llx names no architecture: expected sm_XX in bits %s",
		    (unsigned long long)eh.e_flags, eh.e_ident[EI_ABIVERSION] >= 8 ? "8-15" : "0-7");
	return 0;
}

/* Each function's own source line, where nvcc -lineinfo or -G left a
 * line table (linetable.h); read after every figure, and none of them
 * depends on it. */
static void
line_table(struct reader *r)
{
	for (size_t i = 1; i < r->nsecs; i++)
		if (strcmp(r->secs[i].name, ".debug_line") == 0 && r->secs[i].bytes != NULL) {
			linetable_read(r->elf, i, r->c, r->pool);
			return;
		}
}

int
cubin_read(const uint8_t *data, size_t size, struct cubin *c, struct strpool *pool,
    char *err, size_t errsize, size_t *err_offset)
{
	struct reader r;
	int rc = -1;

	memset(&r, 0, sizeof r);
	r.data = data;
	r.size = size;
	r.c = c;
	r.pool = pool;
	r.err = err;
	r.errsize = errsize;
	r.err_offset = err_offset;
	*err_offset = 0;

	if (!cubin_is_cubin(data, size)) {
		snprintf(err, errsize, "expected a 64-bit little-endian CUDA ELF (e_machine 190)");
		return -1;
	}
	if (read_header(&r) < 0 || load_sections(&r) < 0 || check_symtab(&r) < 0 ||
	    collect_functions(&r) < 0)
		goto out;
	if (c->want_hash)
		hash_image(&r);
	if (resolve_symbols(&r) < 0 || read_sections(&r) < 0)
		goto out;
	settle_stacks(&r);
	finish_functions(c);
	line_table(&r);
	rc = 0;
out:
	if (r.names.names)
		name_index_free(&r.names);
	free(r.sym_func);
	free(r.seen);
	callgraph_free(&r.graph);
	free(r.secs);
	if (r.elf)
		elf_end(r.elf);
	return rc;
}
