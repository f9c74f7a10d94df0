/* SPDX-License-Identifier: MIT */
/*
 * The scan's progress line: " scanning: 12 files, 340 of 1024 images
 * read [#####.....] 33%", the bar shortened, then dropped, on a narrow
 * screen.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "progress.h"

#define BAR_MAX		30	/* columns of the bar between its brackets, at most */
#define BAR_MIN		5	/* fewer: no bar */

size_t
progress_line(char *buf, size_t size, const struct scan_progress *p, int width)
{
	size_t n, len, found = p->images_found, read = p->images_read;
	int bar, filled, pct;

	if (size == 0)
		return 0;
	if (read > found)
		read = found;
	pct = found > 0 ? (int)(read * 100 / found) : 0;
	n = (size_t)snprintf(buf, size, " scanning: %zu file%s, %zu of %zu image%s read",
	    p->files_read, p->files_read == 1 ? "" : "s", read, found, found == 1 ? "" : "s");
	len = n < size ? n : size - 1;
	/* " [" bar "] " and "100%" */
	bar = width - (int)len - 8;
	if (bar > BAR_MAX)
		bar = BAR_MAX;
	if (bar < BAR_MIN || len + (size_t)bar + 9 >= size) {
		if ((int)len > width && width >= 0)
			len = (size_t)width < size ? (size_t)width : size - 1;
		buf[len] = '\0';
		return len;
	}
	filled = found > 0 ? (int)(read * (size_t)bar / found) : 0;
	buf[len++] = ' ';
	buf[len++] = '[';
	memset(buf + len, '#', (size_t)filled);
	memset(buf + len + filled, '.', (size_t)(bar - filled));
	len += (size_t)bar;
	len += (size_t)snprintf(buf + len, size - len, "] %d%%", pct);
	return len;
}
