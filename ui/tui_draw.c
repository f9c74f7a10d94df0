/* SPDX-License-Identifier: MIT */
/*
 * Drawing helpers: colours (or their monochrome stand-ins), the top bar
 * naming the views, the status line.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "text.h"
#include "tui_int.h"

void
tui_colors(struct tui *t)
{
	short bg = -1;

	if (!t->color || !has_colors()) {
		t->color = 0;
		return;
	}
	start_color();
	if (use_default_colors() != OK)
		bg = COLOR_BLACK;
	init_pair(TUI_PAIR_BAR, COLOR_BLACK, COLOR_CYAN);
	init_pair(TUI_PAIR_HEAD, COLOR_CYAN, bg);
	init_pair(TUI_PAIR_BAD, COLOR_RED, bg);
	init_pair(TUI_PAIR_WARN, COLOR_YELLOW, bg);
	init_pair(TUI_PAIR_GOOD, COLOR_GREEN, bg);
	init_pair(TUI_PAIR_DIM, COLOR_BLUE, bg);
	init_pair(TUI_PAIR_DIFF, COLOR_MAGENTA, bg);
	init_pair(TUI_PAIR_MATCH, COLOR_BLACK, COLOR_YELLOW);
	init_pair(TUI_PAIR_CURMATCH, COLOR_WHITE, COLOR_RED);
}

/* Each class in colour, and in monochrome through bold, dim, underline. */
attr_t
tui_attr(const struct tui *t, int cls)
{
	static const struct {
		int	 cls;
		short	 pair;
		attr_t	 color, mono;
	} map[] = {
		{ TB_HEADING, TUI_PAIR_HEAD, A_BOLD, A_BOLD },
		{ TB_DIM, TUI_PAIR_DIM, 0, A_DIM },
		{ TB_BAD, TUI_PAIR_BAD, A_BOLD, A_BOLD },
		{ TB_WARN, TUI_PAIR_WARN, 0, 0 },
		{ TB_GOOD, TUI_PAIR_GOOD, 0, 0 },
	};

	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (map[i].cls == cls)
			return t->color ? (attr_t)COLOR_PAIR(map[i].pair) | map[i].color : map[i].mono;
	return A_NORMAL;
}

/* The terminal's locale draws UTF-8 (tui_open sets it). */
static int draw_utf8 = 1;

void
tui_draw_charset(int utf8)
{
	draw_utf8 = utf8;
}

/* s as this terminal shows it: escaped (escape.h), and in ASCII where the
 * locale is not UTF-8 (text_ascii). */
static void
shown_text(char *dst, size_t dstsz, const char *s)
{
	char esc[4096];

	if (draw_utf8) {
		escape_text_buf(dst, dstsz, s);
		return;
	}
	escape_text_buf(esc, sizeof esc, s);
	text_ascii(dst, dstsz, esc);
}

/*
 * Writes s at (y, x) in width columns (padded, or cut to fit), as
 * shown_text makes it: whatever the caller passes, no control byte reaches
 * curses, and no character the terminal's locale cannot draw.
 */
void
tui_put(int y, int x, const char *s, int width, attr_t attr, int right)
{
	char shown[4096], buf[1024];
	int w;

	if (width <= 0)
		return;
	shown_text(shown, sizeof shown, s);
	w = text_cut(buf, sizeof buf, shown, width);
	attrset(attr);
	if (right && w < width) {
		mvhline(y, x, ' ', width - w);
		mvaddstr(y, x + width - w, buf);
	} else {
		mvaddstr(y, x, buf);
		if (w < width)
			mvhline(y, x + w, ' ', width - w);
	}
	attrset(A_NORMAL);
}

void
tui_put_match(const struct tui *t, int y, int x, const char *shown, int width, const char *search,
    int current)
{
	char esc[4096], head[1024], hit[1024];
	const char *m;
	int hx, hw;
	attr_t a;

	if (search[0] == '\0')
		return;
	shown_text(esc, sizeof esc, shown);
	if ((m = text_find(esc, search)) == NULL)
		return;
	snprintf(head, sizeof head, "%.*s", (int)(m - esc), esc);
	snprintf(hit, sizeof hit, "%.*s", (int)strlen(search), m);
	hx = text_width(head);
	hw = text_width(hit);
	if (hx >= width)
		return;
	if (hx + hw > width)
		hw = width - hx;
	if (t->color)
		a = (attr_t)COLOR_PAIR(current ? TUI_PAIR_CURMATCH : TUI_PAIR_MATCH) | (current ? A_BOLD : 0);
	else
		a = current ? A_BOLD | A_UNDERLINE : A_UNDERLINE | A_REVERSE;
	tui_put(y, x + hx, hit, hw, a, 0);
}

void
tui_draw_bar(struct tui *t, const char *const *tabs, size_t ntabs, size_t cur, const char *sub)
{
	attr_t bar = t->color ? (attr_t)COLOR_PAIR(TUI_PAIR_BAR) : A_REVERSE;
	int x = 0;
	char buf[64];

	tui_put(0, 0, "", t->cols, bar, 0);
	tui_put(0, 0, " spillway ", 10, bar | A_BOLD, 0);
	x = 10;
	for (size_t i = 0; i < ntabs; i++) {
		snprintf(buf, sizeof buf, " %zu %s ", i + 1, tabs[i]);
		if (x + (int)strlen(buf) >= t->cols)
			break;
		tui_put(0, x, buf, (int)strlen(buf), i == cur ? A_REVERSE | A_BOLD : bar, 0);
		if (i == cur && !t->color)
			tui_put(0, x, buf, (int)strlen(buf), A_BOLD | A_UNDERLINE, 0);
		x += (int)strlen(buf) + 1;
	}
	if (sub != NULL) {
		snprintf(buf, sizeof buf, "> %s ", sub);
		if (x + (int)strlen(buf) < t->cols) {
			tui_put(0, x, buf, (int)strlen(buf), bar | A_BOLD, 0);
			x += (int)strlen(buf);
		}
	}
	/* The key hint only where it covers no tab and no sub-view's name. */
	if (t->cols - 18 > x)
		tui_put(0, t->cols - 18, "?:help  q:quit ", 18, bar, 1);
}

void
tui_draw_status(struct tui *t, const char *left, const char *right)
{
	attr_t bar = t->color ? (attr_t)COLOR_PAIR(TUI_PAIR_BAR) : A_REVERSE;
	int rw = text_width(right);

	if (t->msg[0]) {
		left = t->msg;
		bar = t->color ? tui_attr(t, TB_BAD) | A_REVERSE : A_REVERSE | A_BOLD;
	}
	/* The right part (where the selection is, the match) keeps its place
	 * on a narrow screen; the left is cut before it. */
	tui_put(t->rows - 1, 0, "", t->cols, bar, 0);
	if (rw + 2 <= t->cols / 2) {
		tui_put(t->rows - 1, 0, left, t->cols - rw - 2, bar, 0);
		tui_put(t->rows - 1, t->cols - rw - 1, right, rw + 1, bar, 0);
	} else
		tui_put(t->rows - 1, 0, left, t->cols, bar, 0);
}
