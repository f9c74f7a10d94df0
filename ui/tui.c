/*
 * The browser's main loop: the view table, key dispatch through keys.c's
 * table, the prompt line, resize and mouse.
 */
#include "config.h"

#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#include "buildview.h"
#include "checkview.h"
#include "detail.h"
#include "rtext.h"
#include "text.h"
#include "tui.h"
#include "tui_int.h"

static int
tui_has_modules(const struct tui *t)
{
	return t->m->nmodules > 0;
}

static int
tui_has_verdict(const struct tui *t)
{
	return t->verdict != NULL;
}

static void
tui_fill_build(struct tui *t)
{
	buildview_build(&t->tb, t->m, &t->gates, t->cols, t->utf8);
}

static void
tui_fill_check(struct tui *t)
{
	checkview_build(&t->tb, t->verdict);
}

static int
tui_has_diff(const struct tui *t)
{
	return t->diff != NULL && t->diff->n > 0;
}

/* A line of the diff as plain text (rtext.h): paragraphs wrapped to the
 * screen, each kind of line in its class. */
static void
tui_diff_line(void *ctx, int kind, const char *line)
{
	static const int cls[] = {
		[RT_BLANK] = TB_NORMAL, [RT_HEADING] = TB_HEADING, [RT_PARA] = TB_NORMAL,
		[RT_COLUMNS] = TB_DIM, [RT_ROW] = TB_NORMAL,
	};
	struct tui *t = ctx;

	if (kind == RT_PARA)
		tb_wrap(&t->tb, cls[kind], "", line, t->cols);
	else
		tb_add(&t->tb, cls[kind], "%s", line);
}

/* The changes against --baseline: the report's diff section as text. */
static void
tui_fill_diff(struct tui *t)
{
	rtext_render(t->diff, tui_diff_line, t);
}

static void
tui_fill_detail(struct tui *t)
{
	t->tb_top = detail_build(&t->tb, &t->vm, t->detail_group, t->detail_inst, t->cols);
}

static void
tui_fill_help(struct tui *t)
{
	keys_help(&t->tb);
}

/* The views; the first is the one the browser opens on.  A top-level view
 * (KEYS_TAB) gets a number in the top line and a place in the Tab cycle. */
const struct tui_view tui_views[] = {
	{ "Kernels", KEYS_TABLE | KEYS_TAB, NULL, NULL, tui_table_draw, tui_table_action },
	{ "Build", KEYS_PAGER | KEYS_TAB, tui_has_modules, tui_fill_build, tui_pager_draw, tui_pager_action },
	{ "Check", KEYS_PAGER | KEYS_TAB, tui_has_verdict, tui_fill_check, tui_pager_draw, tui_pager_action },
	{ "Diff", KEYS_PAGER | KEYS_TAB, tui_has_diff, tui_fill_diff, tui_pager_draw, tui_pager_action },
	{ "Detail", KEYS_PAGER | KEYS_SUB, NULL, tui_fill_detail, tui_pager_draw, tui_pager_action },
	{ "Help", KEYS_PAGER | KEYS_SUB, NULL, tui_fill_help, tui_pager_draw, tui_pager_action },
};
const size_t ntui_views = sizeof tui_views / sizeof tui_views[0];

static void
tui_fill(struct tui *t)
{
	size_t top = t->tb_top;

	tb_clear(&t->tb);
	t->tb_top = 0;
	if (tui_views[t->view].fill) {
		tui_views[t->view].fill(t);
		if (t->tb_top == 0)
			t->tb_top = top;
	}
}

void
tui_switch(struct tui *t, size_t view)
{
	if (view >= ntui_views)
		return;
	if (tui_views[view].keys & KEYS_SUB) {
		if (tui_views[t->view].keys & KEYS_TAB)
			t->under = t->view;
	} else
		t->under = view;
	t->view = view;
	t->tb_top = 0;
	t->search[0] = '\0';
	tui_fill(t);
}

/* The n-th available top-level view (0-based), or ntui_views. */
static size_t
tui_tab(const struct tui *t, int n)
{
	for (size_t i = 0; i < ntui_views; i++) {
		const struct tui_view *v = &tui_views[i];

		if ((v->keys & KEYS_TAB) && (!v->available || v->available(t)) && n-- == 0)
			return i;
	}
	return ntui_views;
}

static int
tui_tab_index(const struct tui *t)
{
	for (int n = 0; tui_tab(t, n) < ntui_views; n++)
		if (tui_tab(t, n) == t->under)
			return n;
	return 0;
}

static void
tui_draw(struct tui *t)
{
	erase();
	tui_draw_bar(t);
	tui_views[t->view].draw(t);
	t->msg[0] = '\0';
}

static void
tui_resize(struct tui *t)
{
	getmaxyx(stdscr, t->rows, t->cols);
	if (tui_views[t->view].fill) {
		size_t top = t->tb_top;

		tui_fill(t);
		t->tb_top = top;
	}
}

