/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "vm_label.h"

static uint64_t
vm_label_bit(size_t p)
{
	return (uint64_t)1 << (p < VM_LABEL_MAXARGS - 1 ? p : VM_LABEL_MAXARGS - 1);
}

/* From close (a closing bracket c) back to its opener o, counting the
 * parentheses inside as one level; returns close when none matches. */
static size_t
vm_label_match_back(const char *s, size_t close, char o, char c)
{
	int depth = 0, paren = 0;

	for (size_t i = close + 1; i-- > 0;) {
		if (s[i] == ')' && o != '(')
			paren++;
		else if (s[i] == '(' && o != '(' && paren > 0)
			paren--;
		else if (paren > 0)
			continue;
		else if (s[i] == c)
			depth++;
		else if (s[i] == o && --depth == 0)
			return i;
	}
	return close;
}

void
vm_label_split(const char *name, struct vm_split *sp)
{
	size_t n = strlen(name), e, i;
	const char *rp = strrchr(name, ')');
	int depth = 0;

	memset(sp, 0, sizeof *sp);
	sp->len = n;
	sp->params_open = sp->params_close = n;
	if (rp != NULL) {
		size_t o = vm_label_match_back(name, (size_t)(rp - name), '(', ')');

		if (o != (size_t)(rp - name) && o > 0) {
			sp->params_open = o;
			sp->params_close = (size_t)(rp - name);
		}
	}
	e = sp->params_open;
	while (e > 0 && name[e - 1] == ' ')
		e--;
	sp->targs_open = sp->targs_close = e;
	if (e > 0 && name[e - 1] == '>') {
		size_t o = vm_label_match_back(name, e - 1, '<', '>');

		if (o != e - 1) {
			sp->targs_open = o;
			sp->targs_close = e - 1;
		}
	}
	/* The qualified name starts after the last blank outside brackets. */
	for (i = sp->targs_open; i-- > 0;) {
		if (name[i] == '>' || name[i] == ')')
			depth++;
		else if ((name[i] == '<' || name[i] == '(') && depth > 0)
			depth--;
		else if (name[i] == ' ' && depth == 0)
			break;
	}
	sp->name_start = i == (size_t)-1 ? 0 : i + 1;
}

size_t
vm_label_args(const char *name, const struct vm_split *sp, size_t *start, size_t *len, size_t max)
{
	size_t n = 0, from;
	int depth = 0;

	if (sp->targs_close <= sp->targs_open)
		return 0;
	from = sp->targs_open + 1;
	for (size_t i = from; i <= sp->targs_close; i++) {
		char c = name[i];

		if (i < sp->targs_close && (c == '<' || c == '(' || c == '[' || c == '{'))
			depth++;
		else if (i < sp->targs_close && (c == '>' || c == ')' || c == ']' || c == '}'))
			depth--;
		else if (i == sp->targs_close || (c == ',' && depth == 0)) {
			while (from < i && name[from] == ' ')
				from++;
			if (n < max) {
				start[n] = from;
				len[n] = i - from;
			}
			n++;
			from = i + 1;
		}
	}
	return n == 1 && len[0] == 0 ? 0 : n;
}

uint64_t
vm_label_diff(const char *a, const char *b)
{
	struct vm_split sa, sb;
	size_t as[VM_LABEL_MAXARGS], al[VM_LABEL_MAXARGS], bs[VM_LABEL_MAXARGS], bl[VM_LABEL_MAXARGS];
	size_t na, nb, n;
	uint64_t d = 0;

	vm_label_split(a, &sa);
	vm_label_split(b, &sb);
	na = vm_label_args(a, &sa, as, al, VM_LABEL_MAXARGS);
	nb = vm_label_args(b, &sb, bs, bl, VM_LABEL_MAXARGS);
	n = na > nb ? na : nb;
	for (size_t p = 0; p < n; p++)
		if (p >= na || p >= nb || p >= VM_LABEL_MAXARGS || al[p] != bl[p] ||
		    memcmp(a + as[p], b + bs[p], al[p]) != 0)
			d |= vm_label_bit(p);
	return d;
}

/* Appends len bytes of s; keeps buf terminated. */
static void
vm_label_put(char *buf, size_t size, size_t *at, const char *s, size_t len)
{
	if (*at + 1 >= size)
		return;
	if (len > size - *at - 1)
		len = size - *at - 1;
	memcpy(buf + *at, s, len);
	*at += len;
	buf[*at] = '\0';
}

static void
vm_label_targs(const char *name, const struct vm_split *sp, uint64_t diff, char *buf, size_t size,
    size_t *at)
{
	size_t st[VM_LABEL_MAXARGS], ln[VM_LABEL_MAXARGS];
	size_t n = vm_label_args(name, sp, st, ln, VM_LABEL_MAXARGS), put = 0;

	if (n > VM_LABEL_MAXARGS)
		n = VM_LABEL_MAXARGS;
	if (n == 0)
		return;
	vm_label_put(buf, size, at, "<", 1);
	/* The differing arguments, then (after a bar) the rest. */
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1 && put > 0 && put < n)
			vm_label_put(buf, size, at, " | ", 3);
		for (size_t p = 0, first = 1; p < n; p++) {
			if (((diff & vm_label_bit(p)) != 0) != (pass == 0))
				continue;
			if (!first)
				vm_label_put(buf, size, at, ", ", 2);
			vm_label_put(buf, size, at, name + st[p], ln[p]);
			first = 0;
			put++;
		}
	}
	vm_label_put(buf, size, at, ">", 1);
}

void
vm_label_format(const char *name, uint64_t diff, char *buf, size_t size)
{
	struct vm_split sp;
	size_t at = 0, rl;
	int targs_differ;

	if (size == 0)
		return;
	buf[0] = '\0';
	vm_label_split(name, &sp);
	targs_differ = diff != 0 && sp.targs_close > sp.targs_open;
	if (targs_differ)
		vm_label_targs(name, &sp, diff, buf, size, &at);
	if (sp.params_open < sp.len) {
		if (at > 0)
			vm_label_put(buf, size, &at, " ", 1);
		vm_label_put(buf, size, &at, name + sp.params_open, sp.len - sp.params_open);
	}
	if (!targs_differ && sp.targs_close > sp.targs_open) {
		if (at > 0)
			vm_label_put(buf, size, &at, " ", 1);
		vm_label_targs(name, &sp, 0, buf, size, &at);
	}
	rl = sp.name_start;
	while (rl > 0 && name[rl - 1] == ' ')
		rl--;
	if (rl > 0 && !(rl == 4 && memcmp(name, "void", 4) == 0)) {
		vm_label_put(buf, size, &at, " -> ", 4);
		vm_label_put(buf, size, &at, name, rl);
	}
	if (at == 0)	/* nothing to tell it by: the whole name */
		vm_label_put(buf, size, &at, name, sp.len);
}
