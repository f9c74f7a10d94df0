/* SPDX-License-Identifier: MIT */
/*
 * The prompt line: a search, a filter or a namespace typed in the status
 * line, the screen drawn anew at every keystroke through t->redraw (tui.c
 * sets it), so that views can ask for a line without calling tui.c.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "text.h"
#include "tui_int.h"

/*
 * Reads a line in the status line; changed is called at every keystroke,
 * so that a search or a filter follows the typing.  Returns 1 on Enter, 0
 * on Esc (the caller restores what was there before).
 */
int
tui_prompt(struct tui *t, const char *label, char *buf, size_t size,
    void (*changed)(struct tui *, const char *), int (*complete)(struct tui *, char *, size_t))
{
	int resized = 0;

	for (;;) {
		wint_t wc;
		int r;
		size_t n = strlen(buf);
		char show[256];

		t->redraw(t, resized);
		resized = 0;
		snprintf(show, sizeof show, "%s%s", label, buf);
		tui_put(t->rows - 1, 0, show, t->cols, A_NORMAL, 0);
		move(t->rows - 1, text_width(show) < t->cols ? text_width(show) : t->cols - 1);
		curs_set(1);
		refresh();
		r = get_wch(&wc);
		curs_set(0);
		if (r == ERR)
			continue;
		if (r == KEY_CODE_YES) {
			if (wc == KEY_RESIZE)
				resized = 1;
			else if (wc == KEY_ENTER)
				return 1;
			else if (wc == KEY_BACKSPACE && n > 0) {
				while (n > 0 && ((unsigned char)buf[n - 1] & 0xc0) == 0x80)
					n--;
				buf[n - 1] = '\0';
				if (changed)
					changed(t, buf);
			}
			continue;
		}
		if (wc == '\n' || wc == '\r')
			return 1;
		if (wc == 27 || wc == 7)	/* Esc, ^G */
			return 0;
		if (wc == '\t' && complete) {
			if (complete(t, buf, size) && changed)
				changed(t, buf);
			continue;
		}
		if (wc == 127 || wc == 8) {
			if (n == 0)
				return 0;	/* backspace past the start: as less */
			while (n > 1 && ((unsigned char)buf[n - 1] & 0xc0) == 0x80)
				n--;
			buf[n - 1] = '\0';
		} else if (wc == 21)		/* ^U */
			buf[0] = '\0';
		else if (wc >= 32) {
			char mb[MB_LEN_MAX];
			mbstate_t st;
			size_t len;

			memset(&st, 0, sizeof st);
			len = wcrtomb(mb, (wchar_t)wc, &st);
			if (len == (size_t)-1 || n + len + 1 > size)
				continue;
			memcpy(buf + n, mb, len);
			buf[n + len] = '\0';
		} else
			continue;
		if (changed)
			changed(t, buf);
	}
}
