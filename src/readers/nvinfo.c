/* SPDX-License-Identifier: MIT */
#include "config.h"

#include "bytes.h"
#include "nvinfo.h"

int
nvinfo_next(const uint8_t *sec, size_t size, size_t *pos, struct nvinfo_rec *rec)
{
	size_t at = *pos;

	if (at >= size)
		return 0;
	rec->offset = at;
	if (size - at < 4)
		return -1;
	rec->format = sec[at];
	rec->attr = sec[at + 1];
	rec->payload = NULL;
	switch (rec->format) {
	case EIFMT_NVAL:
		rec->value = 0;
		break;
	case EIFMT_BVAL:
		rec->value = sec[at + 2];
		break;
	case EIFMT_HVAL:
		rec->value = get_u16(sec + at + 2);
		break;
	case EIFMT_SVAL:
		rec->value = get_u16(sec + at + 2);
		if (rec->value > size - at - 4)
			return -1;
		rec->payload = sec + at + 4;
		at += rec->value;
		break;
	default:
		return -1;
	}
	at += 4;
	*pos = (at + 3) & ~(size_t)3;
	return 1;
}
