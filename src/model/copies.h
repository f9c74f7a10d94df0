/* SPDX-License-Identifier: MIT */
/*
 * One kernel, several files: separable compilation puts a kernel in its
 * relocatable object, in the static library made of it, in the device-link
 * object and in the executable that embeds the device link's image.
 * --list lists every file's rows; the judge, the counts, the report and
 * the browser take each kernel once, at the figures it runs with, and say
 * where else it is (spillway-reference(7), COPIES).
 *
 * A function is a copy of another (the one judged for it) when both are
 * SASS functions of one mangled name on one sm, both vendored or neither
 * (vendored.h), and
 *   - both come from the same step of a separable build, two relocatable
 *     objects (an object and the archive member made of it) or two device
 *     links (the device-link object and the executable that embeds its
 *     image), in images of one size, code bytes and global memory (one
 *     image copied), with the same code size and every figure equal (registers,
 *     stack, frame, local, shared, constant banks, spills, launch bounds,
 *     textures): judging one is judging the other; or
 *   - the judged one is in a device link's image and the copy in a relocatable
 *     one, with the same code size and launch bounds, and no figure above
 *     the linked one's
 *     (registers, stack, local, shared memory; spills where the copy's are
 *     known; an unbounded stack stays unbounded): the link adds callees'
 *     registers and frames, never takes them away, so judging the linked
 *     figure is never more lenient than judging the object's.
 * Images are not compared byte for byte: hashing them costs the scan some
 * 15 % more CPU (scan.h), and --check does without.  A whole-program
 * object and the executable that embeds it are left two (ptxas made both).
 * A kernel found only in relocatable objects (a static library alone) is
 * judged from the first of them.  The judged one of several is the first
 * device-linked one in scan order, else the first.  Functions of other
 * images (whole-program, read back from a CSV) are not looked at: they
 * cost the sort nothing.
 */
#ifndef SPILLWAY_COPIES_H
#define SPILLWAY_COPIES_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"
#include "vendored.h"

#define COPY_NONE	UINT32_MAX

/*
 * Linked functions of one name and sm a relocatable one is compared with
 * before it is judged on its own: each comparison is a few integers, and
 * a name linked into more distinct images than this (an object linked
 * into many programs) is rare; the copy is then shown as its own kernel.
 */
#define COPIES_MAX_TRIES	64

/* Finds the copies among m's functions (model.copy_of, copy_next); rule
 * (NULL: none) keeps vendored and gated functions apart. */
void	copies_find(struct model *, const struct vendored_rule *rule);
/* Whether funcs[i] is a copy of another function, judged there. */
int	func_is_copy(const struct model *, size_t i);
/* The function judged for funcs[i]: i itself unless a copy. */
size_t	func_judged(const struct model *, size_t i);
/* The first copy of the judged funcs[i], then the next: COPY_NONE at the end. */
uint32_t copies_first(const struct model *, size_t i);
uint32_t copies_next(const struct model *, uint32_t copy);

/*
 * Where else the judged funcs[i] is: the distinct files of its copies
 * ("sepapp_dlink.o, libsepkern.a(frames.cu.o) and 1 more"), at most
 * COPIES_NAMED named, the library paths less skip bytes; "" none.
 * Returns buf.
 */
#define COPIES_NAMED	3
const char *copies_where(const struct model *, size_t i, size_t skip, char *buf, size_t len);

#endif
