/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <elfutils/libdw.h>
#include <gelf.h>

#include "linetable.h"
#include "xalloc.h"

/* The relocation nvcc writes for an address in .debug_line: the symbol's
 * value plus the addend, 8 bytes (R_CUDA_64). */
#define R_CUDA_64	2

/*
 * Every section of a cubin starts at address 0, so a row's address says
 * which function only with its section: the address libdw sees is the
 * section index over 32 bits and the offset in the section under them
 * (a .text section of 4 GiB does not fit an image).
 */
static uint64_t
address_key(uint64_t shndx, uint64_t value)
{
	return (shndx << 32) + value;
}

struct want {
	uint64_t	 key;
	size_t		 func;
};

static int
want_cmp(const void *a, const void *b)
{
	const struct want *x = a, *y = b;

	return x->key < y->key ? -1 : x->key > y->key;
}

/* The relocation section that applies to section target, 0 none. */
static size_t
rela_for(Elf *elf, size_t target)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;

		if (gelf_getshdr(scn, &sh) != NULL && sh.sh_type == SHT_RELA && sh.sh_info == target)
			return elf_ndxscn(scn);
	}
	return 0;
}

/*
 * The table's bytes with every address relocated (address_key), in a
 * copy; NULL when a relocation does not apply (another type, a symbol
 * that is not there, an offset past the table).
 */
static uint8_t *
relocated(Elf *elf, const Elf_Data *line, size_t rela_sec)
{
	Elf_Scn *rscn = elf_getscn(elf, rela_sec), *symscn;
	Elf_Data *rd, *sd;
	GElf_Shdr rsh;
	uint8_t *copy;
	size_t n;

	if (rscn == NULL || gelf_getshdr(rscn, &rsh) == NULL || rsh.sh_entsize != sizeof(Elf64_Rela) ||
	    (symscn = elf_getscn(elf, rsh.sh_link)) == NULL ||
	    (rd = elf_getdata(rscn, NULL)) == NULL || (sd = elf_getdata(symscn, NULL)) == NULL)
		return NULL;
	n = rd->d_size / sizeof(Elf64_Rela);
	copy = xmalloc(line->d_size);
	memcpy(copy, line->d_buf, line->d_size);
	for (size_t k = 0; k < n; k++) {
		GElf_Rela ra;
		GElf_Sym s;
		uint64_t at;

		if (gelf_getrela(rd, (int)k, &ra) == NULL || GELF_R_TYPE(ra.r_info) != R_CUDA_64 ||
		    gelf_getsym(sd, (int)GELF_R_SYM(ra.r_info), &s) == NULL ||
		    line->d_size < 8 || ra.r_offset > line->d_size - 8) {
			free(copy);
			return NULL;
		}
		at = address_key(s.st_shndx, s.st_value + (uint64_t)ra.r_addend);
		for (int b = 0; b < 8; b++)
			copy[ra.r_offset + (uint64_t)b] = (uint8_t)(at >> (8 * b));
	}
	return copy;
}

/* Each row at a wanted address gives its function its place, the first
 * row met winning (libdw keeps a sequence's rows in order). */
static void
place_rows(Dwarf_Lines *lines, size_t nlines, const struct want *w, size_t nw, struct cubin *c,
    struct strpool *pool)
{
	for (size_t i = 0; i < nlines; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		Dwarf_Addr a;
		struct want key = { 0, 0 }, *hit;
		struct cubin_func *f;
		const char *file;
		bool end;
		int line;

		if (l == NULL || dwarf_lineaddr(l, &a) != 0 || dwarf_lineendsequence(l, &end) != 0 || end)
			continue;	/* no place from this row; the others stand */
		key.key = a;
		if ((hit = bsearch(&key, w, nw, sizeof *w, want_cmp)) == NULL)
			continue;
		f = &c->funcs[hit->func];
		if (f->src_file != NULL || dwarf_lineno(l, &line) != 0 || line <= 0 ||
		    (file = dwarf_linesrc(l, NULL, NULL)) == NULL || file[0] == '\0')
			continue;
		f->src_file = strpool_intern_str(pool, file);
		f->src_line = line;
	}
}

void
linetable_read(Elf *elf, size_t line_sec, struct cubin *c, struct strpool *pool)
{
	Elf_Scn *scn = elf_getscn(elf, line_sec), *symscn;
	Elf_Data *line, *sd;
	GElf_Shdr sh;
	struct want *w;
	size_t nw = 0, rela, symtab;
	uint8_t *copy;
	void *orig;
	Dwarf *dw;
	Dwarf_Off off = 0, next;
	Dwarf_CU *cu = NULL;	/* to start; then the one each table needed */
	Dwarf_Lines *lines;
	size_t nlines;

	if (c->nfuncs == 0 || scn == NULL || gelf_getshdr(scn, &sh) == NULL ||
	    sh.sh_size == 0 || sh.sh_size > LINETABLE_BYTES_MAX ||
	    (line = elf_getdata(scn, NULL)) == NULL || line->d_buf == NULL ||
	    line->d_size != sh.sh_size || (rela = rela_for(elf, line_sec)) == 0)
		return;
	{
		GElf_Shdr rsh;

		if (gelf_getshdr(elf_getscn(elf, rela), &rsh) == NULL)
			return;
		symtab = rsh.sh_link;
	}
	if ((symscn = elf_getscn(elf, symtab)) == NULL || (sd = elf_getdata(symscn, NULL)) == NULL)
		return;
	/* Each function's first instruction, as the relocated table says it. */
	w = xcalloc(c->nfuncs, sizeof *w);
	for (size_t i = 0; i < c->nfuncs; i++) {
		GElf_Sym s;

		if (gelf_getsym(sd, (int)c->funcs[i].sym, &s) != NULL && s.st_shndx != SHN_UNDEF)
			w[nw++] = (struct want){ address_key(s.st_shndx, s.st_value), i };
	}
	qsort(w, nw, sizeof *w, want_cmp);
	if ((copy = relocated(elf, line, rela)) == NULL) {
		free(w);
		return;
	}
	/* libdw reads the section's data as libelf hands it out: the copy,
	 * for as long as the Dwarf lives; the image's own bytes after. */
	orig = line->d_buf;
	line->d_buf = copy;
	if ((dw = dwarf_begin_elf(elf, DWARF_C_READ, NULL)) != NULL) {
		while (off < sh.sh_size &&
		    dwarf_next_lines(dw, off, &next, &cu, NULL, NULL, &lines, &nlines) == 0 &&
		    next > off) {
			place_rows(lines, nlines, w, nw, c, pool);
			off = next;
		}
		dwarf_end(dw);
	}
	line->d_buf = orig;
	free(copy);
	free(w);
}
