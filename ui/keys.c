/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "keys.h"

#define CTRL(c)	((c) & 0x1f)
#define ESC	27
/* The help: keys in this many columns, what they do after. */
#define KEYS_HELP_COL	25

const struct key_binding key_bindings[] = {
	{ ACT_UP, KEYS_ALL, "move up a line", { KEY_UP, 'k', CTRL('p') } },
	{ ACT_DOWN, KEYS_ALL, "move down a line", { KEY_DOWN, 'j', CTRL('n') } },
	{ ACT_PAGE_UP, KEYS_ALL, "move up a page", { KEY_PPAGE, CTRL('b') } },
	{ ACT_PAGE_DOWN, KEYS_ALL, "move down a page", { KEY_NPAGE, CTRL('f') } },
	{ ACT_PAGE_DOWN, KEYS_PAGER, "move down a page", { ' ' } },
	{ ACT_HOME, KEYS_ALL, "go to the first line", { KEY_HOME, 'g' } },
	{ ACT_END, KEYS_ALL, "go to the last line", { KEY_END, 'G' } },
	{ ACT_OPEN, KEYS_TABLE, "show the kernel in detail", { '\n', '\r', KEY_ENTER } },
	{ ACT_EXPAND, KEYS_TABLE, "expand the kernel into its instantiations", { KEY_RIGHT, 'l', '+' } },
	{ ACT_COLLAPSE, KEYS_TABLE, "collapse the kernel", { KEY_LEFT, 'h', '-' } },
	{ ACT_TOGGLE, KEYS_TABLE, "expand or collapse the kernel", { ' ' } },
	{ ACT_EXPAND_ALL, KEYS_TABLE, "expand or collapse every kernel", { '*' } },
	{ ACT_NAME_LEFT, KEYS_TABLE, "scroll the names left", { '{', KEY_SLEFT } },
	{ ACT_NAME_RIGHT, KEYS_TABLE, "scroll the names right, to read a long name whole", { '}', KEY_SRIGHT } },
	{ ACT_SORT_NEXT, KEYS_TABLE, "sort by the next column (the top of the new order shows)", { 's', '>', KEY_F(6) } },
	{ ACT_SORT_PREV, KEYS_TABLE, "sort by the previous column", { 'S', '<' } },
	{ ACT_SORT_REVERSE, KEYS_TABLE, "reverse the sort", { 'r', 'I' } },
	{ ACT_ARCH_NEXT, KEYS_TABLE, "show the next arch (after the last: all arches, their maximum)", { 'a' } },
	{ ACT_ARCH_PREV, KEYS_TABLE, "show the previous arch", { 'A' } },
	{ ACT_COMPARE_NEXT, KEYS_TABLE, "compare with the next arch, side by side", { 'c' } },
	{ ACT_COMPARE_PREV, KEYS_TABLE, "compare with the previous arch", { 'C' } },
	{ ACT_COMPARE_OFF, KEYS_TABLE, "stop comparing: all arches again", { 'x' } },
	{ ACT_SEARCH, KEYS_ALL, "search names and libraries as you type; Enter keeps, Esc goes back", { '/', KEY_F(3) } },
	{ ACT_SEARCH_NEXT, KEYS_ALL, "next match", { 'n' } },
	{ ACT_SEARCH_PREV, KEYS_ALL, "previous match", { 'N' } },
	{ ACT_FILTER, KEYS_TABLE, "show only kernels whose name holds a text", { '\\', 'F', KEY_F(4) } },
	{ ACT_LIBRARY, KEYS_TABLE, "show only the libraries whose path holds a text (Tab: the next one)", { 'L' } },
	{ ACT_NAMESPACE, KEYS_TABLE, "show only a namespace (Tab completes, :: the global one)", { 'f' } },
	{ ACT_NS_NEXT, KEYS_TABLE, "show only the next namespace", { ']' } },
	{ ACT_NS_PREV, KEYS_TABLE, "show only the previous namespace", { '[' } },
	{ ACT_CLEAR, KEYS_TABLE, "clear the filters and the search", { ESC, 'u' } },
	{ ACT_DEVICE, KEYS_TABLE, "show device functions too, or hide them", { 'd' } },
	{ ACT_OPEN, KEYS_PAGER, "check view: show the kernel of the violation lit; libraries: open or close the library lit, show the kernel lit; size: expand the row", { '\n', '\r', KEY_ENTER } },
	{ ACT_SCROLL_LEFT, KEYS_PAGER, "scroll left (at the left edge: close a detail or help view; libraries: close the library; size: collapse the row, or go up)", { KEY_LEFT, 'h' } },
	{ ACT_SCROLL_RIGHT, KEYS_PAGER, "scroll right (libraries: open the library lit; size: expand the row)", { KEY_RIGHT, 'l' } },
	{ ACT_LIBRARY, KEYS_PAGER, "libraries: show the kernels of the library lit in the table", { 'L' } },
	{ ACT_CLOSE, KEYS_SUB, "close this view", { 'q', ESC, KEY_BACKSPACE } },
	{ ACT_VIEW_NEXT, KEYS_TAB, "next view, as the top line orders them", { '\t' } },
	{ ACT_VIEW_PREV, KEYS_TAB, "previous view", { KEY_BTAB } },
	/* As many as the top line can number (tui.c: one per top-level view). */
	{ ACT_VIEW_N, KEYS_TAB, "go to the view of that number in the top line",
	  { '1', '2', '3', '4', '5', '6', '7', '8', '9' } },
	{ ACT_HELP, KEYS_ALL, "show this help", { '?', KEY_F(1) } },
	{ ACT_REDRAW, KEYS_ALL, "redraw the screen", { CTRL('l') } },
	/* As tig's q: a view closes, the first one quits. */
	{ ACT_QUIT, KEYS_TAB, "back to the first view (in the first, or during the scan: quit)", { 'q' } },
	{ ACT_QUIT, KEYS_ALL, "quit, from any view (Ctrl-C too: exit status 130)", { 'Q', KEY_F(10) } },
};

