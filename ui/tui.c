/* SPDX-License-Identifier: MIT */
/*
 * The browser's main loop: the view table (the only one: views are found
 * by enum view_id), key dispatch through keys.c's table, where each view
 * handles its own actions and returns the rest, resize and mouse.  Only
 * this file switches views.
 */
#include "config.h"

#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#include "view_build.h"
#include "view_check.h"
#include "view_detail.h"
#include "fatal.h"
#include "progress.h"
#include "rtext.h"
#include "settings.h"
#include "text.h"
#include "tui.h"
#include "tui_int.h"
#include "view_size.h"
#include "xalloc.h"

/* Keys typed ahead during the scan that the table still gets. */
#define TUI_SCAN_KEYS	16

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
	view_build_text(&t->tb, t->m, &t->gates, t->cols, t->utf8);
}

static void
tui_fill_check(struct tui *t)
{
	view_check_text(&t->tb, t->verdict, t->m);
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

static int
tui_has_messages(const struct tui *t)
{
	return t->diags != NULL && t->diags->n > 0;
}

/* What the scan met, in the words spillway prints them on exit. */
static void
tui_fill_messages(struct tui *t)
{
	tb_add(&t->tb, TB_HEADING, "%zu message%s met while scanning; %zu file%s not read in whole or part",
	    t->diags->n, t->diags->n == 1 ? "" : "s", t->problems, t->problems == 1 ? "" : "s");
	tb_add(&t->tb, TB_DIM, "(printed again on stderr when you quit)");
	for (size_t i = 0; i < t->diags->n; i++) {
		char *text = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&text, &len);

		if (f == NULL)
			break;
		diag_print(f, &t->diags->v[i]);
		fclose(f);
		while (len > 0 && text[len - 1] == '\n')
			text[--len] = '\0';
		tb_add(&t->tb, TB_WARN, "%s", text);
		free(text);
	}
}

static int
tui_has_libraries(const struct tui *t)
{
	return t->vm.nlibraries > 1;
}

static void
tui_fill_detail(struct tui *t)
{
	t->tb_top = view_detail_text(&t->tb, &t->vm, t->detail_group, t->detail_inst, t->cols);
}

static size_t tui_tab_names(const struct tui *, enum view_id tabs[VIEW_COUNT],
    const char *names[VIEW_COUNT]);

/* The help, its list of views made from the tabs the top line shows. */
static void
tui_fill_help(struct tui *t)
{
	enum view_id tabs[VIEW_COUNT];
	const char *names[VIEW_COUNT];
	size_t ntabs = tui_tab_names(t, tabs, names);

	keys_help(&t->tb, names, ntabs, t->cols);
}

/* The views, indexed by enum view_id; only this file reads the table. */
static const struct view_ops tui_views[VIEW_COUNT] = {
	[VIEW_KERNELS] = { .name = "Kernels", .keys = KEYS_TABLE | KEYS_TAB,
		.draw = view_kernels_draw, .key = view_kernels_key, .click = view_kernels_click,
		.state_size = &view_kernels_state_size, .init = view_kernels_init },
	[VIEW_BUILD] = { .name = "Build", .keys = KEYS_PAGER | KEYS_TAB, .available = tui_has_modules,
		.fill = tui_fill_build, .draw = tui_pager_draw, .key = tui_pager_key },
	[VIEW_CHECK] = { .name = "Check", .keys = KEYS_PAGER | KEYS_TAB, .available = tui_has_verdict,
		.fill = tui_fill_check, .draw = tui_pager_draw, .key = tui_pager_key },
	[VIEW_DIFF] = { .name = "Diff", .keys = KEYS_PAGER | KEYS_TAB, .available = tui_has_diff,
		.fill = tui_fill_diff, .draw = tui_pager_draw, .key = tui_pager_key },
	[VIEW_SIZE] = { .name = "Size", .keys = KEYS_PAGER | KEYS_TAB, .available = view_size_available,
		.fill = view_size_fill, .draw = tui_pager_draw, .key = view_size_key,
		.state_size = &view_size_state_size, .done = view_size_done },
	[VIEW_MESSAGES] = { .name = "Messages", .keys = KEYS_PAGER | KEYS_TAB, .available = tui_has_messages,
		.fill = tui_fill_messages, .draw = tui_pager_draw, .key = tui_pager_key },
	[VIEW_LIBRARIES] = { .name = "Libraries", .keys = KEYS_PAGER | KEYS_TAB, .available = tui_has_libraries,
		.fill = view_libs_fill, .draw = tui_pager_draw, .key = view_libs_key,
		.state_size = &view_libs_state_size, .done = view_libs_done },
	[VIEW_DETAIL] = { .name = "Detail", .keys = KEYS_PAGER | KEYS_SUB,
		.fill = tui_fill_detail, .draw = tui_pager_draw, .key = tui_pager_key },
	[VIEW_HELP] = { .name = "Help", .keys = KEYS_PAGER | KEYS_SUB,
		.fill = tui_fill_help, .draw = tui_pager_draw, .key = tui_pager_key },
};

