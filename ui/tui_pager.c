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
tui_pager_draw(struct tui *t, const struct view_ops *self)
{
	int h = tui_pager_height(t);
	char left[256], right[64];

	tui_pager_clamp(t);
	for (int y = 0; y < h; y++) {
		size_t i = t->tb_top + (size_t)y;

		if (i < t->tb.n) {
			attr_t a = tui_attr(t, t->tb.v[i].cls);

			if (t->search[0] && text_find(t->tb.v[i].text, t->search))
				a |= A_UNDERLINE;
			tui_put(1 + y, 0, t->tb.v[i].text, t->cols, a, 0);
		} else
			tui_put(1 + y, 0, "", t->cols, A_NORMAL, 0);
	}
	snprintf(left, sizeof left, " %s%s%s", self->name, self->keys & KEYS_SUB ? "  q: back" : "",
	    t->search[0] ? "  n/N: next/previous match" : "");
	snprintf(right, sizeof right, "lines %zu-%zu/%zu", t->tb.n ? t->tb_top + 1 : 0,
	    t->tb_top + (size_t)h < t->tb.n ? t->tb_top + (size_t)h : t->tb.n, t->tb.n);
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
	case ACT_UP:		top -= 1; break;
	case ACT_DOWN:		top += 1; break;
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
