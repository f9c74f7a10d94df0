/* SPDX-License-Identifier: MIT */
/*
 * The kernel table: a thin drawing of the view-model.  Columns are laid out
 * by layout.c, numbers come precomputed from viewmodel.c; a frame formats
 * only the rows on screen, into buffers on the stack.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elide.h"
#include "layout.h"
#include "text.h"
#include "tui_int.h"
#include "xalloc.h"

#define TABLE_Y	3	/* the first row: under the bar and two header lines */
#define NCOLS	(VM_FIELD_DELTA + 1)	/* name, library, two sides, the delta */
/* Two names that share less than this at both ends differ where an
 * elided name still shows (its first and last columns): the part that
 * differs need not be kept. */
#define NAME_ALIKE	8

/* The table's own state, built once from the view-model. */
struct kernels_state {
	size_t			 nkernels;	/* entry kernels in the model */
	int			 natural[VM_NRES];	/* each number column's width */
	int			 known[VM_NRES];	/* some value is known */
	int			 res_class[VM_NRES];	/* TB_* of a value above 0 */
	struct layout_col	 layout[NCOLS];
	int			 name_left;	/* columns the names are scrolled right */
};

/* A row's name as drawn: a mark before (indent, expand arrow), the name
 * or label itself, and after it the count of instantiations or
 * "(device)".  Only the name is elided, against the rows beside it. */
struct name_cell {
	char	 pre[16];
	char	 body[1024];
	char	 post[32];
	size_t	 keep_from, keep_to;	/* the part of body that differs from its neighbours' */
	int	 inst;		/* an instantiation's row */
	char	 lib[512];	/* the LIBRARY cell's text */
	size_t	 lib_from, lib_to;	/* what it keeps, as keep_from and keep_to */
};

const size_t view_kernels_state_size = sizeof(struct kernels_state);

static int
view_kernels_height(const struct tui *t)
{
	int h = t->rows - TABLE_Y - 1;

	return h > 1 ? h : 1;
}