static const struct view_ops *
tui_current(const struct tui *t)
{
	return &tui_views[t->view];
}

static void
tui_fill(struct tui *t)
{
	size_t top = t->tb_top;

	tb_clear(&t->tb);
	t->tb_top = 0;
	if (tui_current(t)->fill) {
		tui_current(t)->fill(t);
		if (t->tb_top == 0)
			t->tb_top = top;
	}
	if (t->tb_sel < 0 || (size_t)t->tb_sel >= t->tb.n || t->tb.v[t->tb_sel].ref < 0)
		t->tb_sel = tb_next_ref(&t->tb, 0, 1, 1);
}

static void
tui_switch(struct tui *t, enum view_id view)
{
	if (tui_views[view].keys & KEYS_SUB) {
		if (tui_current(t)->keys & KEYS_TAB)
			t->under = t->view;
	} else
		t->under = view;
	t->view = view;
	t->tb_top = 0;
	t->tb_left = 0;
	t->tb_sel = -1;
	t->search[0] = '\0';
	tui_fill(t);
}

/* The top-level views available, in order (the numbers of the top line
 * less one); returns how many. */
static size_t
tui_tabs(const struct tui *t, enum view_id tabs[VIEW_COUNT])
{
	size_t n = 0;

	for (int i = 0; i < VIEW_COUNT; i++) {
		const struct view_ops *v = &tui_views[i];

		if ((v->keys & KEYS_TAB) && (!v->available || v->available(t)))
			tabs[n++] = (enum view_id)i;
	}
	return n;
}

/* The tabs, as tui_tabs, and their names; returns how many. */
static size_t
tui_tab_names(const struct tui *t, enum view_id tabs[VIEW_COUNT], const char *names[VIEW_COUNT])
{
	size_t ntabs = tui_tabs(t, tabs);

	for (size_t i = 0; i < ntabs; i++)
		names[i] = tui_views[tabs[i]].name;
	return ntabs;
}

/* Where the view under is among the tabs, or ntabs. */
static size_t
tui_tab_index(const struct tui *t, const enum view_id *tabs, size_t ntabs)
{
	size_t i = 0;

	while (i < ntabs && tabs[i] != t->under)
		i++;
	return i;
}

static void
tui_draw(struct tui *t)
{
	enum view_id tabs[VIEW_COUNT];
	const char *names[VIEW_COUNT];
	size_t ntabs = tui_tab_names(t, tabs, names);

	erase();
	tui_draw_bar(t, names, ntabs, tui_tab_index(t, tabs, ntabs),
	    tui_current(t)->keys & KEYS_TAB ? NULL : tui_current(t)->name);
	tui_current(t)->draw(t, tui_current(t));
	t->msg[0] = '\0';
}

static void
tui_resize(struct tui *t)
{
	getmaxyx(stdscr, t->rows, t->cols);
	if (tui_current(t)->fill) {
		size_t top = t->tb_top;

		tui_fill(t);
		t->tb_top = top;
	}
}

