/* SPDX-License-Identifier: MIT */
/*
 * --completion=bash|zsh: the shell's completion script, written from the
 * option table, so that the shells offer exactly the options --help lists
 * and the values the parser takes.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "optiontable.h"

/* The values, separated by spaces. */
static void
put_value_words(FILE *f, const struct option_doc *d)
{
	for (size_t i = 0; d->value != NULL && d->value(i) != NULL; i++)
		fprintf(f, "%s%s", i ? " " : "", d->value(i));
}

/* bash: one case arm per option with an argument, completing its value. */
static void
bash_value_arm(FILE *f, const struct option_doc *d, const char *prefix)
{
	if (d->opt.has_arg == no_argument)
		return;
	fprintf(f, "\t%s%s", prefix, d->opt.name);
	if (option_short(d) && prefix[0] == '-' && prefix[1] == '-')
		fprintf(f, "|-%c", d->opt.val);
	fprintf(f, ")\n");
	switch (d->complete) {
	case COMPLETE_FILE:
		fprintf(f, "\t\tcompopt -o filenames 2>/dev/null\n"
		    "\t\tCOMPREPLY=($(compgen -f -- \"$2\")) ;;\n");
		break;
	case COMPLETE_VALUE:
		fprintf(f, "\t\tCOMPREPLY=($(compgen -W '");
		put_value_words(f, d);
		fprintf(f, "' -- \"$2\")) ;;\n");
		break;
	case COMPLETE_VALUES:
		fprintf(f, "\t\t_spillway_list '");
		put_value_words(f, d);
		fprintf(f, "' \"$2\" ;;\n");
		break;
	case COMPLETE_NONE:
		fprintf(f, "\t\t;;\n");
		break;
	}
}

static void
bash_write(FILE *f, const struct option_table *t)
{

	fprintf(f, "# bash completion for spillway, written by spillway --completion=bash\n"
	    "# from its option table.\n\n"
	    "# _spillway_list WORDS VALUE: the last item of a comma-separated list.\n"
	    "_spillway_list() {\n"
	    "\tlocal head=\n"
	    "\tcase $2 in *,*) head=${2%%,*}, ;; esac\n"
	    "\tCOMPREPLY=($(compgen -P \"$head\" -W \"$1\" -- \"${2##*,}\"))\n"
	    "\tcompopt -o nospace 2>/dev/null\n"
	    "}\n\n"
	    "# _spillway_value OPTION VALUE: what OPTION's argument may be.\n"
	    "_spillway_value() {\n"
	    "\tcase $1 in\n");
	for (size_t i = 0; i < t->n; i++)
		if (t->v[i].help != NULL)
			bash_value_arm(f, &t->v[i], "--");
	fprintf(f, "\tesac\n}\n\n"
	    "# _spillway_record_value OPTION VALUE: spillway record's.\n"
	    "_spillway_record_value() {\n"
	    "\tcase $1 in\n");
	for (size_t i = 0; i < t->nrecord; i++)
		bash_value_arm(f, &t->record[i], "--");
	fprintf(f, "\tesac\n}\n\n"
	    "_spillway() {\n"
	    "\tlocal line=${COMP_LINE:0:COMP_POINT} cur prev opts value=_spillway_value\n"
	    "\tlocal -a words\n"
	    "\tcur=${line##*[[:space:]]}\n"
	    "\tread -ra words <<<\"${line:0:${#line}-${#cur}}\"\n"
	    "\tprev=${words[${#words[@]}-1]}\n"
	    "\tCOMPREPLY=()\n"
	    "\topts='");
	for (size_t i = 0, k = 0; i < t->n; i++) {
		const struct option_doc *d = &t->v[i];

		if (d->help == NULL)
			continue;
		fprintf(f, "%s--%s%s", k++ ? " " : "", d->opt.name,
		    d->opt.has_arg == required_argument ? "=" : "");
		if (option_short(d))
			fprintf(f, " -%c", d->opt.val);
	}
	fprintf(f, " record'\n"
	    "\tif [ \"${words[1]}\" = record ]; then\n"
	    "\t\tlocal i\n"
	    "\t\tfor ((i = 2; i < ${#words[@]}; i++)); do\n"
	    "\t\t\tif [ \"${words[i]}\" = -- ]; then\n"
	    "\t\t\t\tif [ $i -eq $((${#words[@]} - 1)) ]; then\n"
	    "\t\t\t\t\tCOMPREPLY=($(compgen -c -- \"$cur\"))\n"
	    "\t\t\t\telse\n"
	    "\t\t\t\t\tcompopt -o filenames 2>/dev/null\n"
	    "\t\t\t\t\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n"
	    "\t\t\t\tfi\n"
	    "\t\t\t\treturn\n"
	    "\t\t\tfi\n"
	    "\t\tdone\n"
	    "\t\topts='");
	for (size_t i = 0; i < t->nrecord; i++)
		fprintf(f, "--%s= ", t->record[i].opt.name);
	fprintf(f, "--'\n"
	    "\t\tvalue=_spillway_record_value\n"
	    "\telif [ ${#words[@]} -eq 1 ] && [ -n \"$cur\" ] && [ \"${cur#-}\" = \"$cur\" ]; then\n"
	    "\t\tCOMPREPLY=($(compgen -W record -- \"$cur\"))\n"
	    "\tfi\n"
	    "\tcase $cur in\n"
	    "\t--*=*)\n"
	    "\t\t$value \"${cur%%%%=*}\" \"${cur#*=}\"\n"
	    "\t\t# Where = does not break words, each reply carries the option.\n"
	    "\t\tcase $COMP_WORDBREAKS in *=*) ;; *)\n"
	    "\t\t\tCOMPREPLY=(\"${COMPREPLY[@]/#/${cur%%%%=*}=}\") ;;\n"
	    "\t\tesac\n"
	    "\t\treturn ;;\n"
	    "\t-*)\n"
	    "\t\tCOMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
	    "\t\tcase ${COMPREPLY[0]-} in *=) compopt -o nospace 2>/dev/null ;; esac\n"
	    "\t\treturn ;;\n"
	    "\tesac\n"
	    "\tcase $prev in\n"
	    "\t-[a-zA-Z]|--[a-z]*[a-z])\n"
	    "\t\t$value \"$prev\" \"$cur\"\n"
	    "\t\t[ ${#COMPREPLY[@]} -gt 0 ] && return ;;\n"
	    "\tesac\n"
	    "\t[ ${#COMPREPLY[@]} -gt 0 ] && return\n"
	    "\tcompopt -o filenames 2>/dev/null\n"
	    "\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n"
	    "}\n"
	    "complete -F _spillway spillway\n");
}

