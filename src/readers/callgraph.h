/* SPDX-License-Identifier: MIT */
/*
 * A cubin's .nv.callgraph, and the stack each function needs: its own
 * frame plus the deepest chain of frames below it (doc/binary-formats.md
 * 4.11).  The section holds pairs of u32 symbol indices in blocks, each
 * opened by the pair (0, marker); only the calls block adds to a stack.
 */
#ifndef SPILLWAY_CALLGRAPH_H
#define SPILLWAY_CALLGRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"
#include "strpool.h"

/*
 * Reach lists (the names a function's calls lead to) written for one
 * image, in names: past it the rest are left out and marked cut, so that
 * a call graph of N functions each reaching all the others costs at most
 * this much, not N squared.
 */
#define CALLGRAPH_REACH_MAX	(1u << 20)

struct callgraph {
	uint32_t	*calls;		/* caller, callee: 2 * ncalls symbol indices */
	size_t		 ncalls;
	size_t		 launches;	/* device launches (dynamic parallelism): no stack of the caller's */
	/* callgraph_index: the calls as adjacency over symbols. */
	size_t		 nsyms;
	uint32_t	*first;		/* nsyms + 1 offsets into next */
	uint32_t	*next;
};

/* A symbol as the chains see it. */
struct chain_sym {
	int32_t		 frame;		/* its own frame; -1 when the image does not define it */
	const char	*name;		/* interned; "" for none */
};

struct chain_out {
	int64_t		 need;		/* frame plus the deepest chain, capped at INT32_MAX */
	uint8_t		 why;		/* enum stack_why (model.h) */
};

void	callgraph_init(struct callgraph *);
void	callgraph_free(struct callgraph *);

/*
 * Reads the section's pairs.  Returns 0, or -1 with a message and the
 * offset (within the section) it concerns: a pair that names a symbol past
 * nsyms, or a section that is not whole pairs.
 */
int	callgraph_read(struct callgraph *, const uint8_t *bytes, size_t len, size_t nsyms,
	    char *err, size_t errsize, size_t *err_at);

/* Builds the adjacency the functions below walk; O(symbols + calls). */
void	callgraph_index(struct callgraph *, size_t nsyms);

/* Every symbol's need and why (out: nsyms of them), in O(symbols + calls). */
void	callgraph_chains(const struct callgraph *, const struct chain_sym *syms, struct chain_out *out);

/*
 * The names of the functions root's calls reach, sorted and joined by
 * '\n', interned in pool; "" when none.  *budget counts the names written
 * for the image: NULL once it is spent.  mark is scratch of nsyms bytes,
 * zero on entry and on return.
 */
const char *callgraph_reach(const struct callgraph *, uint32_t root, const struct chain_sym *syms,
	    struct strpool *pool, uint8_t *mark, size_t *budget);

/* names (n of them, reordered) sorted, each once, '\n' between, interned. */
const char *callgraph_join(const char **names, size_t n, struct strpool *pool);

/* Functions the driver supplies that add no stack at link (nvlink 13.0). */
int	callgraph_leaf_name(const char *name);

#endif