static int
digits(int32_t v)
{
	int n = 1;

	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

/* The class of a number above zero in a column, by its mark in columns[]:
 * spills are bad, stack and local memory worth a look, the rest plain. */
static int
view_kernels_class(const struct column *c)
{
	static const int cls[] = {
		[MARK_PLAIN] = TB_NORMAL,
		[MARK_WARN] = TB_WARN,
		[MARK_BAD] = TB_BAD,
	};

	return cls[c->mark];
}

/* Natural widths: each number column as wide as its widest value; the
 * class of each column's numbers. */
void
view_kernels_init(struct tui *t)
{
	struct kernels_state *ks = t->state[VIEW_KERNELS];
	const struct viewmodel *vm = &t->vm;
	size_t stride = (vm->narches + 1) * VM_NRES;

	for (size_t g = 0; g < vm->ngroups; g++)
		if (vm->groups[g].kind == FUNC_ENTRY)
			ks->nkernels++;

	for (int r = 0; r < VM_NRES; r++) {
		int32_t max = 0;

		ks->res_class[r] = view_kernels_class(vm_res_column(r));
		for (size_t g = 0; g < vm->ngroups; g++)
			for (size_t s = 0; s <= vm->narches; s++) {
				int32_t v = vm->gval[g * stride + s * VM_NRES + r];

				if (v > max)
					max = v;
			}
		ks->known[r] = vm->res_known[r];
		ks->natural[r] = digits(max);
		if (ks->natural[r] < text_width(vm_res_column(r)->title) + 1)
			ks->natural[r] = text_width(vm_res_column(r)->title) + 1;	/* room for the arrow */
	}
}

static void
view_kernels_layout(struct tui *t)
{
	struct kernels_state *ks = t->state[VIEW_KERNELS];
	const struct viewmodel *vm = &t->vm;
	struct layout_col *c = ks->layout;
	int nsides = vm_nsides(vm);

	memset(c, 0, sizeof ks->layout);
	c[0].natural = vm->name_width + 8 > vm->inst_width + 4 ? vm->name_width + 8 : vm->inst_width + 4;
	c[0].min = 24;
	c[0].flex = 1;
	/* The shortest unique tails (viewmodel.c): whole, never elided;
	 * one library says nothing a row needs. */
	c[1].natural = vm->lib_width < 7 ? 7 : vm->lib_width;
	c[1].min = c[1].natural;
	c[1].drop = 1;
	c[1].off = vm->nlibraries <= 1;
	for (int s = 0; s < 2; s++)
		for (int r = 0; r < VM_NRES; r++) {
			struct layout_col *k = &c[VM_FIELD_RES(s, r)];

			k->natural = k->min = ks->natural[r];
			k->right = 1;
			k->off = s >= nsides || !ks->known[r];
			k->drop = 2 + (2 - s) * VM_NRES - r;	/* the right end first */
		}
	/* The difference: what a comparison is for, so the last number to go. */
	c[VM_FIELD_DELTA].natural = c[VM_FIELD_DELTA].min = 12;
	c[VM_FIELD_DELTA].right = 1;
	c[VM_FIELD_DELTA].off = nsides < 2;
	c[VM_FIELD_DELTA].drop = 3 + 2 * VM_NRES;
	layout_columns(c, NCOLS, t->cols - 1, 1);
	/* Several libraries and no room for their names whole: the column
	 * says which library a row is from, so it narrows (the names
	 * elided) rather than go, and goes only after the code size and
	 * the spills. */
	if (c[1].hidden && !c[1].off) {
		if (c[1].natural > t->cols / 5)
			c[1].natural = c[1].min = t->cols / 5 > 7 ? t->cols / 5 : 7;
		c[1].drop = 2 + 2 * VM_NRES - 3;
		layout_columns(c, NCOLS, t->cols - 1, 1);
	}
	for (int i = 0; i < NCOLS; i++)
		c[i].x += 1;
}

static void
view_kernels_value(char *buf, size_t size, int32_t v)
{
	if (v == VM_ABSENT)
		snprintf(buf, size, "-");
	else if (v < 0)
		snprintf(buf, size, "?");
	else
		snprintf(buf, size, "%ld", (long)v);
}

/* A label centred on a rule over the columns of one side ("── sm_86 ──"). */
static void
view_kernels_rule(struct tui *t, int x, int width, const char *label, attr_t attr)
{
	int lw = text_width(label), left;

	if (lw >= width) {
		tui_put(1, x, label, width, attr, 1);
		return;
	}
	left = (width - lw) / 2;
	attrset(attr);
	for (int i = 0; i < width; i++)
		mvaddstr(1, x + i, t->utf8 ? "\xe2\x94\x80" : "-");
	attrset(A_NORMAL);
	tui_put(1, x + left, label, lw, attr, 0);
}

static void
view_kernels_headers(struct tui *t)
{
	struct kernels_state *ks = t->state[VIEW_KERNELS];
	const struct viewmodel *vm = &t->vm;
	attr_t head = t->color ? tui_attr(t, TB_HEADING) : A_BOLD;
	char buf[128];

	tui_put(1, 0, "", t->cols, A_NORMAL, 0);
	tui_put(2, 0, "", t->cols, head | (t->color ? 0 : A_UNDERLINE), 0);
	for (int s = 0; s < vm_nsides(vm); s++) {
		int x0 = -1, x1 = 0;

		for (int r = 0; r < VM_NRES; r++) {
			const struct layout_col *k = &ks->layout[VM_FIELD_RES(s, r)];

			if (k->hidden)
				continue;
			if (x0 < 0)
				x0 = k->x;
			x1 = k->x + k->w;
		}
		if (x0 < 0)
			continue;
		vm_side_heading(vm, s, buf, sizeof buf);
		view_kernels_rule(t, x0, x1 - x0, buf, head);
	}
	for (int i = 0; i < NCOLS; i++) {
		const struct layout_col *k = &ks->layout[i];
		char delta[32];
		const char *title = i == VM_FIELD_NAME ? "KERNEL" : i == VM_FIELD_LIBRARY ? "LIBRARY" :
		    i == VM_FIELD_DELTA ? delta : vm_res_column((i - 2) % VM_NRES)->title;

		snprintf(delta, sizeof delta, "%s%s", t->utf8 ? "\xce\x94" : "d",
		    vm_res_column(vm->delta_res)->title);

		if (k->hidden)
			continue;
		if (i == vm->sort_field)
			snprintf(buf, sizeof buf, k->right ? "%s%s" : "%2$s%1$s", t->utf8 ?
			    (vm->sort_desc ? "\xe2\x96\xbc" : "\xe2\x96\xb2") : (vm->sort_desc ? "v" : "^"), title);
		else
			snprintf(buf, sizeof buf, "%s", title);
		tui_put(2, k->x, buf, k->w, head | (t->color ? 0 : A_UNDERLINE) |
		    (i == vm->sort_field ? A_BOLD : 0), k->right);
	}
}

/* src cut to width columns at its end, ellipsis last when cut. */
static void
view_kernels_cut_end(char *dst, size_t size, const char *src, int width, const char *ell)
{
	if (text_width(src) <= width || width < 2) {
		text_cut(dst, size, src, width);
		return;
	}
	text_cut(dst, size, src, width - 1);
	if (strlen(dst) + strlen(ell) < size)
		strcat(dst, ell);
}

/* The parts of a row's name. */
static void
view_kernels_name(const struct tui *t, size_t idx, struct name_cell *nc)
{
	const struct viewmodel *vm = &t->vm;
	const struct vm_row *row = &vm->rows[idx];
	const struct vm_group *g = &vm->groups[row->group];

	nc->pre[0] = nc->post[0] = '\0';
	if (row->inst >= 0) {
		/* An instantiation by what tells it from the others. */
		snprintf(nc->pre, sizeof nc->pre, "    ");
		nc->inst = 1;
		vm_inst_label(vm, (uint32_t)row->inst, nc->body, sizeof nc->body);
	} else {
		if (g->ninst > 1) {
			snprintf(nc->pre, sizeof nc->pre, "%s ", g->expanded ? (t->utf8 ? "\xe2\x96\xbe" : "-") :
			    (t->utf8 ? "\xe2\x96\xb8" : "+"));
			snprintf(nc->post, sizeof nc->post, " [%u]", g->ninst);
		} else
			snprintf(nc->pre, sizeof nc->pre, "  ");
		snprintf(nc->body, sizeof nc->body, "%s", g->collapsed);
		if (g->kind != FUNC_ENTRY)
			snprintf(nc->post + strlen(nc->post), sizeof nc->post - strlen(nc->post), " (device)");
	}
}

/* What each of n texts keeps when elided (from[i], to[i]: byte offsets,
 * from == to when nothing): the part that differs from the nearest text
 * above and below it of its kind (kind[i]) with another value, so that
 * rows alike but in the middle stay apart.  Texts equal to their
 * neighbours' tell nothing there and are passed over. */
static void
view_kernels_keep(const char *const *text, const int *kind, size_t n, size_t *from_out,
    size_t *to_out)
{
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(text[i]), from = len, to = 0;
		int any = 0;

		for (int d = -1; d <= 1; d += 2) {
			size_t j = i, p, s;

			for (;;) {
				if ((d < 0 && j == 0) || (d > 0 && j + 1 >= n)) {
					j = n;
					break;
				}
				j = d < 0 ? j - 1 : j + 1;
				if (kind[i] == kind[j] && strcmp(text[i], text[j]) != 0)
					break;
			}
			if (j == n)
				continue;
			elide_shared(text[i], text[j], &p, &s);
			/* Texts apart at their start or end show apart anyway. */
			if (p < NAME_ALIKE && s < NAME_ALIKE)
				continue;
			if (p < from)
				from = p;
			if (len - s > to)
				to = len - s;
			any = 1;
		}
		/* Whole words: "256", not "25" and a mark. */
		while (any && from > 0 && from < to && isalnum((unsigned char)text[i][from - 1]))
			from--;
		while (any && to < len && isalnum((unsigned char)text[i][to]))
			to++;
		from_out[i] = to_out[i] = len;
		if (any && from < to) {
			from_out[i] = from;
			to_out[i] = to;
		}
	}
}