/* The whole screen, after reading its size again when it changed: the
 * prompt's t->redraw. */
static void
tui_redraw(struct tui *t, int resized)
{
	if (resized)
		tui_resize(t);
	tui_draw(t);
}

/* What views leave undone: quitting, closing, opening and switching
 * views, which only this file does. */
static void
tui_do(struct tui *t, int act, int key)
{
	enum view_id tabs[VIEW_COUNT];
	size_t ntabs = tui_tabs(t, tabs), at = tui_tab_index(t, tabs, ntabs);

	switch (act) {
	case ACT_QUIT:
		/* q closes a view other than the first, as in tig. */
		if (key == 'q' && t->view != t->base)
			tui_switch(t, t->base);
		else
			t->quit = 1;
		break;
	case ACT_CLOSE:
		tui_switch(t, t->under);
		break;
	case ACT_OPEN:
		tui_switch(t, VIEW_DETAIL);
		break;
	case ACT_SHOW_KERNELS:
		tui_switch(t, VIEW_KERNELS);
		break;
	case ACT_HELP:
		if (t->view != VIEW_HELP)
			tui_switch(t, VIEW_HELP);
		break;
	case ACT_REDRAW:
		clearok(stdscr, TRUE);
		break;
	case ACT_VIEW_NEXT:
	case ACT_VIEW_PREV:
		if (at == ntabs)
			at = 0;
		tui_switch(t, tabs[(at + (act == ACT_VIEW_NEXT ? 1 : ntabs - 1)) % ntabs]);
		break;
	case ACT_VIEW_N:
		if (key >= '1' && (size_t)(key - '1') < ntabs)
			tui_switch(t, tabs[key - '1']);
		break;
	default:
		break;
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
			tui_do(t, tui_current(t)->key(t, act, 0), 0);
		return;
	}
	if (ev.y == 0 && (ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED)))
		return;
	if (tui_current(t)->click &&
	    (ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_DOUBLE_CLICKED)))
		tui_do(t, tui_current(t)->click(t, ev.y, ev.x, (ev.bstate & BUTTON1_DOUBLE_CLICKED) != 0), 0);
}

/* A key: the view takes what it handles, tui_do the rest. */
static void
tui_key(struct tui *t, int key)
{
	int act = keys_lookup(key, tui_current(t)->keys);

	if (act != ACT_NONE)
		tui_do(t, tui_current(t)->key(t, act, key), key);
}

static int
tui_loop(struct tui *t)
{
	t->redraw = tui_redraw;
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

/* Ctrl-C and the other ending signals: the terminal given back before
 * the signal ends the process (fatal.c), so the shell sees 130 for
 * Ctrl-C, where curses' own handler exits 1, the status of a violation. */
static void
tui_on_signal(void)
{
	endwin();
}

struct tui *
tui_open(int color)
{
	struct tui *t;
	const char *cs;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "spillway: the browser needs a terminal (try --summary or --list)\n");
		return NULL;
	}
	/* A terminal that cannot move the cursor draws nothing a user can read
	 * (only the status line would show): say so, as less does. */
	if (getenv("TERM") == NULL || getenv("TERM")[0] == '\0' || strcmp(getenv("TERM"), "dumb") == 0) {
		fprintf(stderr, "spillway: the browser needs a terminal that moves the cursor (TERM=%s); "
		    "try --summary or --list\n", getenv("TERM") ? getenv("TERM") : "");
		return NULL;
	}
	setlocale(LC_ALL, "");
	t = xcalloc(1, sizeof *t);
	cs = nl_langinfo(CODESET);
	t->utf8 = cs != NULL && strcmp(cs, "UTF-8") == 0;
	tui_draw_charset(t->utf8);
	t->color = color;
	/* Before newterm, which takes SIGINT and SIGTERM only where nobody
	 * has. */
	fatal_on_signal(tui_on_signal);
	t->screen = newterm(NULL, stdout, stdin);
	if (t->screen == NULL) {
		fatal_on_signal(NULL);
		fprintf(stderr, "spillway: cannot drive this terminal (TERM=%s)\n",
		    getenv("TERM") ? getenv("TERM") : "");
		free(t);
		return NULL;
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
	tui_colors(t);
	getmaxyx(stdscr, t->rows, t->cols);
	return t;
}