const size_t nkey_bindings = sizeof key_bindings / sizeof key_bindings[0];

/* A binding names what content (table, pager) and what level (tab, sub)
 * it applies to; naming none of one kind means all of that kind. */
static int
keys_applies(unsigned b, unsigned where)
{
	const unsigned content = KEYS_TABLE | KEYS_PAGER, level = KEYS_TAB | KEYS_SUB;

	return (!(b & content) || (b & where & content)) && (!(b & level) || (b & where & level));
}

int
keys_lookup(int key, unsigned where)
{
	for (size_t i = 0; i < nkey_bindings; i++) {
		if (!keys_applies(key_bindings[i].where, where))
			continue;
		for (const int *k = key_bindings[i].keys; *k; k++)
			if (*k == key)
				return key_bindings[i].action;
	}
	return ACT_NONE;
}

void
keys_name(int key, char *buf, size_t size)
{
	static const struct {
		int		 key;
		const char	*name;
	} names[] = {
		{ KEY_UP, "Up" }, { KEY_DOWN, "Down" }, { KEY_LEFT, "Left" }, { KEY_RIGHT, "Right" },
		{ KEY_SLEFT, "S-Left" }, { KEY_SRIGHT, "S-Right" },
		{ KEY_PPAGE, "PgUp" }, { KEY_NPAGE, "PgDn" }, { KEY_HOME, "Home" }, { KEY_END, "End" },
		{ KEY_ENTER, NULL }, { '\r', NULL }, { '\n', "Enter" }, { ' ', "Space" },
		{ '\t', "Tab" }, { KEY_BTAB, "S-Tab" }, { ESC, "Esc" }, { KEY_BACKSPACE, "BS" },
	};

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].key == key) {
			snprintf(buf, size, "%s", names[i].name ? names[i].name : "");
			return;
		}
	if (key >= KEY_F(1) && key <= KEY_F(12))
		snprintf(buf, size, "F%d", key - KEY_F(0));
	else if (key > 0 && key < 32)
		snprintf(buf, size, "^%c", key + '@');
	else
		snprintf(buf, size, "%c", key);
}

/* A binding's line: its keys in a column, its help wrapped beside them. */
static void
keys_help_line(struct textbuf *tb, const struct key_binding *b, int width)
{
	char line[160], name[16], pad[KEYS_HELP_COL + 1];
	size_t n = 0, first = tb->n;

	line[0] = '\0';
	for (const int *k = b->keys; *k && n < sizeof line; k++) {
		keys_name(*k, name, sizeof name);
		if (name[0] == '\0')
			continue;
		n += (size_t)snprintf(line + n, sizeof line - n, "%s%s", n ? " " : "", name);
	}
	memset(pad, ' ', KEYS_HELP_COL);
	pad[KEYS_HELP_COL] = '\0';
	if (n + 3 > KEYS_HELP_COL) {	/* keys wider than their column: a line of their own */
		tb_add(tb, TB_NORMAL, "  %s", line);
		first = tb->n;
	}
	tb_wrap(tb, TB_NORMAL, pad, b->help, width);
	if (n + 3 <= KEYS_HELP_COL)
		memcpy(tb->v[first].text + 2, line, n);
}

static void
keys_help_section(struct textbuf *tb, const char *title, unsigned where, int width)
{
	tb_add(tb, TB_NORMAL, "%s", "");
	tb_add(tb, TB_HEADING, "%s", title);
	for (size_t i = 0; i < nkey_bindings; i++)
		if (key_bindings[i].where == where)
			keys_help_line(tb, &key_bindings[i], width);
}

void
keys_help(struct textbuf *tb, const char *const *tabs, size_t ntabs, int width)
{
	char list[256];
	size_t n = 0;

	list[0] = '\0';
	for (size_t i = 0; i < ntabs && n < sizeof list; i++)
		n += (size_t)snprintf(list + n, sizeof list - n, "%s%zu %s", i ? ", " : "", i + 1, tabs[i]);
	tb_add(tb, TB_HEADING, "spillway: keys");
	tb_wrap(tb, TB_DIM, "", "The kernel table shows one row per kernel (a collapsed name in a library);"
	    " numbers are the maximum over its instantiations.", width);
	tb_wrap(tb, TB_DIM, "", "In the table '-' means not compiled for that arch, '?' not known"
	    " (spills need ptxas -v logs);", width);
	tb_wrap(tb, TB_DIM, "", "the detail view shows only the arches compiled for, '?' where a figure"
	    " is not known or not set.", width);
	keys_help_section(tb, "Everywhere", KEYS_ALL, width);
	keys_help_section(tb, "Kernel table", KEYS_TABLE, width);
	keys_help_section(tb, "Text views (every view but the kernel table)", KEYS_PAGER, width);
	keys_help_section(tb, "Top-level views", KEYS_TAB, width);
	tb_wrap(tb, TB_DIM, "  ", list, width);
	keys_help_section(tb, "Detail and help", KEYS_SUB, width);
	tb_add(tb, TB_NORMAL, "%s", "");
	tb_wrap(tb, TB_DIM, "", "The mouse wheel scrolls; a click selects a row, or sorts by the column"
	    " of its title.", width);
}