/* What the names and the library cells of the rows shown keep. */
static void
view_kernels_keep_all(const struct tui *t, struct name_cell *nc, size_t shown)
{
	const struct viewmodel *vm = &t->vm;
	const char **names = xcalloc(shown + 1, sizeof *names), **libs = xcalloc(shown + 1, sizeof *libs);
	int *kinds = xcalloc(shown + 1, sizeof *kinds), *none = xcalloc(shown + 1, sizeof *none);
	size_t *from = xcalloc(shown + 1, sizeof *from), *to = xcalloc(shown + 1, sizeof *to);

	for (size_t i = 0; i < shown; i++) {
		names[i] = nc[i].body;
		kinds[i] = nc[i].inst;
		vm_library_label(&vm->groups[vm->rows[vm->top + i].group], nc[i].lib, sizeof nc[i].lib);
		libs[i] = nc[i].lib;
	}
	view_kernels_keep(names, kinds, shown, from, to);
	for (size_t i = 0; i < shown; i++) {
		nc[i].keep_from = from[i];
		nc[i].keep_to = to[i];
	}
	view_kernels_keep(libs, none, shown, from, to);
	for (size_t i = 0; i < shown; i++) {
		nc[i].lib_from = from[i];
		nc[i].lib_to = to[i];
	}
	free(names);
	free(libs);
	free(kinds);
	free(none);
	free(from);
	free(to);
}

