/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "copies.h"
#include "view_detail.h"

/* Columns that are nearly always zero: the first to give way to the
 * spills on a narrow screen, when zero on every arch of the kernel. */
static int
view_detail_rare(const struct column *c)
{
	return c == &columns[COL_TEXTURE] || c == &columns[COL_SURFACE] || c == &columns[COL_SAMPLER];
}

/* Whether column c is one of the per-arch table: the numbers and the
 * constant banks, in --list's order (as cuobjdump prints them). */
static int
view_detail_in_table(const struct column *c, int skip_rare)
{
	return c->kind != COLUMN_TEXT && !(skip_rare && view_detail_rare(c));
}

/* A column's width: numbers at 6, the banks as wide as the widest. */
static int
view_detail_width(const struct column *c, int constw)
{
	return c->kind == COLUMN_BANKS ? -constw : 6;
}

static size_t
view_detail_header(char *buf, size_t size, int constw, int skip_rare)
{
	size_t n = (size_t)snprintf(buf, size, "  %-8s", "arch");

	for (size_t c = 0; c < NCOLUMNS && n < size; c++)
		if (view_detail_in_table(&columns[c], skip_rare))
			n += (size_t)snprintf(buf + n, size - n, " %*s",
			    view_detail_width(&columns[c], constw), columns[c].title);
	if (n < size)
		n += (size_t)snprintf(buf + n, size - n, "  object");
	return n;
}

static void
view_detail_arch_row(struct textbuf *tb, const struct viewmodel *vm, const struct func_rec *f,
    const char *arch, int constw, int skip_rare)
{
	const struct image_rec *img = model_func_image(vm->m, f);
	char buf[512];
	size_t n = (size_t)snprintf(buf, sizeof buf, "  %-8s", arch);
	int cls = TB_NORMAL;

	for (size_t c = 0; c < NCOLUMNS && n < sizeof buf; c++) {
		const struct column *col = &columns[c];
		int w = view_detail_width(col, constw);
		int32_t v;
		const char *text;

		if (!view_detail_in_table(col, skip_rare))
			continue;
		if (col->kind == COLUMN_NUMBER && (v = column_value(col, f)) >= 0) {
			n += (size_t)snprintf(buf + n, sizeof buf - n, " %*ld", w, (long)v);
			continue;
		}
		/* The row is an arch the kernel is compiled for: what has no
		 * value here is not known (the legend's '?'), never '-'. */
		text = col->kind == COLUMN_NUMBER ? "" : column_text(col, img, f);
		n += (size_t)snprintf(buf + n, sizeof buf - n, " %*s", w, text[0] ? text : "?");
	}
	if (n < sizeof buf)
		snprintf(buf + n, sizeof buf - n, "  %s%s%s%s%s", img->member[0] ? img->member :
		    (strrchr(img->library, '/') ? strrchr(img->library, '/') + 1 : img->library),
		    img->toolkit[0] ? "  CUDA " : "", img->toolkit,
		    img->producer[0] ? " " : "", img->producer);
	if (func_spills(f))
		cls = TB_BAD;
	else if (func_framed(f))
		cls = TB_WARN;
	tb_add(tb, cls, "%s", buf);
}

/* The kernel's visibility: the one value of its entries, or each value
 * with how many (instantiation, sm) entries have it; unlisted explained,
 * as the man page does. */
static void
view_detail_visibility(struct textbuf *tb, const struct viewmodel *vm, const struct vm_group *gr)
{
	const struct column *col = &columns[COL_VISIBILITY];
	size_t count[NVISIBILITIES] = { 0 }, na = vm->narches, n = 0, kinds = 0;
	int unlisted = 0;
	char buf[256];

	for (uint32_t i = gr->inst0; i < gr->inst0 + gr->ninst; i++)
		for (size_t a = 0; a < na; a++) {
			int32_t fi = vm->funcs[i * na + a];

			if (fi >= 0)
				count[vm->m->funcs[fi].visibility % NVISIBILITIES]++;
		}
	for (int v = 0; v < NVISIBILITIES; v++)
		kinds += count[v] > 0;
	buf[0] = '\0';
	for (int v = 0; v < NVISIBILITIES && n < sizeof buf; v++) {
		struct func_rec f = { .visibility = (uint8_t)v };

		if (count[v] == 0)
			continue;
		unlisted |= v & VIS_UNLISTED;
		n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", n ? ", " : "",
		    column_text(col, NULL, &f));
		if (kinds > 1 && n < sizeof buf)
			n += (size_t)snprintf(buf + n, sizeof buf - n, " (%zu %s)", count[v],
			    count[v] == 1 ? "entry" : "entries");
	}
	if (kinds > 0)
		tb_add(tb, TB_NORMAL, "  %-10s %s%s", col->name, buf,
		    unlisted ? " (cuobjdump does not list it)" : "");
}

/* The kernel's code bytes: the sum over its instantiations and arches,
 * as the table's CODE column has it for every arch. */
