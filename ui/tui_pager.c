/* SPDX-License-Identifier: MIT */
/*
 * The text views (detail, build, check, help): lines from a textbuf,
 * scrolled like less.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "text.h"
#include "tui_int.h"

static int
tui_pager_height(const struct tui *t)
{
	return t->rows > 3 ? t->rows - 2 : 1;
}

static void
tui_pager_clamp(struct tui *t)
{
	size_t h = (size_t)tui_pager_height(t);

	if (t->tb.n <= h)
		t->tb_top = 0;
	else if (t->tb_top > t->tb.n - h)
		t->tb_top = t->tb.n - h;
}

void
tui_pager_light(struct tui *t, long line)
{
	size_t h = (size_t)tui_pager_height(t);

	t->tb_sel = line;
	if (line < 0)
		return;
	if ((size_t)line < t->tb_top)
		t->tb_top = (size_t)line;
	else if ((size_t)line >= t->tb_top + h)
		t->tb_top = (size_t)line - h + 1;
}

/* s from display column left on (a line scrolled right). */
static const char *
tui_pager_from(const char *s, int left)
{
	char head[1024];

	if (left <= 0)
		return s;
	text_cut(head, sizeof head, s, left);
	return s + strlen(head);
}

/* The widest line, in columns. */
static int
tui_pager_width(const struct tui *t)
{
	int w = 0;

	for (size_t i = 0; i < t->tb.n; i++) {
		int lw = text_width(t->tb.v[i].text);

		if (lw > w)
			w = lw;
	}
	return w;
}

void
tui_pager_draw(struct tui *t, const struct view_ops *self)
{
	int h = tui_pager_height(t);
	char left[256], right[64];
	size_t n;

	tui_pager_clamp(t);
	for (int y = 0; y < h; y++) {
		size_t i = t->tb_top + (size_t)y;

		if (i < t->tb.n) {
			attr_t a = tui_attr(t, t->tb.v[i].cls);
			const char *text = tui_pager_from(t->tb.v[i].text, t->tb_left);

			if ((long)i == t->tb_sel)
				a |= A_REVERSE;
			tui_put(1 + y, 0, text, t->cols, a, 0);
			if (t->search[0])
				tui_put_match(t, 1 + y, 0, text, t->cols, t->search, 0);
		} else
			tui_put(1 + y, 0, "", t->cols, A_NORMAL, 0);
	}
	snprintf(left, sizeof left, " %s%s%s", self->name, self->keys & KEYS_SUB ? "  q: back" : "",
	    t->search[0] ? "  n/N: next/previous match" : "");
	n = (size_t)snprintf(right, sizeof right, "lines %zu-%zu/%zu", t->tb.n ? t->tb_top + 1 : 0,
	    t->tb_top + (size_t)h < t->tb.n ? t->tb_top + (size_t)h : t->tb.n, t->tb.n);
	if (t->tb_left > 0 && n < sizeof right)
		snprintf(right + n, sizeof right - n, "  col %d", t->tb_left + 1);
	tui_draw_status(t, left, right);
}

static void
tui_pager_search_changed(struct tui *t, const char *text)
{
	long r = tb_find(&t->tb, text, t->tb_top, 1);

	snprintf(t->search, sizeof t->search, "%s", text);
	if (r >= 0)
		t->tb_top = (size_t)r;
}

/* The text views' own actions; any other is returned for tui.c. */
int
tui_pager_key(struct tui *t, int act, int key)
{
	long h = tui_pager_height(t), top = (long)t->tb_top, r;
	char buf[128], old[128];

	(void)key;
	switch (act) {
	case ACT_UP:
	case ACT_DOWN:
		/* Where lines point somewhere (the check view's violations), the
		 * keys go from one to the next, the page following. */
		if (t->tb_sel >= 0) {
			r = tb_next_ref(&t->tb, t->tb_sel, act == ACT_UP ? -1 : 1, 0);
			if (r >= 0) {
				tui_pager_light(t, r);
				top = (long)t->tb_top;
				break;
			}
		}
		top += act == ACT_UP ? -1 : 1;
		break;
	case ACT_SCROLL_LEFT:
		if (t->tb_left == 0)
			return t->view == VIEW_DETAIL || t->view == VIEW_HELP ? ACT_CLOSE : ACT_NONE;
		t->tb_left -= t->cols / 4 > 8 ? t->cols / 4 : 8;
		if (t->tb_left < 0)
			t->tb_left = 0;
		return ACT_NONE;
	case ACT_SCROLL_RIGHT: {
		int step = t->cols / 4 > 8 ? t->cols / 4 : 8, w = tui_pager_width(t);

		if (t->tb_left + t->cols < w)
			t->tb_left += step;
		return ACT_NONE;
	}
	case ACT_OPEN: {
		const struct viewmodel *vm = &t->vm;
		long entry = t->tb_sel >= 0 ? t->tb.v[t->tb_sel].ref : -1;

		if (entry < 0)
			return ACT_NONE;
		/* The instantiation the entry is one arch of. */
		for (size_t i = 0; i < vm->ninsts; i++)
			for (size_t a = 0; a < vm->narches; a++)
				if (vm->funcs[i * vm->narches + a] == entry) {
					t->detail_group = vm->insts[i].group;
					t->detail_inst = (int32_t)i;
					return ACT_OPEN;
				}
		snprintf(t->msg, sizeof t->msg, "That kernel is not in the table");
		return ACT_NONE;
	}
	case ACT_PAGE_UP:	top -= h; break;
	case ACT_PAGE_DOWN:	top += h; break;
	case ACT_HOME:		top = 0; break;
	case ACT_END:		top = (long)t->tb.n; break;
	case ACT_SEARCH:
		snprintf(old, sizeof old, "%s", t->search);
		buf[0] = '\0';
		if (!tui_prompt(t, "/", buf, sizeof buf, tui_pager_search_changed, NULL))
			snprintf(t->search, sizeof t->search, "%s", old);
		return ACT_NONE;
	case ACT_SEARCH_NEXT:
	case ACT_SEARCH_PREV:
		r = tb_find(&t->tb, t->search, act == ACT_SEARCH_NEXT ? t->tb_top + 1 :
		    (t->tb_top ? t->tb_top - 1 : t->tb.n - 1), act == ACT_SEARCH_NEXT ? 1 : -1);
		if (r < 0)
			snprintf(t->msg, sizeof t->msg, "Pattern not found: %s", t->search);
		else
			t->tb_top = (size_t)r;
		return ACT_NONE;
	default:
		return act;
	}
	t->tb_top = top < 0 ? 0 : (size_t)top;
	tui_pager_clamp(t);
	return ACT_NONE;
}
