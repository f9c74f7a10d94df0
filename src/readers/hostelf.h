/* SPDX-License-Identifier: MIT */
/*
 * Host ELF files (objects, shared libraries, executables): where their
 * device code sits.  cuobjdump's rule is followed for the kernels:
 * .nv_fatbin when the file has one, otherwise __nv_relfatbin
 * (doc/binary-formats.md 1.3); every section of the name is read, not only
 * the first.  A __nv_relfatbin beside a .nv_fatbin (the device link's
 * inputs, kept in an executable or shared library) is given too, marked,
 * for its bytes only.
 */
#ifndef SPILLWAY_HOSTELF_H
#define SPILLWAY_HOSTELF_H

#include <stddef.h>
#include <stdint.h>

/* A section holding device code. */
struct fatbin_section {
	const char	*name;		/* .nv_fatbin, __nv_relfatbin, .hip_fatbin */
	const uint8_t	*data;
	size_t		 size;
	size_t		 offset;	/* in the file */
	int		 relocatable;	/* __nv_relfatbin */
	int		 inputs;	/* __nv_relfatbin beside a .nv_fatbin: nvlink's
					 * inputs, counted in the sizes, no kernel read */
	int		 bundles;	/* .hip_fatbin: clang offload bundles, not a fatbin */
	/*
	 * A linked file's layout after the section (--what-if, whatif.h): the
	 * PT_LOAD segment that holds it is followed in the file by another,
	 * whose offset a linker keeps congruent to its address modulo
	 * seg_align; seg_gap is the bytes between the two.  seg_align 0: no
	 * such segment (an object, or the last segment): what follows moves
	 * by what the section changes.
	 */
	uint64_t	 seg_gap, seg_align;
};

int	hostelf_is_elf(const uint8_t *data, size_t size);

/*
 * An ELF image's section header table, checked against the image before
 * libelf is trusted with it: libelf 0.188 reads a table cut short, or a
 * bad e_shstrndx, as no sections at all and reports no error.
 */
struct hostelf_table {
	uint64_t	 shoff;
	size_t		 shnum;		/* e_shnum, or section 0's sh_size */
	size_t		 shentsize;
	size_t		 shstrndx;	/* e_shstrndx, or section 0's sh_link */
	const char	*names;		/* the section name table, ending in a NUL */
	size_t		 names_size;
};

/*
 * Checks the ELF header and the section header table of a little-endian
 * 32- or 64-bit image: the table lies within the image with entries of
 * the class's size, e_shstrndx names a string table within the image that
 * ends in a NUL, and every section's name offset lies inside it.  Returns
 * 0 (shnum 0 when the image has no section header table), or -1 with a
 * message saying what was expected and *err_offset where it was not;
 * what ("file", "image") names the whole in it.
 */
int	hostelf_check_table(const uint8_t *data, size_t size, const char *what, struct hostelf_table *,
	    char *err, size_t errsize, size_t *err_offset);

/*
 * The sections that hold device code, in file order: every .nv_fatbin,
 * .hip_fatbin and __nv_relfatbin, the last marked inputs when there is a
 * .nv_fatbin; a NOBITS one has no bytes and is left out.  Returns 1 with *out (an
 * array of *n, freed by the caller), 0 when the file holds no device code,
 * -1 on a malformed file (err, *err_offset), sections over the same bytes
 * included.
 */
int	hostelf_fatbin_sections(const uint8_t *data, size_t size, struct fatbin_section **out,
	    size_t *n, char *err, size_t errsize, size_t *err_offset);

#endif