/* The name cell, width columns: scrolled left columns when names are
 * scrolled sideways (whole, a mark where cut), else elided. */
static void
view_kernels_name_fit(char *cell, size_t size, const struct name_cell *nc, int width, int left,
    const char *ell)
{
	char whole[1200], body[1024];
	int wpre = text_width(nc->pre), wpost = text_width(nc->post), room = width - wpre - wpost;

	if (left > 0) {
		char skip[1200];
		int lw = text_width(ell);

		snprintf(whole, sizeof whole, "%s%s%s", nc->pre, nc->body, nc->post);
		text_cut(skip, sizeof skip, whole, left + lw);
		snprintf(cell, size, "%s", ell);
		view_kernels_cut_end(cell + strlen(cell), size - strlen(cell), whole + strlen(skip),
		    width - lw, ell);
		return;
	}
	if (room < 8 || nc->inst) {
		/* An instantiation: its label cut at the end, the arguments
		 * that differ first (vm_label.h), the rest as far as they go. */
		snprintf(whole, sizeof whole, "%s%s%s", nc->pre, nc->body, nc->post);
		if (nc->inst) {
			view_kernels_cut_end(cell, size, whole, width, ell);
			return;
		}
		text_fit(cell, size, whole, width, ell);
		return;
	}
	elide_keep(body, sizeof body, nc->body, room, ell, nc->keep_from, nc->keep_to);
	snprintf(cell, size, "%s%s%s", nc->pre, body, nc->post);
}

