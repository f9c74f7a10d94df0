/* SPDX-License-Identifier: MIT */
/*
 * --help, printed from the option table: the options by group, the help
 * text in one column from HELP_LEFT, words wrapped within HELP_WIDTH
 * columns, an option too long for its column on a line of its own.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "exitstatus.h"
#include "optiontable.h"

#define HELP_WIDTH	79
#define HELP_LEFT	28	/* the column the help text starts in */

/* text from column at (the cursor), words wrapped at HELP_WIDTH onto
 * lines that start at left; returns the column after it. */
static int
put_text(FILE *f, const char *text, int at, int left)
{
	while (*text != '\0') {
		size_t len = strcspn(text, " ");

		if (at > left && at + 1 + (int)len > HELP_WIDTH) {
			fprintf(f, "\n%*s", left, "");
			at = left;
		} else if (at > left) {
			fputc(' ', f);
			at++;
		}
		fwrite(text, 1, len, f);
		at += (int)len;
		text += len;
		text += strspn(text, " ");
	}
	return at;
}

/* text in the help column. */
static int
put_words(FILE *f, const char *text, int at)
{
	return put_text(f, text, at, HELP_LEFT);
}

/* "Exit status: 0 clean, 1 ...", from the table of exit statuses. */
static void
put_exit_statuses(FILE *f)
{
	char word[128];
	int at = put_text(f, "Exit status:", 0, 0);

	for (size_t i = 0; i < EXIT_STATUSES; i++) {
		snprintf(word, sizeof word, "%d %s%s", (int)exit_statuses[i].status,
		    exit_statuses[i].meaning, i + 1 < EXIT_STATUSES ? "," : ".");
		at = put_text(f, word, at, 0);
	}
	fputc('\n', f);
}

/* "; ARG: a, b or c" (a list: "; LIST of a, b, c"): the values an option
 * takes, from its table. */
static int
put_values(FILE *f, const struct option_doc *d, int at)
{
	char word[128];

	int list = d->complete == COMPLETE_VALUES;

	snprintf(word, sizeof word, "%s%s", d->arg, list ? " of" : ":");
	at = put_words(f, word, at);
	for (size_t i = 0; d->value(i) != NULL; i++) {
		snprintf(word, sizeof word, "%s%s", d->value(i), d->value(i + 1) == NULL ? "" :
		    d->value(i + 2) == NULL && !list ? " or" : ",");
		at = put_words(f, word, at);
	}
	return at;
}

static void
put_option(FILE *f, const struct option_doc *d, const char *prefix)
{
	char left[96], text[512];
	size_t n;
	int at;

	if (option_short(d))
		snprintf(left, sizeof left, "-%c, ", d->opt.val);
	else
		snprintf(left, sizeof left, "    ");
	n = strlen(left);
	if (d->arg && d->opt.has_arg == optional_argument)
		snprintf(left + n, sizeof left - n, "%s%s[=%s]", prefix, d->opt.name, d->arg);
	else if (d->arg)
		snprintf(left + n, sizeof left - n, "%s%s=%s", prefix, d->opt.name, d->arg);
	else
		snprintf(left + n, sizeof left - n, "%s%s", prefix, d->opt.name);
	at = fprintf(f, "  %s", left);
	if (at + 2 > HELP_LEFT) {
		fputc('\n', f);
		at = 0;
	}
	fprintf(f, "%*s", HELP_LEFT - at, "");
	at = HELP_LEFT;
	snprintf(text, sizeof text, "%s%s", d->help, d->help_values ? ";" : "");
	at = put_words(f, text, at);
	if (d->help_values)
		put_values(f, d, at);
	fputc('\n', f);
}

void
help_write(FILE *f, const struct option_table *t)
{
	fprintf(f, "Usage: spillway [OPTION]... [PATH]...\n"
	    "  or:  spillway record [--log=FILE] [--module=NAME] -- COMMAND [ARG]...\n"
	    "Read every kernel's registers, stack, shared, local and constant memory\n"
	    "from the GPU binaries under PATH (default: .), and the build logs given.\n"
	    "record runs a compile and appends its peak memory and wall time to a log.\n");
	for (size_t i = 0; i < t->n; i++) {
		const struct option_doc *d = &t->v[i];

		if (d->group != NULL)
			fprintf(f, "\n%s:\n", d->group);
		if (d->help != NULL)
			put_option(f, d, "--");
	}
	fprintf(f, "\nspillway record:\n");
	for (size_t i = 0; i < t->nrecord; i++)
		put_option(f, &t->record[i], "--");
	fputc('\n', f);
	put_exit_statuses(f);
	fprintf(f, "\nFull documentation: man spillway\n"
	    "Report bugs to the spillway issue tracker, with spillway --version's output.\n");
}
