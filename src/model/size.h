/* SPDX-License-Identifier: MIT */
/*
 * Where the bytes go: a file's fatbin bytes attributed to
 * arch, image, kernel (collapsed name) and instantiation, SASS and PTX
 * apart, stored (what ships) and decompressed (what the loader holds),
 * with the container's own bytes on lines of their own, so that a file's
 * lines add up to its .nv_fatbin section (or fatbin file) exactly, and
 * those of a __nv_relfatbin beside it (the device link's inputs,
 * model.inputs: images with no kernel read) to that section.
 */
#ifndef SPILLWAY_SIZE_H
#define SPILLWAY_SIZE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "model.h"

#define SIZE_UNKNOWN	UINT64_MAX	/* a stored size not known: a kernel of a compressed image */

enum size_level {
	SIZE_FILE,	/* a fatbin section or file, or a bare cubin */
	SIZE_ARCH,	/* one arch and kind (sm_90 SASS, compute_90 PTX) of it */
	SIZE_IMAGE,	/* one entry */
	SIZE_KERNEL,	/* the functions of one collapsed name in the image */
	SIZE_FUNCTION,	/* one instantiation: its .text section */
	SIZE_PART,	/* the rest of an image: ELF sections besides .text, Mercury copies */
	SIZE_OVERHEAD,	/* the container's bytes: headers, padding, entries not read */
	SIZE_LEVELS
};
extern const char *const size_level_names[SIZE_LEVELS];

struct size_line {
	uint8_t		 level;		/* enum size_level */
	const char	*library, *member;
	const char	*arch;		/* "" for a file or overhead line */
	const char	*what;		/* sass, ptx, lto; the part's or overhead's name; "" */
	const char	*kernel;	/* the collapsed name, "" above kernels */
	const char	*name;		/* the instantiation, "" above functions */
	uint64_t	 count;		/* images, functions or containers under it */
	uint64_t	 stored;	/* bytes in the file, SIZE_UNKNOWN when not known */
	uint64_t	 size;		/* bytes decompressed */
};

struct size_table {
	struct size_line *v;
	size_t		  n, cap;
};

/*
 * Every file's lines, depth first, largest first at each level (stored
 * bytes, then decompressed).  For each fatbin the file line's stored bytes
 * are the section's size and equal its arch and overhead lines' sum.
 * The images' kernels are sorted on every thread parallel.h allows.
 */
void	size_attribute(const struct model *, struct size_table *);
void	size_table_free(struct size_table *);
/* --list=sizes: the lines as CSV (level,library,member,arch,what,kernel,
 * name,count,stored,size), a stored size not known left empty, formatted
 * on every thread parallel.h allows. */
void	size_list_write(FILE *, const struct model *);
/* The same as JSON Lines (--format=json): one object a line, the keys in
 * that order, an unknown stored size null. */
void	size_list_write_json(FILE *, const struct model *);

/* One collapsed name over the tree: its functions' .text, summed. */
struct size_kernel {
	const char	*kernel;
	const char	*library;	/* where it has the most bytes */
	uint64_t	 bytes;
	uint32_t	 functions;	/* (function, image) rows */
	uint32_t	 instantiations;	/* distinct mangled names */
	uint32_t	 arches;
};
/* Every collapsed name of an entry or device function, most bytes first. */
struct size_kernel *size_kernels(const struct model *, size_t *n);

/* One library's arch and kind: its images' bytes, the device link's
 * inputs (model.inputs) apart from its own. */
struct size_arch {
	const char	*library;
	const char	*arch;
	uint8_t		 kind;		/* enum image_kind */
	uint8_t		 input;		/* nvlink inputs kept in __nv_relfatbin: no code known */
	uint32_t	 images;
	uint64_t	 stored, size, code;
};
/* Per library, arch, kind and input or not, most stored bytes first. */
struct size_arch *size_arches(const struct model *, size_t *n);

/* The same image or function in several places, and the bytes that wastes. */
struct size_dup {
	int		 image;		/* 1 an image (by content hash), 0 a function */
	const char	*arch;
	const char	*name;		/* the function's demangled name, "" for an image */
	const char	*first, *second;	/* two of the places: library[:member] */
	uint64_t	 first_at, second_at;	/* and their images' offsets in it */
	uint32_t	 copies;
	uint64_t	 bytes;		/* of one copy: stored for an image, .text for a function */
	uint64_t	 wasted;	/* bytes past the first copy */
};
/*
 * Images of equal hash and size; functions of equal arch, mangled name and
 * code hash in images that are not duplicates themselves.  Most bytes
 * wasted first.
 */
struct size_dup *size_duplicates(const struct model *, size_t *n);

/*
 * Growth against a baseline: bytes per library, per library and arch,
 * per library, arch and kernel, before and after, the largest growth
 * first.  A library's and an arch's bytes are its images' stored bytes
 * when both models know them (trees, --list=images CSVs), else their
 * functions' code_bytes (a --list CSV); a kernel's are its code_bytes.
 */
enum size_growth_level { GROW_LIBRARY, GROW_ARCH, GROW_KERNEL };
extern const char *const size_growth_level_names[3];
struct size_growth {
	uint8_t		 level;		/* enum size_growth_level */
	uint8_t		 stored;	/* stored bytes, not code_bytes */
	const char	*library, *arch, *kernel;	/* "" above its level */
	int64_t		 before, after;	/* -1: not in that model */
};
struct size_growth *size_growth(const struct model *now, const struct model *base, size_t *n);
/* after - before, a missing side as 0. */
int64_t	size_growth_bytes(const struct size_growth *);

#endif
