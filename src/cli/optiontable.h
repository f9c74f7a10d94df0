/*
 * The option table: every long option of spillway once, with what --help,
 * the completion scripts and the man page check need to know of it.
 * options.c holds the table and parses with it; help.c prints --help from
 * it and completion.c the bash and zsh completion scripts.
 */
#ifndef SPILLWAY_OPTIONTABLE_H
#define SPILLWAY_OPTIONTABLE_H

#include <getopt.h>
#include <stddef.h>

/* What a shell offers for an option's argument. */
enum option_complete {
	COMPLETE_NONE,		/* a number, a size, a name: nothing to offer */
	COMPLETE_FILE,		/* a file name */
	COMPLETE_VALUE,		/* one of the option's values */
	COMPLETE_VALUES,	/* a comma-separated list of its values */
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
};

size_t			 option_doc_count(void);
const struct option_doc	*option_doc_at(size_t i);

/* The words of `spillway record`'s own options, --help's and the shells'. */
extern const struct option_doc record_option_docs[];
extern const size_t record_option_doc_count;

/* --help on f. */
void	help_write(FILE *f);
/* The completion script for shell ("bash" or "zsh") on f; -1: no such shell. */
int	completion_write(FILE *f, const char *shell);
/* The shells completion_write knows, by index, NULL past the last. */
const char *completion_shell(size_t i);

#endif
