/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "diag.h"
#include "hostelf.h"
#include "xalloc.h"

int
hostelf_is_elf(const uint8_t *data, size_t size)
{
	return size >= SELFMAG && memcmp(data, ELFMAG, SELFMAG) == 0;
}

/* Where an ELF class keeps the fields the table check reads. */
struct elf_class {
	unsigned char	 ident;		/* EI_CLASS */
	size_t		 ehsize, shentsize, phentsize;
	size_t		 e_shoff, e_shentsize, e_shnum, e_shstrndx;
	size_t		 e_phoff, e_phentsize, e_phnum;
	size_t		 sh_name, sh_type, sh_offset, sh_size, sh_link, sh_info;
	size_t		 word;		/* bytes of an offset or a size */
};

#define ELF_CLASS(n) { ELFCLASS##n, sizeof(Elf##n##_Ehdr), sizeof(Elf##n##_Shdr), \
	sizeof(Elf##n##_Phdr), \
	offsetof(Elf##n##_Ehdr, e_shoff), offsetof(Elf##n##_Ehdr, e_shentsize), \
	offsetof(Elf##n##_Ehdr, e_shnum), offsetof(Elf##n##_Ehdr, e_shstrndx), \
	offsetof(Elf##n##_Ehdr, e_phoff), offsetof(Elf##n##_Ehdr, e_phentsize), \
	offsetof(Elf##n##_Ehdr, e_phnum), \
	offsetof(Elf##n##_Shdr, sh_name), offsetof(Elf##n##_Shdr, sh_type), \
	offsetof(Elf##n##_Shdr, sh_offset), offsetof(Elf##n##_Shdr, sh_size), \
	offsetof(Elf##n##_Shdr, sh_link), offsetof(Elf##n##_Shdr, sh_info), sizeof(Elf##n##_Off) }

static const struct elf_class elf_classes[] = { ELF_CLASS(64), ELF_CLASS(32) };

static uint64_t
get_word(const struct elf_class *k, const uint8_t *p)
{
	return k->word == 8 ? get_u64(p) : get_u32(p);
}

static const struct elf_class *
elf_class_of(const uint8_t *d)
{
	for (size_t i = 0; i < sizeof elf_classes / sizeof elf_classes[0]; i++)
		if (elf_classes[i].ident == d[EI_CLASS])
			return &elf_classes[i];
	return NULL;
}

/* The ELF header: its class, its size, its byte order. */
static const struct elf_class *
check_ident(const uint8_t *d, size_t size, char *err, size_t errsize, size_t *err_offset)
{
	const struct elf_class *k;

	if (size <= EI_DATA) {
		diag_fail_at(err, errsize, err_offset, 0, "ELF header cut short: %zu bytes", size);
		return NULL;
	}
	if ((k = elf_class_of(d)) == NULL) {
		diag_fail_at(err, errsize, err_offset, EI_CLASS,
		    "unknown ELF class %u: expected 1 (32-bit) or 2 (64-bit)", d[EI_CLASS]);
		return NULL;
	}
	if (size < k->ehsize) {
		diag_fail_at(err, errsize, err_offset, 0, "ELF header cut short: %zu of %zu bytes",
		    size, k->ehsize);
		return NULL;
	}
	if (d[EI_DATA] == ELFDATA2MSB) {
		/* No CUDA host has been big-endian; libelf would convert, but
		 * the fatbin inside is little-endian anyway. */
		diag_fail_at(err, errsize, err_offset, EI_DATA,
		    "big-endian ELF: no CUDA device code expected");
		return NULL;
	}
	if (d[EI_DATA] != ELFDATA2LSB) {
		diag_fail_at(err, errsize, err_offset, EI_DATA,
		    "unknown ELF data encoding %u: expected 1 (little-endian)", d[EI_DATA]);
		return NULL;
	}
	return k;
}

/* e_shstrndx names a string table within the image, ending in a NUL,
 * that holds every section's name. */
static int
check_names(const uint8_t *d, size_t size, const char *what, const struct elf_class *k,
    struct hostelf_table *t, size_t strndx_at, char *err, size_t errsize, size_t *err_offset)
{
	const uint8_t *hdr;
	uint64_t off, len;
	uint32_t type;

	if (t->shstrndx == SHN_UNDEF || t->shstrndx >= t->shnum)
		return diag_fail_at(err, errsize, err_offset, strndx_at,
		    "e_shstrndx %zu names no section: expected 1 to %zu", t->shstrndx, t->shnum - 1);
	hdr = d + t->shoff + t->shstrndx * t->shentsize;
	type = get_u32(hdr + k->sh_type);
	off = get_word(k, hdr + k->sh_offset);
	len = get_word(k, hdr + k->sh_size);
	if (type != SHT_STRTAB)
		return diag_fail_at(err, errsize, err_offset, (uint64_t)(hdr - d),
		    "section %zu, the section name table, has type 0x%x: expected SHT_STRTAB (3)",
		    t->shstrndx, type);
	if (off > size || len > size - off)
		return diag_fail_at(err, errsize, err_offset, off,
		    "section name table (%llu bytes at 0x%llx) runs past the end of the %s (%zu bytes)",
		    (unsigned long long)len, (unsigned long long)off, what, size);
	if (len == 0 || d[off + len - 1] != '\0')
		return diag_fail_at(err, errsize, err_offset, off,
		    "section name table (%llu bytes at 0x%llx) does not end in a NUL",
		    (unsigned long long)len, (unsigned long long)off);
	t->names = (const char *)d + off;
	t->names_size = (size_t)len;
	for (size_t i = 0; i < t->shnum; i++) {
		const uint8_t *sh = d + t->shoff + i * t->shentsize;
		uint32_t name = get_u32(sh + k->sh_name);

		if (name >= len)
			return diag_fail_at(err, errsize, err_offset, (uint64_t)(sh - d),
			    "section %zu's name offset 0x%x lies past the section name table (%llu bytes)",
			    i, name, (unsigned long long)len);
	}
	return 0;
}

/*
 * The program header table, where there is one, lies in the image too: a
 * file cut there keeps its sections whole but is no less truncated.
 */
static int
check_segments(const uint8_t *d, size_t size, const char *what, const struct elf_class *k,
    const struct hostelf_table *t, char *err, size_t errsize, size_t *err_offset)
{
	uint64_t phoff = get_word(k, d + k->e_phoff), phnum = get_u16(d + k->e_phnum);
	size_t phentsize = get_u16(d + k->e_phentsize);

	if (phnum == PN_XNUM && t->shnum > 0)	/* extended: the count in section 0 */
		phnum = get_u32(d + t->shoff + k->sh_info);
	if (phnum == 0)
		return 0;
	if (phentsize != k->phentsize)
		return diag_fail_at(err, errsize, err_offset, k->e_phentsize,
		    "e_phentsize %zu: expected %zu for ELFCLASS%zu", phentsize, k->phentsize,
		    k->word * 8);
	if (phoff > size || phnum > (size - phoff) / phentsize)
		return diag_fail_at(err, errsize, err_offset, phoff,
		    "ELF program header table (%llu entries of %zu bytes at 0x%llx) runs past the end "
		    "of the %s (%zu bytes): truncated?",
		    (unsigned long long)phnum, phentsize, (unsigned long long)phoff, what, size);
	return 0;
}

static int
table_past_end(char *err, size_t errsize, size_t *err_offset, const struct hostelf_table *t,
    uint64_t shnum, const char *what, size_t size)
{
	return diag_fail_at(err, errsize, err_offset, t->shoff,
	    "ELF section header table (%llu entries of %zu bytes at 0x%llx) runs past the end "
	    "of the %s (%zu bytes): truncated?",
	    (unsigned long long)shnum, t->shentsize, (unsigned long long)t->shoff, what, size);
}

int
hostelf_check_table(const uint8_t *d, size_t size, const char *what, struct hostelf_table *t,
    char *err, size_t errsize, size_t *err_offset)
{
	const struct elf_class *k;
	const uint8_t *sec0;
	uint64_t shnum;
	size_t strndx_at;

	memset(t, 0, sizeof *t);
	*err_offset = 0;
	if ((k = check_ident(d, size, err, errsize, err_offset)) == NULL)
		return -1;
	t->shoff = get_word(k, d + k->e_shoff);
	t->shentsize = get_u16(d + k->e_shentsize);
	shnum = get_u16(d + k->e_shnum);
	t->shstrndx = get_u16(d + k->e_shstrndx);
	strndx_at = k->e_shstrndx;
	if (t->shoff == 0) {
		/* No table: an executable or library may drop it, an object
		 * is nothing without its sections. */
		if (shnum != 0)
			return diag_fail_at(err, errsize, err_offset, k->e_shnum,
			    "e_shnum %llu with e_shoff 0: expected a section header table offset",
			    (unsigned long long)shnum);
		if (get_u16(d + offsetof(Elf64_Ehdr, e_type)) == ET_REL)
			return diag_fail_at(err, errsize, err_offset, k->e_shoff,
			    "relocatable object with e_shoff 0: expected a section header table");
		return check_segments(d, size, what, k, t, err, errsize, err_offset);
	}
	if (t->shentsize != k->shentsize)
		return diag_fail_at(err, errsize, err_offset, k->e_shentsize,
		    "e_shentsize %zu: expected %zu for ELFCLASS%zu", t->shentsize, k->shentsize,
		    k->word * 8);
	if (t->shoff > size || size - t->shoff < t->shentsize)
		return table_past_end(err, errsize, err_offset, t, shnum, what, size);
	sec0 = d + t->shoff;
	if (shnum == 0)		/* extended numbering: the count in section 0 */
		shnum = get_word(k, sec0 + k->sh_size);
	if (shnum > (size - t->shoff) / t->shentsize)
		return table_past_end(err, errsize, err_offset, t, shnum, what, size);
	t->shnum = (size_t)shnum;
	if (t->shnum == 0)
		return check_segments(d, size, what, k, t, err, errsize, err_offset);
	if (t->shstrndx == SHN_XINDEX) {	/* extended: the index in section 0 */
		t->shstrndx = get_u32(sec0 + k->sh_link);
		strndx_at = (size_t)t->shoff + k->sh_link;
	}
	if (check_names(d, size, what, k, t, strndx_at, err, errsize, err_offset) < 0)
		return -1;
	return check_segments(d, size, what, k, t, err, errsize, err_offset);
}

/*
 * What each section name holds, and how it is read: every .nv_fatbin and
 * every .hip_fatbin for their kernels; __nv_relfatbin for its kernels in a
 * file with no .nv_fatbin (cuobjdump's rule, doc/binary-formats.md 1.3),
 * and beside one for its bytes only: there it holds the device link's
 * inputs, which the host linker copied from the objects, not the code
 * that runs (doc/binary-formats.md 1.5).
 */
struct code_section {
	const char	*name;
	int		 bundles;	/* clang offload bundles, not a fatbin */
	int		 relocatable;
	int		 inputs_beside;	/* beside a .nv_fatbin: the device link's inputs */
};

static const struct code_section code_sections[] = {
	{ ".nv_fatbin",		0, 0, 0 },
	{ "__nv_relfatbin",	0, 1, 1 },
	{ ".hip_fatbin",	1, 0, 0 },
};

static const struct code_section *
code_section_named(const char *name)
{
	for (size_t i = 0; i < sizeof code_sections / sizeof code_sections[0]; i++)
		if (strcmp(name, code_sections[i].name) == 0)
			return &code_sections[i];
	return NULL;
}

/*
 * A section's bytes, checked against the file: 1, 0 when it has none in
 * the file (NOBITS: a file of debugging information only), or -1 (err).
 */
static int
section_bytes(const uint8_t *data, size_t size, const GElf_Shdr *sh, const char *name,
    struct fatbin_section *out, char *err, size_t errsize, size_t *err_offset)
{
	if (sh->sh_type == SHT_NOBITS)
		return 0;
	if (sh->sh_offset > size || sh->sh_size > size - sh->sh_offset)
		return diag_fail_at(err, errsize, err_offset, sh->sh_offset,
		    "section %s (%llu bytes) runs past the end of the file (%zu bytes): truncated?",
		    name, (unsigned long long)sh->sh_size, size);
	out->data = data + sh->sh_offset;
	out->size = sh->sh_size;
	out->offset = sh->sh_offset;
	return 1;
}

/*
 * The segment gap after a section (struct fatbin_section): the PT_LOAD
 * that holds its bytes, and the PT_LOAD that comes next in the file.  An
 * alignment that is no power of two, or past SEG_ALIGN_MAX, or a next
 * segment that starts inside this one, leaves none: nothing is assumed.
 */
#define SEG_ALIGN_MAX	((uint64_t)1 << 30)	/* past any page a linker aligns to */

static void
segment_gap(const uint8_t *data, size_t size, struct fatbin_section *sec)
{
	Elf *elf = elf_memory((char *)data, size);
	GElf_Phdr ph, hold, next;
	size_t n;
	int have = 0, after = 0;

	if (elf == NULL)
		return;
	memset(&hold, 0, sizeof hold);
	memset(&next, 0, sizeof next);
	if (elf_getphdrnum(elf, &n) != 0)
		n = 0;
	/* The holder first: the next is the least offset past its end. */
	for (size_t i = 0; i < n; i++)
		if (gelf_getphdr(elf, (int)i, &ph) != NULL && ph.p_type == PT_LOAD &&
		    ph.p_offset <= sec->offset && ph.p_filesz <= size &&
		    sec->offset + sec->size <= ph.p_offset + ph.p_filesz) {
			hold = ph;
			have = 1;
		}
	for (size_t i = 0; have && i < n; i++)
		if (gelf_getphdr(elf, (int)i, &ph) != NULL && ph.p_type == PT_LOAD &&
		    ph.p_offset >= hold.p_offset + hold.p_filesz &&
		    (!after || ph.p_offset < next.p_offset)) {
			next = ph;
			after = 1;
		}
	elf_end(elf);
	if (!after || next.p_align < 2 || next.p_align > SEG_ALIGN_MAX ||
	    (next.p_align & (next.p_align - 1)) != 0)
		return;
	sec->seg_gap = next.p_offset - (hold.p_offset + hold.p_filesz);
	sec->seg_align = next.p_align;
}

/* The sections found, in file order, and whether one is .nv_fatbin. */
struct found {
	GElf_Shdr	 *hdrs;
	const struct code_section **kinds;
	size_t		  n;
	int		  nv_fatbin;
};

static int
find_code_sections(const uint8_t *data, size_t size, const struct hostelf_table *table,
    struct found *f, char *err, size_t errsize, size_t *err_offset)
{
	Elf *elf = elf_memory((char *)data, size);
	Elf_Scn *scn = NULL;
	size_t nsecs;
	int rc = 0;

	if (elf == NULL)
		return diag_fail_at(err, errsize, err_offset, 0, "unreadable ELF: %s", elf_errmsg(-1));
	if (elf_getshdrnum(elf, &nsecs) != 0 || nsecs != table->shnum) {
		elf_end(elf);
		return diag_fail_at(err, errsize, err_offset, table->shoff,
		    "libelf reads %zu of the %zu section headers at 0x%llx",
		    nsecs, table->shnum, (unsigned long long)table->shoff);
	}
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		const struct code_section *k;
		GElf_Shdr sh;

		if (gelf_getshdr(scn, &sh) == NULL) {
			rc = diag_fail_at(err, errsize, err_offset,
			    table->shoff + elf_ndxscn(scn) * table->shentsize,
			    "unreadable section header %zu: %s", elf_ndxscn(scn), elf_errmsg(-1));
			break;
		}
		/* The name is in the table: checked by hostelf_check_table. */
		if ((k = code_section_named(table->names + sh.sh_name)) == NULL)
			continue;
		if (f->hdrs == NULL) {
			f->hdrs = xmalloc(nsecs * sizeof *f->hdrs);
			f->kinds = xmalloc(nsecs * sizeof *f->kinds);
		}
		f->hdrs[f->n] = sh;
		f->kinds[f->n++] = k;
		f->nv_fatbin |= !k->bundles && !k->relocatable;
	}
	elf_end(elf);
	return rc;
}

/*
 * An executable or library without section headers (strip
 * --strip-section-headers): its device code, if any, lies in its segments
 * where no section says; not read, and said (cuobjdump reads none either).
 * A core dump has no sections by nature: skipped.
 */
static int
no_sections(const uint8_t *data, char *err, size_t errsize, size_t *err_offset)
{
	uint16_t type = get_u16(data + offsetof(Elf64_Ehdr, e_type));

	if (type != ET_EXEC && type != ET_DYN)
		return 0;
	return diag_fail_at(err, errsize, err_offset, 0,
	    "%s without section headers: where its device code lies cannot be known, "
	    "not read", type == ET_EXEC ? "executable" : "shared library");
}

static int
by_offset(const void *a, const void *b)
{
	const struct fatbin_section *x = *(const struct fatbin_section *const *)a;
	const struct fatbin_section *y = *(const struct fatbin_section *const *)b;

	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/*
 * Each byte read once: device code sections over the same bytes would
 * give their rows twice, and the reader's work past the file's.  -1
 * (err) when two overlap.
 */
static int
overlapping(const struct fatbin_section *secs, size_t n, char *err, size_t errsize,
    size_t *err_offset)
{
	const struct fatbin_section **order, *last = NULL;
	size_t m = 0;
	int rc = 0;

	if (n < 2)
		return 0;
	order = xmalloc(n * sizeof *order);
	for (size_t i = 0; i < n; i++)
		if (secs[i].size > 0)	/* an empty one holds no byte */
			order[m++] = &secs[i];
	qsort(order, m, sizeof *order, by_offset);
	for (size_t i = 0; i < m && rc == 0; i++) {
		if (last != NULL && order[i]->offset < last->offset + last->size)
			rc = diag_fail_at(err, errsize, err_offset, order[i]->offset,
			    "section %s (%zu bytes at 0x%zx) overlaps section %s (%zu bytes at 0x%zx): "
			    "expected each byte of device code in one section", order[i]->name,
			    order[i]->size, order[i]->offset, last->name, last->size, last->offset);
		last = order[i];
	}
	free(order);
	return rc;
}

int
hostelf_fatbin_sections(const uint8_t *data, size_t size, struct fatbin_section **out,
    size_t *nout, char *err, size_t errsize, size_t *err_offset)
{
	struct hostelf_table table;
	struct found f;

	*err_offset = 0;
	*out = NULL;
	*nout = 0;
	memset(&f, 0, sizeof f);
	if (hostelf_check_table(data, size, "file", &table, err, errsize, err_offset) < 0)
		return -1;
	if (table.shnum == 0)
		return no_sections(data, err, errsize, err_offset);
	if (find_code_sections(data, size, &table, &f, err, errsize, err_offset) < 0)
		goto damage;
	for (size_t i = 0; i < f.n; i++) {
		const struct code_section *k = f.kinds[i];
		struct fatbin_section sec;
		int rc;

		memset(&sec, 0, sizeof sec);
		if ((rc = section_bytes(data, size, &f.hdrs[i], k->name, &sec, err, errsize,
		    err_offset)) < 0)
			goto damage;
		if (rc == 0)
			continue;
		sec.name = k->name;
		segment_gap(data, size, &sec);
		sec.relocatable = k->relocatable;
		sec.inputs = k->inputs_beside && f.nv_fatbin;
		sec.bundles = k->bundles;
		if (*out == NULL)
			*out = xmalloc(f.n * sizeof **out);
		(*out)[(*nout)++] = sec;
	}
	if (overlapping(*out, *nout, err, errsize, err_offset) < 0)
		goto damage;
	free(f.hdrs);
	free(f.kinds);
	return *nout > 0;
damage:
	free(f.hdrs);
	free(f.kinds);
	free(*out);
	*out = NULL;
	*nout = 0;
	return -1;
}
