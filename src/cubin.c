#include "config.h"

#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "cubin.h"
#include "decimal.h"
#include "nvinfo.h"
#include "xalloc.h"

#define EM_CUDA_NUM		190
#define STO_CUDA_ENTRY		0x10
#define STT_CUDA_TEXTURE	10
#define STT_CUDA_SAMPLER	11
#define STT_CUDA_SURFACE	12
#define SHT_CUDA_COMPAT		(SHT_LOPROC + 0x86)

void
cubin_init(struct cubin *c)
{
	memset(c, 0, sizeof *c);
}

void
cubin_free(struct cubin *c)
{
	free(c->funcs);
	memset(c, 0, sizeof *c);
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

/* ".nv.constant3" -> 3 with *rest "", ".nv.constant0.foo" -> 0 with *rest "foo". */
static int
constant_bank(const char *name, const char **rest)
{
	const char *p = name + strlen(".nv.constant");
	int bank = 0;

	if (*p < '0' || *p > '9')
		return -1;
	while (*p >= '0' && *p <= '9')
		bank = bank * 10 + (*p++ - '0');
	if (*p == '\0')
		*rest = p;
	else if (*p == '.')
		*rest = p + 1;
	else
		return -1;
	return bank;
}

/* Bounds-checked raw bytes of a section. */
static const uint8_t *
section_bytes(const uint8_t *data, size_t size, const GElf_Shdr *sh)
{
	if (sh->sh_type == SHT_NOBITS || sh->sh_offset > size || sh->sh_size > size - sh->sh_offset)
		return NULL;
	return data + sh->sh_offset;
}

/*
 * A section as read once: its header and its name.  The header is
 * copied: libelf hands out the image's own bytes, which need not be
 * aligned (an image stored in a fatbin lies at any offset).
 */
struct section {
	Elf_Scn		*scn;		/* NULL for index 0 */
	GElf_Shdr	 hdr;
	const char	*name;		/* NULL when unreadable */
	long		 func;		/* the function a .text section holds, or -1 */
};

struct reader {
	const uint8_t	*data;
	size_t		 size;
	Elf		*elf;
	size_t		 shstrndx;
	const char	*strs;		/* the section name table, when whole */
	size_t		 strsize;
	struct section	*secs;
	size_t		 nsecs;
	struct cubin	*c;
	struct strpool	*pool;
	struct name_index names;	/* built only when a link does not serve */
	long		*sym_func;	/* symbol index -> function index, -1 */
	size_t		 nsyms;
	Elf_Data	*symdata;
	char		*err;
	size_t		 errsize;
	size_t		*err_offset;
};

static int
fail(struct reader *r, size_t offset, const char *fmt, const char *arg)
{
	snprintf(r->err, r->errsize, fmt, arg);
	*r->err_offset = offset;
	return -1;
}

static int
read_module_info(struct reader *r, const uint8_t *sec, size_t size, size_t secoff)
{
	struct nvinfo_rec rec;
	size_t pos = 0;
	int rc;

	while ((rc = nvinfo_next(sec, size, &pos, &rec)) == 1) {
		uint32_t sym, val;
		long f;

		if (rec.format != EIFMT_SVAL || rec.value < 8)
			continue;
		if (rec.attr != EIATTR_REGCOUNT && rec.attr != EIATTR_FRAME_SIZE &&
		    rec.attr != EIATTR_MIN_STACK_SIZE)
			continue;
		sym = get_u32(rec.payload);
		val = get_u32(rec.payload + 4);
		if (sym >= r->nsyms || (f = r->sym_func[sym]) < 0)
			continue;
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
		return fail(r, secoff + rec.offset, "malformed .nv.info record%s", "");
	return 0;
}

static int
read_function_info(struct reader *r, struct cubin_func *f, const uint8_t *sec,
    size_t size, size_t secoff, const char *secname)
{
	struct nvinfo_rec rec;
	size_t pos = 0;
	int rc;

	while ((rc = nvinfo_next(sec, size, &pos, &rec)) == 1) {
		if ((rec.attr == EIATTR_MAX_THREADS || rec.attr == EIATTR_REQNTID) &&
		    rec.format == EIFMT_SVAL && rec.value >= 12) {
			uint64_t t = (uint64_t)get_u32(rec.payload) * get_u32(rec.payload + 4) *
			    get_u32(rec.payload + 8);
			if (t > 0 && t <= INT32_MAX && (f->max_threads < 0 || (int32_t)t < f->max_threads))
				f->max_threads = (int32_t)t;
		} else if (rec.attr == EIATTR_MAXREG_COUNT && rec.format == EIFMT_HVAL)
			f->maxreg = rec.value;
	}
	if (rc < 0)
		return fail(r, secoff + rec.offset, "malformed record in %s", secname);
	return 0;
}

static int
is_arch_a(const uint8_t *sec, size_t size)
{
	struct nvinfo_rec rec;
	size_t pos = 0;

	while (nvinfo_next(sec, size, &pos, &rec) == 1)
		if (rec.attr == EIATTR_COMPAT_ARCH_A && rec.format == EIFMT_BVAL)
			return rec.value == 1;
	return 0;
}

/*
 * Texture, sampler and surface references relocated into bank 0: each
 * distinct symbol counts once.  The section lies inside the image (checked
 * by the caller), so the entry count is bounded by the image size, and a
 * bitmap over the symbol table keeps the count linear.
 */
static void
count_references(struct reader *r, struct cubin_func *f, Elf_Scn *scn, const GElf_Shdr *sh)
{
	Elf_Data *d;
	size_t n, entsize, ntex = 0, nsamp = 0, nsurf = 0;
	uint8_t *seen;

	if (sh->sh_type != SHT_REL && sh->sh_type != SHT_RELA)
		return;
	if (r->symdata == NULL || r->nsyms == 0 || (d = elf_getdata(scn, NULL)) == NULL)
		return;
	entsize = gelf_fsize(r->elf, sh->sh_type == SHT_RELA ? ELF_T_RELA : ELF_T_REL, 1, EV_CURRENT);
	if (entsize == 0)
		return;
	n = d->d_size / entsize;
	seen = xcalloc((r->nsyms + 7) / 8, 1);
	for (size_t i = 0; i < n && i <= INT32_MAX; i++) {
		GElf_Rel rel;
		GElf_Rela rela;
		GElf_Sym sym;
		uint64_t info;
		uint64_t s;

		if (sh->sh_type == SHT_RELA) {
			if (gelf_getrela(d, (int)i, &rela) == NULL)
				break;
			info = rela.r_info;
		} else {
			if (gelf_getrel(d, (int)i, &rel) == NULL)
				break;
			info = rel.r_info;
		}
		s = GELF_R_SYM(info);
		if (s >= r->nsyms || (seen[s / 8] & (1u << (s % 8))) != 0)
			continue;
		if (gelf_getsym(r->symdata, (int)s, &sym) == NULL)
			continue;
		switch (GELF_ST_TYPE(sym.st_info)) {
		case STT_CUDA_TEXTURE:	ntex++; break;
		case STT_CUDA_SAMPLER:	nsamp++; break;
		case STT_CUDA_SURFACE:	nsurf++; break;
		default:		continue;
		}
		seen[s / 8] |= (uint8_t)(1u << (s % 8));
	}
	free(seen);
	f->texture = (int32_t)ntex;
	f->sampler = (int32_t)nsamp;
	f->surface = (int32_t)nsurf;
}

/* The producing tool and toolkit, from .note.nv.tkinfo (binary-formats.md 4.10). */
static void
read_tkinfo(struct reader *r, const uint8_t *sec, size_t size)
{
	uint32_t namesz, descsz;
	const uint8_t *desc;
	const char *strings, *tk;
	size_t slen;

	if (size < 12)
		return;
	namesz = get_u32(sec);
	descsz = get_u32(sec + 4);
	if (namesz > size - 12)
		return;
	desc = sec + 12 + ((namesz + 3) & ~3u);
	if (desc > sec + size || descsz > (size_t)(sec + size - desc) || descsz < 24)
		return;
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
}

/*
 * The section name table, read once: a string table that ends in a NUL
 * serves every name by offset.  Otherwise each name goes through
 * elf_strptr, which checks it alone.
 */
static void
load_names(struct reader *r)
{
	Elf_Scn *scn = elf_getscn(r->elf, r->shstrndx);
	GElf_Shdr sh;
	Elf_Data *d;

	if (scn == NULL || gelf_getshdr(scn, &sh) == NULL || sh.sh_type != SHT_STRTAB ||
	    (d = elf_getdata(scn, NULL)) == NULL)
		return;
	if (d->d_buf != NULL && d->d_size > 0 && ((const char *)d->d_buf)[d->d_size - 1] == '\0') {
		r->strs = d->d_buf;
		r->strsize = d->d_size;
	}
}

static const char *
section_name(struct reader *r, size_t offset)
{
	if (r->strs != NULL)
		return offset < r->strsize ? r->strs + offset : NULL;
	return elf_strptr(r->elf, r->shstrndx, offset);
}

/* Every section header and name, in one walk through libelf. */
static int
load_sections(struct reader *r)
{
	Elf_Scn *scn = NULL;

	if (elf_getshdrnum(r->elf, &r->nsecs) != 0)
		return fail(r, 0, "cannot count the sections: %s", elf_errmsg(-1));
	load_names(r);
	r->secs = xcalloc(r->nsecs ? r->nsecs : 1, sizeof *r->secs);
	for (size_t i = 0; i < r->nsecs; i++)
		r->secs[i].func = -1;
	while ((scn = elf_nextscn(r->elf, scn)) != NULL) {
		size_t i = elf_ndxscn(scn);
		struct section *sec;

		if (i >= r->nsecs)
			break;
		sec = &r->secs[i];
		if (gelf_getshdr(scn, &sec->hdr) == NULL)
			return fail(r, 0, "cannot read a section header: %s", elf_errmsg(-1));
		sec->scn = scn;
		sec->name = section_name(r, sec->hdr.sh_name);
	}
	return 0;
}

static int
is_function_text(const struct section *sec)
{
	return sec->scn != NULL && sec->name != NULL && strncmp(sec->name, ".text.", 6) == 0 &&
	    sec->hdr.sh_type == SHT_PROGBITS;
}

/* The functions counted first: the array is allocated once, not grown. */
static void
reserve_functions(struct reader *r)
{
	size_t n = 0;

	for (size_t i = 1; i < r->nsecs; i++)
		n += is_function_text(&r->secs[i]);
	xgrow((void **)&r->c->funcs, &r->c->capfuncs, r->c->nfuncs + n, sizeof *r->c->funcs);
}

static int
collect_functions(struct reader *r)
{
	reserve_functions(r);
	for (size_t i = 1; i < r->nsecs; i++) {
		const struct section *sec = &r->secs[i];
		const GElf_Shdr *sh = &sec->hdr;
		struct cubin_func *f;

		if (sec->scn == NULL)
			continue;
		if (sh->sh_type == SHT_SYMTAB && r->symdata == NULL) {
			if (section_bytes(r->data, r->size, sh) == NULL)
				return fail(r, sh->sh_offset, "symbol table runs past the end of the image%s", "");
			r->symdata = elf_getdata(sec->scn, NULL);
			/* libelf's own entry size, not sh_entsize: the count
			 * then matches what gelf_getsym will read. */
			if (r->symdata != NULL)
				r->nsyms = r->symdata->d_size / gelf_fsize(r->elf, ELF_T_SYM, 1, EV_CURRENT);
		}
		if (!is_function_text(sec))
			continue;
		r->secs[i].func = (long)r->c->nfuncs;
		f = &r->c->funcs[r->c->nfuncs++];
		memset(f, 0, sizeof *f);
		f->name = strpool_intern_str(r->pool, sec->name + 6);
		f->sym = (uint32_t)(sh->sh_info & 0xffffff);
		f->reg = (int32_t)(sh->sh_info >> 24);
		f->regcount = -1;
		f->max_threads = -1;
		f->maxreg = -1;
	}
	return 0;
}

/*
 * The function a per-function section (.nv.info.<fn>, .nv.shared.<fn>...)
 * belongs to.  Its sh_info names the .text section (binary-formats.md
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

/* What a relocation section's target section links to (.rel.nv.constant0.<fn>
 * relocates .nv.constant0.<fn>, whose sh_info is .text.<fn>). */
static size_t
link_of_target(const struct reader *r, const GElf_Shdr *sh)
{
	if (sh->sh_info < r->nsecs && r->secs[sh->sh_info].scn != NULL)
		return r->secs[sh->sh_info].hdr.sh_info;
	return SIZE_MAX;
}

static void
resolve_symbols(struct reader *r)
{
	r->sym_func = xmalloc((r->nsyms ? r->nsyms : 1) * sizeof *r->sym_func);
	for (size_t i = 0; i < r->nsyms; i++)
		r->sym_func[i] = -1;
	for (size_t i = 0; i < r->c->nfuncs; i++) {
		struct cubin_func *f = &r->c->funcs[i];
		GElf_Sym sym;

		if (f->sym >= r->nsyms || r->symdata == NULL)
			continue;
		r->sym_func[f->sym] = (long)i;
		if (gelf_getsym(r->symdata, (int)f->sym, &sym) != NULL)
			f->entry = (sym.st_other & STO_CUDA_ENTRY) != 0;
	}
}

static int
read_sections(struct reader *r)
{
	int64_t global = 0;

	for (size_t i = 1; i < r->nsecs; i++) {
		const GElf_Shdr *sh = &r->secs[i].hdr;
		const char *name = r->secs[i].name, *rest;
		const uint8_t *bytes;
		size_t len;
		long fi;
		int bank, nv;

		if (r->secs[i].scn == NULL || name == NULL)
			continue;
		nv = strncmp(name, ".nv.", 4) == 0;
		if (nv && strncmp(name + 4, "merc", 4) == 0)
			continue;
		bytes = section_bytes(r->data, r->size, sh);
		if (sh->sh_type != SHT_NOBITS && bytes == NULL && sh->sh_size > 0)
			return fail(r, sh->sh_offset, "section %s runs past the end of the image", name);
		/* Record lists and relocations are read from the image only: an
		 * SHT_NOBITS one has no bytes, whatever its sh_size says. */
		len = bytes != NULL ? (size_t)sh->sh_size : 0;

		if (nv && strcmp(name + 4, "info") == 0) {
			if (read_module_info(r, bytes, len, sh->sh_offset) < 0)
				return -1;
		} else if (nv && strncmp(name + 4, "info.", 5) == 0) {
			if ((fi = function_for(r, sh->sh_info, name + 9)) >= 0 &&
			    read_function_info(r, &r->c->funcs[fi], bytes, len, sh->sh_offset, name) < 0)
				return -1;
		} else if (nv && strncmp(name + 4, "shared.", 7) == 0) {
			if ((fi = function_for(r, sh->sh_info, name + 11)) >= 0)
				r->c->funcs[fi].shared = (int32_t)(sh->sh_size > INT32_MAX ? INT32_MAX : sh->sh_size);
		} else if (nv && strncmp(name + 4, "local.", 6) == 0) {
			if ((fi = function_for(r, sh->sh_info, name + 10)) >= 0)
				r->c->funcs[fi].local = (int32_t)(sh->sh_size > INT32_MAX ? INT32_MAX : sh->sh_size);
		} else if (nv && strncmp(name + 4, "constant", 8) == 0 &&
		    (bank = constant_bank(name, &rest)) >= 0) {
			if (*rest == '\0')
				append_bank(r->c->constant, sizeof r->c->constant, (unsigned)bank, sh->sh_size);
			else if ((fi = function_for(r, sh->sh_info, rest)) >= 0)
				append_bank(r->c->funcs[fi].constant, sizeof r->c->funcs[fi].constant,
				    (unsigned)bank, sh->sh_size);
		} else if (nv && (strcmp(name + 4, "global") == 0 || strcmp(name + 4, "global.init") == 0)) {
			global += (int64_t)sh->sh_size;
		} else if (strncmp(name, ".rel.nv.constant0.", 18) == 0 ||
		    strncmp(name, ".rela.nv.constant0.", 19) == 0) {
			const char *fn = name + (name[4] == 'a' ? 19 : 18);
			if (bytes != NULL && (fi = function_for(r, link_of_target(r, sh), fn)) >= 0)
				count_references(r, &r->c->funcs[fi], r->secs[i].scn, sh);
		} else if (strcmp(name, ".note.nv.tkinfo") == 0 && bytes != NULL) {
			read_tkinfo(r, bytes, sh->sh_size);
		} else if (sh->sh_type == SHT_CUDA_COMPAT && bytes != NULL) {
			r->c->arch_a = is_arch_a(bytes, sh->sh_size);
		}
	}
	r->c->global = global;
	return 0;
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

int
cubin_read(const uint8_t *data, size_t size, struct cubin *c, struct strpool *pool,
    char *err, size_t errsize, size_t *err_offset)
{
	struct reader r;
	GElf_Ehdr eh;
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
	r.elf = elf_memory((char *)data, size);
	if (r.elf == NULL || gelf_getehdr(r.elf, &eh) == NULL) {
		snprintf(err, errsize, "unreadable device ELF: %s", elf_errmsg(-1));
		goto out;
	}
	if (elf_getshdrstrndx(r.elf, &r.shstrndx) != 0) {
		snprintf(err, errsize, "device ELF has no readable section name table: %s", elf_errmsg(-1));
		goto out;
	}
	c->relocatable = eh.e_type == ET_REL;
	if (eh.e_ident[EI_ABIVERSION] >= 8)
		c->sm = (eh.e_flags >> 8) & 0xff;
	else
		c->sm = eh.e_flags & 0xff;

	if (load_sections(&r) < 0 || collect_functions(&r) < 0)
		goto out;
	resolve_symbols(&r);
	if (read_sections(&r) < 0)
		goto out;
	finish_functions(c);
	rc = 0;
out:
	if (r.names.names)
		name_index_free(&r.names);
	free(r.sym_func);
	free(r.secs);
	if (r.elf)
		elf_end(r.elf);
	return rc;
}
