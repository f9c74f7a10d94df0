/* SPDX-License-Identifier: MIT */
/*
 * The browser's insides, shared by tui*.c and the views that draw
 * (view_kernels.c, view_libs.c, view_size.c): the state, the shape of a view
 * and the drawing helpers.  Only these files include curses.
 */
#ifndef SPILLWAY_TUI_INT_H
#define SPILLWAY_TUI_INT_H

#include <curses.h>
#include <stdint.h>

#include "judge_build.h"
#include "keys.h"
#include "model.h"
#include "textbuf.h"
#include "verdict.h"
#include "vm_rows.h"

/* Colour pairs, and the classes of textbuf.h mapped onto them. */
enum tui_pair { TUI_PAIR_BAR = 1, TUI_PAIR_HEAD, TUI_PAIR_BAD, TUI_PAIR_WARN,
	TUI_PAIR_GOOD, TUI_PAIR_DIM, TUI_PAIR_DIFF, TUI_PAIR_MATCH, TUI_PAIR_CURMATCH };

struct tui;

/* The views; the first is the one the browser opens on. */
enum view_id {
	VIEW_KERNELS, VIEW_BUILD, VIEW_CHECK, VIEW_DIFF, VIEW_MESSAGES, VIEW_LIBRARIES,	/* top level: Tab cycles them */
	VIEW_SIZE,						/* top level (view_size.c) */
	VIEW_DETAIL, VIEW_HELP,				/* opened over another */
	VIEW_COUNT
};

/*
 * What a view does (tig's view_ops).  key and click take an action and
 * return what they leave undone, ACT_NONE when nothing: tui.c alone
 * quits, closes, opens and switches views.  A view that returns ACT_OPEN
 * has set what the detail view shows.  tui.c holds the one table of them
 * (tui_views[], enum-indexed); the others get their own entry as self.
 *
 * Each view keeps what is its own in a struct private to its file (tig's
 * view->private), whose size the file exports (tig's private_size): tui.c
 * allocates it zeroed at t->state[its id] and calls init once the model
 * is there (tui_run); done frees what it holds, and tui.c the struct
 * (tui_close, where it may never have been made).
 */
struct view_ops {
	const char	*name;
	unsigned	 keys;		/* KEYS_* bits: the bindings that apply */
	int		(*available)(const struct tui *);	/* NULL: always */
	void		(*fill)(struct tui *);	/* text views: build the text */
	void		(*draw)(struct tui *, const struct view_ops *self);
	int		(*key)(struct tui *, int act, int key);
	int		(*click)(struct tui *, int y, int x, int twice);	/* NULL: none */
	const size_t	*state_size;	/* its private state's; NULL: none */
	void		(*init)(struct tui *);	/* fills its state; NULL: none */
	void		(*done)(struct tui *);	/* frees what its state holds; NULL: none */
};

struct tui {
	const struct model	*m;
	const struct verdict	*verdict;
	const struct rdoc	*diff;		/* --baseline changes, or NULL */
	const struct diag_list	*diags;		/* the scan's messages, or NULL */
	size_t			 problems;	/* files not read in whole or part */
	struct build_gates	 gates;		/* --mem-budget, --mem-host, --jobs */
	SCREEN			*screen;
	struct viewmodel	 vm;
	int			 vm_ready;	/* vm holds the model: tui_run began */
	void			*state[VIEW_COUNT];	/* each view's own, private to its file */

	enum view_id		 view, under;	/* under: what a sub view covers */
	enum view_id		 base;		/* the first view shown: q there quits */
	/* The pager's (tui_pager.c): the lines of the text view shown, which
	 * each fills anew when it shows, so no view keeps them. */
	struct textbuf		 tb;		/* the text view's lines */
	size_t			 tb_top;
	int			 tb_left;	/* columns scrolled right */
	long			 tb_sel;	/* the line lit (one with a ref), -1 */
	/* What a view that returns ACT_OPEN asks the detail view to show:
	 * a kernel (vm group) and the instantiation to start at, -1. */
	uint32_t		 detail_group;
	int32_t			 detail_inst;

	int			 rows, cols;
	int			 color, utf8;
	int			 quit;
	char			 search[128];
	char			 msg[160];	/* shown once in the status line */
	char			 settings[4096];	/* the settings file (settings.h), "" none */

	/* tui.c's: draws the whole screen, after reading its size again when
	 * resized (the prompt, tui_prompt.c, calls it). */
	void			(*redraw)(struct tui *, int resized);
};

/* tui_prompt.c */
int	tui_prompt(struct tui *, const char *label, char *buf, size_t size,
	    void (*changed)(struct tui *, const char *), int (*complete)(struct tui *, char *, size_t));

/* tui_draw.c */
attr_t	tui_attr(const struct tui *, int cls);
/* The top line: tabs the top-level views' names, cur the one lit, sub
 * the name of a view opened over it (NULL when none). */
void	tui_draw_bar(struct tui *, const char *const *tabs, size_t ntabs, size_t cur,
	    const char *sub);
void	tui_draw_status(struct tui *, const char *left, const char *right);
void	tui_put(int y, int x, const char *s, int width, attr_t attr, int right);
/* Whether the terminal's locale draws UTF-8; else tui_put draws ASCII. */
void	tui_draw_charset(int utf8);
void	tui_colors(struct tui *);
/* Redraws, over a cell drawn at (y, x) showing shown, the first match of
 * search in it: in the match colour, or (current) the current match's,
 * which reverse video does not flip. */
void	tui_put_match(const struct tui *, int y, int x, const char *shown, int width,
	    const char *search, int current);

/* view_kernels.c */
extern const size_t view_kernels_state_size;
void	view_kernels_init(struct tui *);
void	view_kernels_draw(struct tui *, const struct view_ops *);
int	view_kernels_key(struct tui *, int act, int key);
int	view_kernels_click(struct tui *, int y, int x, int twice);

/* view_libs.c */
extern const size_t view_libs_state_size;
void	view_libs_done(struct tui *);
void	view_libs_fill(struct tui *);
int	view_libs_key(struct tui *, int act, int key);

/* tui_pager.c */
void	tui_pager_draw(struct tui *, const struct view_ops *);
/* Lights line (-1: none) and scrolls it into the page. */
void	tui_pager_light(struct tui *, long line);
int	tui_pager_key(struct tui *, int act, int key);

/* tui_tree.c: the tree widget (tree.h) in the pager, a row lit. */
/* The row of the line lit, -1 when none. */
long	tui_tree_row(const struct tui *);
/* The lines again, by the view's fill (tree_fill gives each its row as
 * ref), with row lit, or the first row when row is not shown. */
void	tui_tree_show(struct tui *, void (*fill)(struct tui *), long row);

#endif