static void
view_kernels_row(struct tui *t, int y, size_t idx, const struct name_cell *nc)
{
	struct kernels_state *ks = t->state[VIEW_KERNELS];
	const struct viewmodel *vm = &t->vm;
	const struct vm_row *row = &vm->rows[idx];
	attr_t base = idx == vm->sel ? A_REVERSE : A_NORMAL;
	const char *ell = t->utf8 ? "\xe2\x80\xa6" : "~";
	const struct layout_col *k;
	char cell[1024];

	tui_put(y, 0, "", t->cols, base, 0);
	k = &ks->layout[VM_FIELD_NAME];
	view_kernels_name_fit(cell, sizeof cell, nc, k->w, ks->name_left, ell);
	tui_put(y, k->x, cell, k->w, base, 0);
	if (t->search[0] && vm_row_matches(vm, row, t->search))
		tui_put_match(t, y, k->x, cell, k->w, t->search, idx == vm->sel);
	k = &ks->layout[VM_FIELD_LIBRARY];
	if (!k->hidden) {
		elide_keep(cell, sizeof cell, nc->lib, k->w, ell, nc->lib_from, nc->lib_to);
		tui_put(y, k->x, cell, k->w, base | tui_attr(t, TB_DIM), 0);
		if (t->search[0] && row->inst < 0)
			tui_put_match(t, y, k->x, cell, k->w, t->search, idx == vm->sel);
	}
	for (int s = 0; s < vm_nsides(vm); s++)
		for (int r = 0; r < VM_NRES; r++) {
			int32_t v = vm_row_value(vm, row, s, r);
			attr_t a = base;

			k = &ks->layout[VM_FIELD_RES(s, r)];
			if (k->hidden)
				continue;
			if (vm_row_differs(vm, row, r))
				a |= t->color ? (attr_t)COLOR_PAIR(TUI_PAIR_DIFF) | A_BOLD : A_BOLD | A_UNDERLINE;
			else if (v > 0)
				a |= tui_attr(t, ks->res_class[r]);
			view_kernels_value(cell, sizeof cell, v);
			tui_put(y, k->x, cell, k->w, a, 1);
		}
	k = &ks->layout[VM_FIELD_DELTA];
	if (!k->hidden) {
		int only;
		int32_t d = vm_row_delta(vm, row, &only);
		attr_t a = base;

		/* A row of one side only is said here, once. */
		if (only != VM_BOTH) {
			snprintf(cell, sizeof cell, "only %s", vm_side_label(vm, only == VM_ONLY_A ? 0 : 1));
			a |= tui_attr(t, TB_DIM);
		} else if (d == INT32_MIN)
			snprintf(cell, sizeof cell, "?");
		else {
			snprintf(cell, sizeof cell, d ? "%+ld" : "0", (long)d);
			if (d != 0)
				a |= t->color ? (attr_t)COLOR_PAIR(TUI_PAIR_DIFF) | A_BOLD : A_BOLD;
		}
		tui_put(y, k->x, cell, k->w, a, 1);
	}
}