/* zsh: text inside _arguments' [description], ' and the specials escaped. */
static void
zsh_text(FILE *f, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '\'')
			fputs("'\\''", f);
		else if (*s == '[' || *s == ']' || *s == ':' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else
			fputc(*s, f);
	}
}

static void
zsh_action(FILE *f, const struct option_doc *d)
{
	switch (d->complete) {
	case COMPLETE_FILE:
		fputs("_files", f);
		break;
	case COMPLETE_VALUE:
		fputs("(", f);
		put_value_words(f, d);
		fputs(")", f);
		break;
	case COMPLETE_VALUES:
		fprintf(f, "_sequence compadd - ");
		put_value_words(f, d);
		break;
	case COMPLETE_NONE:
		fputs(" ", f);
		break;
	}
}

static void
zsh_spec(FILE *f, const struct option_doc *d)
{
	const char *eq = d->opt.has_arg == required_argument ? "=" :
	    d->opt.has_arg == optional_argument ? "=-" : "";

	fputs("\t\t'", f);
	if (option_short(d))
		fprintf(f, "(-%c --%s)'{-%c%s,--%s%s}'", d->opt.val, d->opt.name, d->opt.val,
		    d->opt.has_arg == no_argument ? "" : "+", d->opt.name, eq);
	else
		fprintf(f, "--%s%s", d->opt.name, eq);
	fputc('[', f);
	zsh_text(f, d->help);
	fputc(']', f);
	if (d->opt.has_arg != no_argument) {
		fputs(d->opt.has_arg == optional_argument ? "::" : ":", f);
		zsh_text(f, d->arg);
		fputc(':', f);
		zsh_action(f, d);
	}
	fputs("' \\\n", f);
}

static void
zsh_write(FILE *f, const struct option_table *t)
{
	fprintf(f, "#compdef spillway\n"
	    "# zsh completion for spillway, written by spillway --completion=zsh\n"
	    "# from its option table.\n\n"
	    "_spillway() {\n"
	    "\tif (( CURRENT > 2 )) && [[ ${words[2]} == record ]]; then\n"
	    "\t\tshift words; (( CURRENT-- ))\n"
	    "\t\t_arguments -S \\\n");
	for (size_t i = 0; i < t->nrecord; i++)
		zsh_spec(f, &t->record[i]);
	fprintf(f, "\t\t\t'*::command:_normal'\n"
	    "\t\treturn\n"
	    "\tfi\n"
	    "\t_arguments -s -S \\\n");
	for (size_t i = 0; i < t->n; i++)
		if (t->v[i].help != NULL)
			zsh_spec(f, &t->v[i]);
	fprintf(f, "\t\t'1::path or record:{_alternative \"files\\:path\\:_files\" \"record\\:mode\\:(record)\"}' \\\n"
	    "\t\t'*:path:_files'\n"
	    "}\n\n"
	    "_spillway \"$@\"\n");
}

static const struct completion_shell {
	const char	*name;
	void		 (*write)(FILE *, const struct option_table *);
} shells[] = {
	{ "bash", bash_write },
	{ "zsh", zsh_write },
};
#define NSHELLS (sizeof shells / sizeof shells[0])

const char *
completion_shell(size_t i)
{
	return i < NSHELLS ? shells[i].name : NULL;
}

int
completion_write(FILE *f, const char *shell, const struct option_table *t)
{
	for (size_t i = 0; i < NSHELLS; i++)
		if (strcmp(shell, shells[i].name) == 0) {
			shells[i].write(f, t);
			return 0;
		}
	return -1;
}