/*
 * Reads a line in the status line; changed is called at every keystroke,
 * so that a search or a filter follows the typing.  Returns 1 on Enter, 0
 * on Esc (the caller restores what was there before).
 */
int
tui_prompt(struct tui *t, const char *label, char *buf, size_t size,
    void (*changed)(struct tui *, const char *), int (*complete)(struct tui *, char *, size_t))
{
	for (;;) {
		wint_t wc;
		int r;
		size_t n = strlen(buf);
		char show[256];

		tui_draw(t);
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
				tui_resize(t);
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

static void
tui_mouse(struct tui *t)
{
	MEVENT ev;
	int act = ACT_NONE;

	if (getmouse(&ev) != OK)
		return;
	if (ev.bstate & BUTTON4_PRESSED)
		act = ACT_UP;
#ifdef BUTTON5_PRESSED
	else if (ev.bstate & BUTTON5_PRESSED)
		act = ACT_DOWN;
#endif
	if (act != ACT_NONE) {
		for (int i = 0; i < 3; i++)
			tui_views[t->view].action(t, act, 0);
		return;
	}
	if (ev.y == 0 && (ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED))) {
		return;
	}
	if (tui_views[t->view].keys & KEYS_TABLE &&
	    (ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_DOUBLE_CLICKED)))
		tui_table_click(t, ev.y, ev.x, (ev.bstate & BUTTON1_DOUBLE_CLICKED) != 0);
}

static void
tui_key(struct tui *t, int key)
{
	const struct tui_view *v = &tui_views[t->view];
	int act = keys_lookup(key, v->keys);
	size_t n;

	switch (act) {
	case ACT_NONE:
		break;
	case ACT_QUIT:
		t->quit = 1;
		break;
	case ACT_CLOSE:
		tui_switch(t, t->under);
		break;
	case ACT_HELP:
		for (size_t i = 0; i < ntui_views; i++)
			if (strcmp(tui_views[i].name, "Help") == 0 && i != t->view)
				tui_switch(t, i);
		break;
	case ACT_REDRAW:
		clearok(stdscr, TRUE);
		break;
	case ACT_VIEW_NEXT:
	case ACT_VIEW_PREV:
		for (n = 0; tui_tab(t, (int)n) < ntui_views; n++)
			;
		tui_switch(t, tui_tab(t, (int)((size_t)(tui_tab_index(t) + (act == ACT_VIEW_NEXT ? 1 : (int)n - 1)) % n)));
		break;
	case ACT_VIEW_N:
		if (tui_tab(t, key - '1') < ntui_views)
			tui_switch(t, tui_tab(t, key - '1'));
		break;
	default:
		v->action(t, act, key);
		break;
	}
}

static int
tui_loop(struct tui *t)
{
	while (!t->quit) {
		wint_t wc;
		int r;

		tui_draw(t);
		refresh();
		r = get_wch(&wc);
		if (r == ERR)
			continue;
		if (r == KEY_CODE_YES && wc == KEY_RESIZE)
			tui_resize(t);
		else if (r == KEY_CODE_YES && wc == KEY_MOUSE)
			tui_mouse(t);
		else
			tui_key(t, (int)wc);
	}
	return 0;
}

int
tui_run(const struct model *m, const struct options *o, const struct verdict *v,
    const struct rdoc *diff, size_t problems)
{
	struct tui t;
	SCREEN *scr;
	const char *cs;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "spillway: the browser needs a terminal (try --summary or --list)\n");
		return -1;
	}
	setlocale(LC_ALL, "");
	memset(&t, 0, sizeof t);
	t.m = m;
	t.verdict = v;
	t.diff = diff;
	t.gates = (struct build_gates){ o->mem_budget, o->mem_host, o->jobs };
	cs = nl_langinfo(CODESET);
	t.utf8 = cs != NULL && strcmp(cs, "UTF-8") == 0;
	t.color = o->color != COLOR_NEVER;
	vm_init(&t.vm, m);
	for (size_t g = 0; g < t.vm.ngroups; g++)
		if (t.vm.groups[g].kind == FUNC_ENTRY)
			t.nkernels++;
	tui_table_init(&t);

	scr = newterm(NULL, stdout, stdin);
	if (scr == NULL) {
		fprintf(stderr, "spillway: cannot drive this terminal (TERM=%s)\n",
		    getenv("TERM") ? getenv("TERM") : "");
		vm_free(&t.vm);
		return -1;
	}
	set_escdelay(25);
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	curs_set(0);
	mousemask(BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON4_PRESSED
#ifdef BUTTON5_PRESSED
	    | BUTTON5_PRESSED
#endif
	    , NULL);
	tui_colors(&t);
	getmaxyx(stdscr, t.rows, t.cols);
	if (problems > 0)
		snprintf(t.msg, sizeof t.msg, " %zu file%s could not be read in whole or part: "
		    "named when you quit", problems, problems == 1 ? "" : "s");
	tui_loop(&t);
	endwin();
	delscreen(scr);
	tb_free(&t.tb);
	vm_free(&t.vm);
	return 0;
}
