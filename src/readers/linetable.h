/* SPDX-License-Identifier: MIT */
/*
 * A cubin's line tables (nvcc -lineinfo or -G: DWARF .debug_line), read
 * with elfutils' libdw for each function's own source line: the file and
 * line of the first row at the function's first instruction, which nvcc
 * puts on the line that defines it.  What an annotation points at when no
 * allowance row is (reports/github.c).
 */
#ifndef SPILLWAY_LINETABLE_H
#define SPILLWAY_LINETABLE_H

#include <stddef.h>

#include <libelf.h>

#include "cubin.h"
#include "strpool.h"

/*
 * A .debug_line past this many bytes gives no locations: libdw holds
 * every row of a table at once (about 100 bytes a row, a row as small as
 * one byte of the table), so this bounds a worker's memory for it near
 * 13 MiB.  A kernel of some 100,000 instructions fits.
 */
#define LINETABLE_BYTES_MAX	(128 * 1024)

/*
 * Fills c->funcs[i].src_file and .src_line from the image's .debug_line,
 * section index line_sec of elf (the image's, as cubin.c reads it),
 * interned in pool.  The table's addresses are relocated here, to each
 * function's section (nvcc's .rela.debug_line); a table over the bound, a
 * relocation or a table that does not read, leaves the functions it has
 * not reached without a location: never damage, since no figure the gate
 * judges comes from it.
 */
void	linetable_read(Elf *elf, size_t line_sec, struct cubin *c, struct strpool *pool);

#endif
