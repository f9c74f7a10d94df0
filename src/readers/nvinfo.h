/* SPDX-License-Identifier: MIT */
/*
 * The .nv.info record grammar (doc/binary-formats.md 4.7): 4-byte records of
 * {format, attribute, value or payload size}, SVAL payloads following.
 */
#ifndef SPILLWAY_NVINFO_H
#define SPILLWAY_NVINFO_H

#include <stddef.h>
#include <stdint.h>

#define EIFMT_NVAL	1
#define EIFMT_BVAL	2
#define EIFMT_HVAL	3
#define EIFMT_SVAL	4

#define EIATTR_MAX_THREADS	0x05
#define EIATTR_REQNTID		0x10
#define EIATTR_FRAME_SIZE	0x11
#define EIATTR_MIN_STACK_SIZE	0x12
#define EIATTR_MAXREG_COUNT	0x1b
#define EIATTR_REGCOUNT		0x2f
#define EIATTR_NUM_BARRIERS	0x4c
#define EIATTR_COMPAT_ARCH_A	0x09	/* in .nv.compat: 1 for sm_XXa targets */

struct nvinfo_rec {
	uint8_t		 format;
	uint8_t		 attr;
	uint16_t	 value;		/* BVAL/HVAL value; SVAL payload size */
	const uint8_t	*payload;	/* SVAL only */
	size_t		 offset;	/* of the record in the section */
};

/*
 * Steps through the records of one section.  Returns 1 and fills rec while
 * there is a record, 0 at the end, -1 on a malformed record (rec->offset
 * says where).
 */
int	nvinfo_next(const uint8_t *sec, size_t size, size_t *pos, struct nvinfo_rec *rec);

#endif
