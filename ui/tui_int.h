/*
 * The browser's insides, shared by tui*.c: the state, the view table and
 * the drawing helpers.  Only these files include curses.
 */
#ifndef SPILLWAY_TUI_INT_H
#define SPILLWAY_TUI_INT_H

#include <curses.h>
#include <stdint.h>

#include "judge_build.h"
#include "keys.h"
#include "layout.h"
#include "model.h"
#include "textbuf.h"
#include "verdict.h"
#include "viewmodel.h"

#define TUI_NCOLS	(2 + 2 * VM_NRES)	/* name, library, two sides */

/* Colour pairs, and the classes of textbuf.h mapped onto them. */
enum tui_pair { TUI_PAIR_BAR = 1, TUI_PAIR_HEAD, TUI_PAIR_BAD, TUI_PAIR_WARN,
	TUI_PAIR_GOOD, TUI_PAIR_DIM, TUI_PAIR_DIFF, TUI_PAIR_MATCH };

struct tui;

/* A view: a table or a text view; adding one is one entry in tui_views. */
struct tui_view {
	const char	*name;
	unsigned	 keys;		/* KEYS_* bits: the bindings that apply */
	int		(*available)(const struct tui *);
	void		(*fill)(struct tui *);	/* text views: build the text */
	void		(*draw)(struct tui *);
	void		(*action)(struct tui *, int act, int key);
};

extern const struct tui_view tui_views[];
extern const size_t ntui_views;

struct tui {
	const struct model	*m;
	const struct verdict	*verdict;
	const struct rdoc	*diff;		/* --baseline changes, or NULL */
	struct build_gates	 gates;		/* --mem-budget, --mem-host, --jobs */
	struct viewmodel	 vm;
	size_t			 nkernels;	/* entry kernels in the model */

	size_t			 view, under;	/* under: what a sub view covers */
	struct textbuf		 tb;		/* the text view's lines */
	size_t			 tb_top;
	uint32_t		 detail_group;
	int32_t			 detail_inst;

	int			 rows, cols;
	int			 color, utf8;
	int			 quit;
	char			 search[128];
	char			 msg[160];	/* shown once in the status line */

	int			 natural[VM_NRES];
	int			 known[VM_NRES];	/* some value is known */
	struct layout_col	 layout[TUI_NCOLS];
};

/* tui.c */
void	tui_switch(struct tui *, size_t view);
int	tui_prompt(struct tui *, const char *label, char *buf, size_t size,
	    void (*changed)(struct tui *, const char *), int (*complete)(struct tui *, char *, size_t));

/* tui_draw.c */
attr_t	tui_attr(const struct tui *, int cls);
void	tui_draw_bar(struct tui *);
void	tui_draw_status(struct tui *, const char *left, const char *right);
void	tui_put(int y, int x, const char *s, int width, attr_t attr, int right);
void	tui_colors(struct tui *);

/* tui_table.c */
void	tui_table_draw(struct tui *);
void	tui_table_action(struct tui *, int act, int key);
int	tui_table_height(const struct tui *);
void	tui_table_init(struct tui *);
void	tui_table_click(struct tui *, int y, int x, int twice);

/* tui_pager.c */
void	tui_pager_draw(struct tui *);
void	tui_pager_action(struct tui *, int act, int key);

#endif