void
view_kernels_draw(struct tui *t, const struct view_ops *self)
{
	struct kernels_state *ks = t->state[VIEW_KERNELS];
	struct viewmodel *vm = &t->vm;
	int h = view_kernels_height(t);
	char left[512], right[64], sort[64];
	size_t n, nr, shown = 0;
	struct name_cell *nc;
	int widest = 0;

	(void)self;
	vm_set_height(vm, h);
	view_kernels_layout(t);
	view_kernels_headers(t);
	nc = xcalloc((size_t)h, sizeof *nc);
	while (shown < (size_t)h && vm->top + shown < vm->nrows) {
		view_kernels_name(t, vm->top + shown, &nc[shown]);
		n = (size_t)text_width(nc[shown].pre) + (size_t)text_width(nc[shown].body) +
		    (size_t)text_width(nc[shown].post);
		if ((int)n > widest)
			widest = (int)n;
		shown++;
	}
	view_kernels_keep_all(t, nc, shown);
	/* Scrolled no further than the widest name shown needs. */
	if (ks->name_left > widest - ks->layout[VM_FIELD_NAME].w + 1)
		ks->name_left = widest - ks->layout[VM_FIELD_NAME].w + 1 > 0 ?
		    widest - ks->layout[VM_FIELD_NAME].w + 1 : 0;
	for (int y = 0; y < h; y++) {
		size_t idx = vm->top + (size_t)y;

		if (idx < vm->nrows)
			view_kernels_row(t, TABLE_Y + y, idx, &nc[y]);
		else
			tui_put(TABLE_Y + y, 0, "", t->cols, A_NORMAL, 0);
	}
	free(nc);
	if (vm->nrows == 0)
		tui_put(TABLE_Y, 2, vm->ngroups ? "No kernel matches the filters (Esc clears them)."
		    : "No CUDA kernel found under the paths given.", t->cols - 2, tui_attr(t, TB_DIM), 0);

	vm_field_label(vm, vm->sort_field, sort, sizeof sort);
	n = (size_t)snprintf(left, sizeof left, " %zu of %zu kernels  sort: %s %s", vm->nshown,
	    ks->nkernels, sort, vm->sort_desc ? "desc" : "asc");
	if (vm_nsides(vm) == 2 && n < sizeof left)
		n += (size_t)snprintf(left + n, sizeof left - n, "  compare: %s vs %s",
		    vm_side_label(vm, 0), vm_side_label(vm, 1));
	else if (vm->arch_a >= 0 && n < sizeof left)
		n += (size_t)snprintf(left + n, sizeof left - n, "  arch: %s", vm_side_label(vm, 0));
	if (vm->ns_filter[0] && n < sizeof left)
		n += (size_t)snprintf(left + n, sizeof left - n, "  ns: %s", vm->ns_filter);
	if (vm->lib_filter[0] && n < sizeof left)
		n += (size_t)snprintf(left + n, sizeof left - n, "  library: %s", vm->lib_filter);
	if (vm->filter[0] && n < sizeof left)
		n += (size_t)snprintf(left + n, sizeof left - n, "  filter: %s", vm->filter);
	if (t->search[0] && n < sizeof left)
		n += (size_t)snprintf(left + n, sizeof left - n, "  search: %s", t->search);
	if (vm->show_device && n < sizeof left)
		snprintf(left + n, sizeof left - n, "  +device");
	nr = (size_t)snprintf(right, sizeof right, "%zu/%zu", vm->nrows ? vm->sel + 1 : 0, vm->nrows);
	if (t->search[0]) {
		const struct vm_row *r = vm_selected(vm);
		size_t at, total = vm_search_count(vm, t->search, vm->sel, &at);

		if (r != NULL && vm_row_matches(vm, r, t->search))
			snprintf(right + nr, sizeof right - nr, "  match %zu of %zu", at, total);
		else
			snprintf(right + nr, sizeof right - nr, "  %zu match%s", total, total == 1 ? "" : "es");
	}
	tui_draw_status(t, left, right);
}

static void
view_kernels_search_changed(struct tui *t, const char *text)
{
	long r = vm_search(&t->vm, text, t->vm.sel, 1, 1);

	snprintf(t->search, sizeof t->search, "%s", text);
	if (r >= 0)
		vm_select(&t->vm, (size_t)r);
}

static void
view_kernels_filter_changed(struct tui *t, const char *text)
{
	vm_set_filter(&t->vm, text);
}

static void
view_kernels_lib_changed(struct tui *t, const char *text)
{
	vm_set_lib_filter(&t->vm, text);
}

/* Tab in the library prompt: the next library (after the one whose path
 * the text is) holding the text, by path. */
static int
view_kernels_lib_complete(struct tui *t, char *buf, size_t size)
{
	const struct viewmodel *vm = &t->vm;
	const char *best = NULL, *first = NULL;

	for (size_t g = 0; g < vm->ngroups; g++) {
		const char *l = vm->groups[g].library;

		if (first == NULL || strcmp(l, first) < 0)
			first = l;
		if (strcmp(l, buf) > 0 && (best == NULL || strcmp(l, best) < 0))
			best = l;
	}
	if (best == NULL)
		best = first;
	if (best == NULL)
		return 0;
	snprintf(buf, size, "%s", best);
	return 1;
}

