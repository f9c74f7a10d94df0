/* SPDX-License-Identifier: MIT */
/*
 * The cubin (device ELF): every function with its own .text section, and
 * the .nv.info attributes and per-function sections that make cuobjdump's
 * REG, STACK, SHARED, LOCAL, CONSTANT[n], TEXTURE, SURFACE and SAMPLER.
 * doc/binary-formats.md sections 4 and 5 give the rules followed here.
 */
#ifndef SPILLWAY_CUBIN_H
#define SPILLWAY_CUBIN_H

#include <stddef.h>
#include <stdint.h>

#include "strpool.h"

#define CUBIN_BANKS_MAX 96	/* "n:bytes" pairs as text */

struct cubin_func {
	const char	*name;		/* interned in the pool given to cubin_read */
	uint8_t		 entry;
	uint8_t		 visibility;	/* st_other bits 0-1: STV_DEFAULT .. STV_PROTECTED */
	uint8_t		 unlisted;	/* st_other bit 0x08 (STO_CUDA_UNLISTED in cubin.c) */
	int32_t		 reg, stack, shared, local;
	int32_t		 texture, surface, sampler;
	int32_t		 max_threads, frame, maxreg;
	uint8_t		 stack_why;	/* enum stack_why (model.h) */
	uint8_t		 callees_cut;	/* the image's reach lists ran out before this one */
	const char	*callees;	/* interned: what its calls reach, '\n' between (callgraph.h) */
	char		 constant[CUBIN_BANKS_MAX];
	uint64_t	 code_bytes;	/* its .text.<name> section's size */
	uint64_t	 code_hash;	/* XXH3 of those bytes */
	/* Its own source line, where the image carries line tables
	 * (linetable.h): interned; NULL, 0 unknown. */
	const char	*src_file;
	int32_t		 src_line;
	/* Scratch used while reading. */
	uint32_t	 sym;
	int32_t		 regcount;
	uint16_t	 seen;		/* records and sections met (cubin.c: one of each) */
};

struct cubin {
	int		 want_hash;	/* set before cubin_read: hash each function's code, and the image */
	uint64_t	 hash;		/* want_hash: XXH3 of the image's bytes, as one call over them gives */
	unsigned	 sm;		/* from e_flags */
	int		 arch_a;	/* .nv.compat says an sm_XXa target */
	int		 relocatable;	/* ET_REL */
	size_t		 calls, launches;	/* .nv.callgraph: calls, device launches */
	int64_t		 global;
	char		 constant[CUBIN_BANKS_MAX];
	char		 toolkit[16];
	char		 producer[24];
	uint64_t	 text_bytes;	/* the functions' .text sections, summed */
	uint64_t	 merc_bytes;	/* .nv.merc.* and .nv.capmerc.* sections in the file (sm_100+) */
	struct cubin_func *funcs;
	size_t		 nfuncs, capfuncs;
};

void	cubin_init(struct cubin *);
void	cubin_free(struct cubin *);

/* True when the bytes start like a CUDA device ELF (EM_CUDA). */
int	cubin_is_cubin(const uint8_t *data, size_t size);

/*
 * Reads one cubin.  Returns 0, or -1 with a message in err and the offset
 * (within data) it concerns in *err_offset.  Function names are interned
 * in pool.
 */
int	cubin_read(const uint8_t *data, size_t size, struct cubin *, struct strpool *pool,
	    char *err, size_t errsize, size_t *err_offset);

#endif
