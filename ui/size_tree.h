/* SPDX-License-Identifier: MIT */
/*
 * The Size view's tree, ncdu's way: library, then arch (its
 * images' stored bytes), then kernel (the collapsed name: its functions'
 * code_bytes summed), then instantiation (one mangled name), each level
 * sorted by bytes, largest first, with its share of the line above.
 * Its items in the tree widget (tree.h), which expands and collapses
 * them: node i is nodes[i].  Plain C, no curses (tests/unit/test_viewmodel.c).
 */
#ifndef SPILLWAY_SIZE_TREE_H
#define SPILLWAY_SIZE_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"
#include "tree.h"

enum size_node_level { SNODE_LIBRARY, SNODE_ARCH, SNODE_KERNEL, SNODE_INST };

struct size_node {
	const char	*name;		/* library path, arch, collapsed or demangled name */
	uint64_t	 bytes;
	uint64_t	 whole;		/* what the share is of: the line above's bytes */
	uint32_t	 count;		/* an arch: images; a kernel, an instantiation: functions */
	uint8_t		 level;		/* enum size_node_level: its depth in the tree */
	uint8_t		 kind;		/* an arch's enum image_kind */
	uint8_t		 input;		/* an arch of the device link's inputs: no kernels */
};

struct size_tree {
	struct size_node *nodes;	/* the libraries first, then each level's */
	size_t		  n, nlibs;
	uint64_t	  all;		/* every library's bytes */
	struct tree	  tree;		/* their shape: kids by bytes; the rows shown */
};

/* Builds the tree of m, the largest library expanded (its arches shown). */
void	size_tree_init(struct size_tree *, const struct model *m);
void	size_tree_free(struct size_tree *);
/* A node's line: "sm_90 SASS (5 images)", a kernel's name. */
void	size_tree_label(const struct size_tree *, uint32_t node, char *buf, size_t size);

#endif