/* Keys typed during the scan: q (or Q, F10) leaves at once, the scan's
 * workers and all (nothing is written in the browser's mode, and
 * fatal_exit removes any temporary); the others wait for the table. */
static void
tui_scan_keys(struct tui *t)
{
	wint_t keep[TUI_SCAN_KEYS];
	size_t nkeep = 0;
	wint_t wc;
	int r;

	nodelay(stdscr, TRUE);
	while ((r = get_wch(&wc)) != ERR) {
		if (r == OK && keys_lookup((int)wc, tui_views[t->view].keys) == ACT_QUIT) {
			endwin();
			fatal_on_signal(NULL);
			fprintf(stderr, "spillway: quit during the scan\n");
			fatal_exit(0);
		}
		if (r == OK && nkeep < TUI_SCAN_KEYS)
			keep[nkeep++] = wc;
	}
	nodelay(stdscr, FALSE);
	while (nkeep > 0)	/* curses gives back the last pushed first */
		unget_wch((wchar_t)keep[--nkeep]);
}

void
tui_progress(void *ctx, const struct scan_progress *p)
{
	struct tui *t = ctx;
	char line[512];

	tui_scan_keys(t);
	getmaxyx(stdscr, t->rows, t->cols);
	progress_line(line, sizeof line, p, t->cols);
	erase();
	tui_draw_bar(t, NULL, 0, 0, NULL);
	tui_draw_status(t, line, "");
	refresh();
}

int
tui_run(struct tui *tp, const struct model *m, const struct tui_config *c, const struct verdict *v,
    const struct rdoc *diff, size_t problems)
{
	struct tui *t = tp;

	t->m = m;
	t->verdict = v;
	t->diff = diff;
	t->diags = c->diags;
	t->problems = problems;
	t->gates = c->gates;
	vm_init(&t->vm, m);
	t->vm_ready = 1;
	for (int i = 0; i < VIEW_COUNT; i++) {
		if (tui_views[i].state_size)
			t->state[i] = xcalloc(1, *tui_views[i].state_size);
		if (tui_views[i].init)
			tui_views[i].init(t);
	}
	getmaxyx(stdscr, t->rows, t->cols);
	if (settings_path(t->settings, sizeof t->settings) &&
	    settings_load(t->settings, &t->vm, t->msg, sizeof t->msg) != 0)
		t->settings[0] = '\0';	/* a file not ours is left as it is */
	/* Only build logs given: their view is what there is to see. */
	if (t->vm.ngroups == 0 && m->nmodules > 0)
		tui_switch(t, VIEW_BUILD);
	t->base = t->view;
	if (problems > 0 && t->msg[0] == '\0')
		snprintf(t->msg, sizeof t->msg, " %zu file%s could not be read in whole or part: "
		    "%s", problems, problems == 1 ? "" : "s",
		    tui_has_messages(t) ? "see the Messages view" : "named when you quit");
	tui_loop(t);
	return 0;
}

void
tui_close(struct tui *t)
{
	char err[512];

	if (t == NULL)
		return;
	endwin();
	fatal_on_signal(NULL);
	delscreen(t->screen);
	if (t->vm_ready && t->settings[0] &&
	    settings_save(t->settings, &t->vm, err, sizeof err) != 0)
		fprintf(stderr, "spillway: the browser's settings not saved: %s\n", err);
	tb_free(&t->tb);
	for (int i = 0; i < VIEW_COUNT; i++) {
		if (t->state[i] != NULL && tui_views[i].done)
			tui_views[i].done(t);
		free(t->state[i]);
	}
	if (t->vm_ready)
		vm_free(&t->vm);
	free(t);
}