static void
view_kernels_ns_changed(struct tui *t, const char *text)
{
	vm_set_namespace(&t->vm, text);
}

/* Tab in the namespace prompt: the next namespace starting with the text. */
static int
view_kernels_ns_complete(struct tui *t, char *buf, size_t size)
{
	const struct viewmodel *vm = &t->vm;
	size_t n = strlen(buf);

	for (size_t i = 0; i < vm->nnamespaces; i++)
		if (vm->namespaces[i][0] && strncmp(vm->namespaces[i], buf, n) == 0 &&
		    strcmp(vm->namespaces[i], buf) != 0) {
			snprintf(buf, size, "%s", vm->namespaces[i]);
			return 1;
		}
	return 0;
}

static void
view_kernels_search_step(struct tui *t, int dir)
{
	long r;

	if (t->search[0] == '\0') {
		snprintf(t->msg, sizeof t->msg, "No search yet: press / to search");
		return;
	}
	r = vm_search(&t->vm, t->search, t->vm.sel, dir, 0);
	if (r < 0)
		snprintf(t->msg, sizeof t->msg, "Pattern not found: %s", t->search);
	else {
		/* Going round the end is said, as less and vim say it. */
		if (dir > 0 ? (size_t)r <= t->vm.sel : (size_t)r >= t->vm.sel)
			snprintf(t->msg, sizeof t->msg, " search hit %s, continuing at %s: %.100s",
			    dir > 0 ? "BOTTOM" : "TOP", dir > 0 ? "TOP" : "BOTTOM", t->search);
		vm_select(&t->vm, (size_t)r);
	}
}

/*
 * A prompt that starts from value and applies each edit as it is typed
 * (changed); cancelled, changed puts the value it started from back.
 */
static void
view_kernels_edit_live(struct tui *t, const char *label, const char *value,
    void (*changed)(struct tui *, const char *), int (*complete)(struct tui *, char *, size_t))
{
	char buf[128], old[128];

	snprintf(old, sizeof old, "%s", value);
	snprintf(buf, sizeof buf, "%s", value);
	if (!tui_prompt(t, label, buf, sizeof buf, changed, complete))
		changed(t, old);
}

