/* SPDX-License-Identifier: MIT */
/*
 * Every key the browser knows, in one table (tig's requests, htop's
 * actions): the dispatcher looks keys up in it and the help screen is
 * printed from it, so the two cannot disagree.
 */
#ifndef SPILLWAY_KEYS_H
#define SPILLWAY_KEYS_H

#include <stddef.h>

#include "textbuf.h"

enum action {
	ACT_NONE,
	ACT_QUIT, ACT_CLOSE, ACT_HELP, ACT_REDRAW,
	ACT_UP, ACT_DOWN, ACT_PAGE_UP, ACT_PAGE_DOWN, ACT_HOME, ACT_END,
	ACT_OPEN, ACT_EXPAND, ACT_COLLAPSE, ACT_TOGGLE, ACT_EXPAND_ALL,
	ACT_SORT_NEXT, ACT_SORT_PREV, ACT_SORT_REVERSE,
	ACT_ARCH_NEXT, ACT_ARCH_PREV, ACT_COMPARE_NEXT, ACT_COMPARE_PREV, ACT_COMPARE_OFF,
	ACT_SEARCH, ACT_SEARCH_NEXT, ACT_SEARCH_PREV,
	ACT_FILTER, ACT_NAMESPACE, ACT_NS_NEXT, ACT_NS_PREV, ACT_CLEAR, ACT_DEVICE,
	ACT_VIEW_NEXT, ACT_VIEW_PREV, ACT_VIEW_N,
	ACT_SCROLL_LEFT, ACT_SCROLL_RIGHT, ACT_LIBRARY, ACT_NAME_LEFT, ACT_NAME_RIGHT,
	ACT_SHOW_KERNELS,	/* not a key: a view asks for the kernel table */
};

/* Where a binding applies: each view has some of these bits. */
#define KEYS_TABLE	0x1	/* the kernel table */
#define KEYS_PAGER	0x2	/* the text views: detail, build, check, help */
#define KEYS_TAB	0x4	/* a top-level view (Tab cycles them) */
#define KEYS_SUB	0x8	/* a view opened over another (detail, help) */
#define KEYS_ALL	0xf

struct key_binding {
	int		 action;
	unsigned	 where;
	const char	*help;
	int		 keys[10];	/* 0-terminated */
};

extern const struct key_binding key_bindings[];
extern const size_t nkey_bindings;

/* The action key has in a view whose bits are where; ACT_NONE if none. */
int	keys_lookup(int key, unsigned where);
/* A key's name as the help shows it: "k", "Up", "PgDn", "^L", "Enter". */
void	keys_name(int key, char *buf, size_t size);
/* The help screen, width columns wide; tabs: the names of the top-level
 * views shown, in the top line's order (their numbers). */
void	keys_help(struct textbuf *, const char *const *tabs, size_t ntabs, int width);

#endif
