/* SPDX-License-Identifier: MIT */
#include "config.h"

#include "utf8.h"

size_t
utf8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
	static const struct {
		unsigned char	mask, lead;
		uint32_t	min;
	} form[] = {
		{ 0xe0, 0xc0, 0x80 }, { 0xf0, 0xe0, 0x800 }, { 0xf8, 0xf0, 0x10000 },
	};

	if (n > 0 && s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	for (size_t k = 0; n > 0 && k < sizeof form / sizeof form[0]; k++) {
		size_t len = k + 2;
		uint32_t c;

		if ((s[0] & form[k].mask) != form[k].lead)
			continue;
		if (n < len)
			return 0;
		c = s[0] & (0x3f >> (k + 1));
		for (size_t i = 1; i < len; i++) {
			if ((s[i] & 0xc0) != 0x80)
				return 0;
			c = c << 6 | (s[i] & 0x3f);
		}
		if (c < form[k].min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
			return 0;
		*cp = c;
		return len;
	}
	return 0;
}
