/* SPDX-License-Identifier: MIT */
/*
 * The hash of every table whose keys the input chooses (names, figures,
 * the addresses of interned strings): XXH3 (libxxhash) under a secret drawn
 * from getrandom once per run, so that no input can be made whose keys all
 * land in one slot (a flood of names with one unkeyed hash made interning
 * quadratic).  Its values differ from run to run: they choose
 * slots and shards, never an order that reaches an output; what a run
 * prints does not depend on them.  hash64 (hash.h) is the fixed hash of
 * contents that are printed.
 */
#ifndef SPILLWAY_KEYHASH_H
#define SPILLWAY_KEYHASH_H

#include <stddef.h>
#include <stdint.h>

uint64_t	keyhash_bytes(const void *, size_t);
/* An address (an interned string's, whose equality is identity). */
uint64_t	keyhash_ptr(const void *);

#endif