static void
view_detail_code(struct textbuf *tb, const struct viewmodel *vm, uint32_t g)
{
	int code = columns[COL_CODE_BYTES].tui - 1;
	int32_t v = vm_group_value(vm, g, vm->narches, code);
	size_t arches = 0;

	for (size_t a = 0; a < vm->narches; a++)
		arches += vm_group_value(vm, g, a, code) != VM_ABSENT;
	if (v >= 0)
		tb_add(tb, TB_NORMAL, "  %-10s %ld bytes of SASS, the sum over %u instantiation%s on %zu arch%s",
		    columns[COL_CODE_BYTES].name, (long)v, vm->groups[g].ninst,
		    vm->groups[g].ninst == 1 ? "" : "s", arches, arches == 1 ? "" : "es");
	else if (v == UNKNOWN)
		tb_add(tb, TB_NORMAL, "  %-10s ? (not known for every instantiation)",
		    columns[COL_CODE_BYTES].name);
}

/* The table's width with every column (the object's name not counted). */
static int
view_detail_table_width(void)
{
	int w = 10, constw = 5;

	for (size_t c = 0; c < NCOLUMNS; c++)
		if (columns[c].kind != COLUMN_TEXT)
			w += 1 + (columns[c].kind == COLUMN_BANKS ? constw : 6);
	return w;
}

/* Whether TEX, SURF and SAMP are 0 for every instantiation on every arch. */
static int
view_detail_rare_zero(const struct viewmodel *vm, const struct vm_group *gr)
{
	size_t na = vm->narches;

	for (uint32_t i = gr->inst0; i < gr->inst0 + gr->ninst; i++)
		for (size_t a = 0; a < na; a++) {
			int32_t fi = vm->funcs[i * na + a];

			if (fi < 0)
				continue;
			for (size_t c = 0; c < NCOLUMNS; c++)
				if (view_detail_rare(&columns[c]) && column_value(&columns[c], &vm->m->funcs[fi]) != 0)
					return 0;
		}
	return 1;
}

/* Where else the kernel is (copies.h: the same kernel in a separable
 * build's objects, archives and device-link objects), from its first
 * function that has copies. */
static void
view_detail_copies(struct textbuf *tb, const struct viewmodel *vm, const struct vm_group *gr)
{
	size_t na = vm->narches;
	char also[512];

	for (uint32_t i = gr->inst0; i < gr->inst0 + gr->ninst; i++)
		for (size_t a = 0; a < na; a++) {
			int32_t fi = vm->funcs[i * na + a];

			if (fi < 0 || copies_first(vm->m, (size_t)fi) == COPY_NONE)
				continue;
			tb_add(tb, TB_NORMAL, "  also in    %s",
			    copies_where(vm->m, (size_t)fi, 0, also, sizeof also));
			return;
		}
}

size_t
view_detail_text(struct textbuf *tb, const struct viewmodel *vm, uint32_t g, int32_t focus, int width)
{
	const struct vm_group *gr = &vm->groups[g];
	size_t focus_line = 0, na = vm->narches;
	char head[512], arches[256];
	size_t an = 0;
	int skip_rare = width < view_detail_table_width() && view_detail_rare_zero(vm, gr);

	arches[0] = '\0';
	for (size_t a = 0; a < na; a++)
		if (vm_group_value(vm, g, a, 0) != VM_ABSENT && an < sizeof arches)
			an += (size_t)snprintf(arches + an, sizeof arches - an, "%s%s",
			    an ? " " : "", vm->arches[a]);
	tb_wrap(tb, TB_HEADING, "", gr->collapsed, width);
	tb_add(tb, TB_NORMAL, "  library    %s", gr->library);
	view_detail_copies(tb, vm, gr);
	tb_add(tb, TB_NORMAL, "  namespace  %s", gr->ns[0] ? gr->ns : "(global)");
	tb_add(tb, TB_NORMAL, "  kind       %s", gr->kind == FUNC_ENTRY ? "kernel (__global__)" : "device function");
	tb_add(tb, TB_NORMAL, "  arches     %s", arches);
	view_detail_visibility(tb, vm, gr);
	view_detail_code(tb, vm, g);
	if (skip_rare)
		tb_add(tb, TB_DIM, "  TEX SURF SAMP are 0 on every arch: left out for width "
		    "(Right scrolls; a wider screen shows them)");
	tb_add(tb, TB_NORMAL, "  %u instantiation%s", gr->ninst, gr->ninst == 1 ? "" : "s");
	for (uint32_t j = 0; j < gr->ninst; j++) {
		uint32_t i = vm->iorder[gr->inst0 + j];
		const struct vm_inst *in = &vm->insts[i];
		int constw = 5;

		for (size_t a = 0; a < na; a++) {
			int32_t fi = vm->funcs[i * na + a];
			int w;

			if (fi >= 0 && (w = (int)strlen(vm->m->funcs[fi].constant)) > constw)
				constw = w;
		}
		tb_add(tb, TB_NORMAL, "%s", "");
		if ((int32_t)i == focus)
			focus_line = tb->n;
		tb_add(tb, TB_HEADING, "Instantiation %u of %u", j + 1, gr->ninst);
		tb_wrap(tb, TB_NORMAL, "  ", in->name, width);
		tb_wrap(tb, TB_DIM, "  ", in->mangled, width);
		view_detail_header(head, sizeof head, constw, skip_rare);
		tb_add(tb, TB_DIM, "%s", head);
		for (size_t a = 0; a < na; a++) {
			int32_t fi = vm->funcs[i * na + a];

			if (fi >= 0)
				view_detail_arch_row(tb, vm, &vm->m->funcs[fi], vm->arches[a], constw, skip_rare);
		}
	}
	return focus_line;
}
