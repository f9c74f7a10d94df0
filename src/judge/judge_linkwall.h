/* SPDX-License-Identifier: MIT */
/*
 * The 2 GiB link wall (--link-wall): a host object, archive member,
 * executable or shared library whose device code nears the 2 GiB that
 * x86-64's 32-bit relocations reach.  The code of a host object reaches
 * its .bss and its fatbin wrapper (.nvFatBinSegment) with R_X86_64_PC32
 * (-fPIC, ±2 GiB) or R_X86_64_32 (-fno-pic); GNU ld lays .nv_fatbin and
 * __nv_relfatbin (read-only, "A") after .rodata, between that code and
 * that data, so their bytes count toward the reach, and past it the link
 * ends in "relocation truncated to fit" (doc/binary-formats.md 1.6).
 */
#ifndef SPILLWAY_JUDGE_LINKWALL_H
#define SPILLWAY_JUDGE_LINKWALL_H

#include <stdint.h>

#include "model.h"
#include "verdict.h"

/* What R_X86_64_PC32 reaches, and R_X86_64_32S; R_X86_64_32 reaches
 * twice as far from address 0, which no shared library starts at. */
#define LINK_WALL_BYTES		((uint64_t)1 << 31)
/* Without --link-wall, a notice at this share of it: a CI that grows
 * a fatbin by some 10 % a release hears of it a few releases ahead. */
#define LINK_WALL_NOTICE_PCT	75

/*
 * Each file's (or archive member's) .nv_fatbin and __nv_relfatbin bytes,
 * summed, against pct % of LINK_WALL_BYTES: a violation each at or past
 * it, or with pct < 0 (not given) a notice each at or past
 * LINK_WALL_NOTICE_PCT %.
 */
void	judge_link_wall(const struct model *, int64_t pct, struct verdict *);

#endif
