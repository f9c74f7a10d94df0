/* SPDX-License-Identifier: MIT */
/*
 * The option table: every long option of spillway once, with what --help,
 * the completion scripts and the man page check need to know of it.
 * options.c holds the table and parses with it; help.c prints --help from
 * it and completion.c the bash and zsh completion scripts.
 */
#ifndef SPILLWAY_OPTIONTABLE_H
#define SPILLWAY_OPTIONTABLE_H

#include <ctype.h>
#include <getopt.h>
#include <stddef.h>
#include <stdio.h>

/* What a shell offers for an option's argument. */
enum option_complete {
	COMPLETE_NONE,		/* a number, a size, a name: nothing to offer */
	COMPLETE_FILE,		/* a file name */
	COMPLETE_VALUE,		/* one of the option's values */
	COMPLETE_VALUES,	/* a comma-separated list of its values */
};

struct options;

/* What an option sets in struct options, and how its argument is read. */
enum option_type {
	OPTION_MODE,		/* the mode: .mode, or by its value's word (.words) */
	OPTION_FLAG,		/* an int field set to 1 */
	OPTION_COUNT,		/* a whole number from .min to .max, into an int or int64_t */
	OPTION_SIZE,		/* a size (14GiB, 512M; plain: .plain_unit), int64_t and its unit */
	OPTION_STRING,		/* a const char * field: the argument as given */
	OPTION_STRINGS,		/* a struct strlist: the argument added (repeatable) */
	OPTION_LIST,		/* a struct strlist: the argument's comma-separated items */
	OPTION_WORD,		/* an int field: the value of the argument's word (.words) */
	OPTION_ARCHES,		/* a struct strlist: arches (86,sm_90a,compute_75) or AMDGPU targets */
	OPTION_SASS_ARCHES,	/* a struct strlist: SASS arches (86,sm_90a) */
	OPTION_AMD_TARGETS,	/* a struct strlist: AMDGPU targets (gfx90a:xnack+) */
	OPTION_RULES,		/* where the rules' options go (rules.h), one each */
	OPTION_PARSE,		/* read by .parse */
	OPTION_EXIT,		/* --help, --version, --completion: .parse, then exit */
};

/* A word an option takes, and the value it stands for. */
struct option_word {
	const char	*word;
	int		 value;
};

struct option_doc {
	struct option	 opt;
	const char	*arg;	/* shown in --help after '=' */
	const char	*help;	/* NULL: parsed but not offered (no --help, no man page) */
	const char	*group;	/* the --help heading this entry opens, NULL: none */
	enum option_complete complete;
	/* The values it takes, by index, NULL past the last; --help names them
	 * after the help text, the shells offer them.  NULL: none listed. */
	const char	*(*value)(size_t i);
	int		 help_values;	/* --help names the values after the help text */

	enum option_type type;
	size_t		 field;		/* offsetof(struct options, ...) */
	size_t		 field_size;	/* its sizeof: an int or an int64_t */
	size_t		 unit_field;	/* OPTION_SIZE: the enum bytes_unit beside it */
	int		 plain_unit;	/* OPTION_SIZE: what a plain number counts */
	long		 min, max;	/* OPTION_COUNT */
	int		 mode;		/* OPTION_MODE: the mode it sets (no .words) */
	const struct option_word *words;	/* OPTION_WORD, OPTION_MODE: NULL-ended */
	/* OPTION_PARSE, OPTION_EXIT: reads arg (NULL: none) into o; 0, or -1
	 * with the message printed. */
	int		 (*parse)(struct options *o, const char *arg);
	int		 exit_status;	/* OPTION_EXIT: after .parse succeeds */
};

/* Whether d has a short spelling too: its val a letter (-T, -o). */
static inline int
option_short(const struct option_doc *d)
{
	return d->opt.val > 0 && d->opt.val < 128 && isalpha(d->opt.val);
}

/* The table as options.c hands it to the writers below (which call
 * nothing of options.c: tests/structure/callgraph.sh). */
struct option_table {
	const struct option_doc	*v;		/* the modes' options */
	size_t			 n;
	const struct option_doc	*record;	/* spillway record's */
	size_t			 nrecord;
};

/* --help on f. */
void	help_write(FILE *f, const struct option_table *);
/* The completion script for shell ("bash" or "zsh") on f; -1: no such shell. */
int	completion_write(FILE *f, const char *shell, const struct option_table *);
/* The shells completion_write knows, by index, NULL past the last. */
const char *completion_shell(size_t i);

#endif