/* The table's own actions; any other is returned for tui.c. */
int
view_kernels_key(struct tui *t, int act, int key)
{
	struct viewmodel *vm = &t->vm;
	int h = view_kernels_height(t);
	char buf[128], old[128];
	size_t oldsel = vm->sel;

	switch (act) {
	case ACT_UP:		vm_move(vm, -1); break;
	case ACT_DOWN:		vm_move(vm, 1); break;
	case ACT_PAGE_UP:	vm_move(vm, -h); break;
	case ACT_PAGE_DOWN:	vm_move(vm, h); break;
	case ACT_HOME:		vm_select(vm, 0); break;
	case ACT_END:		vm_select(vm, vm->nrows ? vm->nrows - 1 : 0); break;
	case ACT_EXPAND:	vm_expand(vm, 1); break;
	case ACT_COLLAPSE:	vm_expand(vm, 0); break;
	case ACT_TOGGLE:	vm_expand(vm, -1); break;
	case ACT_EXPAND_ALL: {
		int any = 0;

		for (size_t g = 0; g < vm->ngroups && !any; g++)
			any = vm->groups[g].expanded;
		vm_expand_all(vm, !any);
		break;
	}
	case ACT_NAME_LEFT:
	case ACT_NAME_RIGHT: {
		struct kernels_state *ks = t->state[VIEW_KERNELS];
		int step = ks->layout[VM_FIELD_NAME].w / 2 > 1 ? ks->layout[VM_FIELD_NAME].w / 2 : 1;

		ks->name_left += act == ACT_NAME_RIGHT ? step : -step;
		if (ks->name_left < 0)
			ks->name_left = 0;
		break;
	}
	case ACT_SORT_NEXT:	vm_sort_step(vm, 1); break;
	case ACT_SORT_PREV:	vm_sort_step(vm, -1); break;
	case ACT_SORT_REVERSE:	vm_sort_reverse(vm); break;
	case ACT_ARCH_NEXT:	vm_arch_step(vm, 1); break;
	case ACT_ARCH_PREV:	vm_arch_step(vm, -1); break;
	case ACT_COMPARE_NEXT:
	case ACT_COMPARE_PREV:
		if (vm->narches < 2)
			snprintf(t->msg, sizeof t->msg, "Only one arch: nothing to compare");
		vm_compare_step(vm, act == ACT_COMPARE_NEXT ? 1 : -1);
		break;
	case ACT_COMPARE_OFF:	vm_set_arches(vm, -1, -1); break;	/* back to all arches */
	case ACT_DEVICE:	vm_toggle_device(vm); break;
	case ACT_CLEAR:
		t->search[0] = '\0';
		vm->filter[0] = '\0';
		vm->lib_filter[0] = '\0';
		vm_set_namespace(vm, "");
		break;
	case ACT_NS_NEXT:	vm_namespace_step(vm, 1); break;
	case ACT_NS_PREV:	vm_namespace_step(vm, -1); break;
	case ACT_SEARCH:
		snprintf(old, sizeof old, "%s", t->search);
		buf[0] = '\0';
		if (!tui_prompt(t, "/", buf, sizeof buf, view_kernels_search_changed, NULL)) {
			snprintf(t->search, sizeof t->search, "%s", old);
			vm_select(vm, oldsel);
		} else if (buf[0] && vm_search(vm, buf, vm->sel, 1, 1) < 0)
			snprintf(t->msg, sizeof t->msg, "Pattern not found: %s", buf);
		break;
	case ACT_SEARCH_NEXT:	view_kernels_search_step(t, 1); break;
	case ACT_SEARCH_PREV:	view_kernels_search_step(t, -1); break;
	case ACT_FILTER:
		view_kernels_edit_live(t, "filter: ", vm->filter, view_kernels_filter_changed, NULL);
		break;
	case ACT_LIBRARY:
		view_kernels_edit_live(t, "library: ", vm->lib_filter, view_kernels_lib_changed,
		    view_kernels_lib_complete);
		break;
	case ACT_NAMESPACE:
		view_kernels_edit_live(t, "namespace: ", vm->ns_filter, view_kernels_ns_changed,
		    view_kernels_ns_complete);
		break;
	case ACT_OPEN: {
		const struct vm_row *r = vm_selected(vm);

		if (r == NULL)
			break;
		t->detail_group = r->group;
		t->detail_inst = r->inst;
		return ACT_OPEN;	/* tui.c opens the detail view */
	}
	default:
		return act;
	}
	(void)key;
	return ACT_NONE;
}

/* A click: on a title sorts by that column (again: reverses), on a row
 * selects it; a double click opens it (returns ACT_OPEN for tui.c). */
int
view_kernels_click(struct tui *t, int y, int x, int twice)
{
	struct kernels_state *ks = t->state[VIEW_KERNELS];
	struct viewmodel *vm = &t->vm;

	if (y == 2) {
		for (int i = 0; i < NCOLS; i++) {
			const struct layout_col *k = &ks->layout[i];

			if (!k->hidden && x >= k->x && x < k->x + k->w) {
				if (i == vm->sort_field)
					vm_sort_reverse(vm);
				else
					vm_set_sort(vm, i);
			}
		}
		return ACT_NONE;
	}
	if (y < TABLE_Y || y >= TABLE_Y + view_kernels_height(t) || vm->top + (size_t)(y - TABLE_Y) >= vm->nrows)
		return ACT_NONE;
	vm_select(vm, vm->top + (size_t)(y - TABLE_Y));
	return twice ? view_kernels_key(t, ACT_OPEN, 0) : ACT_NONE;
}
