/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "outfile.h"
#include "settings.h"
#include "vm_rows.h"

int
settings_path(char *buf, size_t size)
{
	const char *own = getenv("SPILLWAY_CONFIG"), *xdg = getenv("XDG_CONFIG_HOME"),
	    *home = getenv("HOME");
	int n;

	if (own != NULL) {
		if (own[0] == '\0' || strcmp(own, "/dev/null") == 0)
			return 0;
		n = snprintf(buf, size, "%s", own);
	} else if (xdg != NULL && xdg[0] == '/')	/* relative: ignored, as the spec says */
		n = snprintf(buf, size, "%s/spillway/browser.conf", xdg);
	else if (home != NULL && home[0] != '\0')
		n = snprintf(buf, size, "%s/.config/spillway/browser.conf", home);
	else
		return 0;
	return n > 0 && (size_t)n < size;
}

/* The sort field a name in the file stands for: "name", "library" or a
 * resource column's --list name; -1 when none. */
static int
settings_field(const char *v)
{
	if (strcmp(v, "name") == 0)
		return VM_FIELD_NAME;
	if (strcmp(v, "library") == 0)
		return VM_FIELD_LIBRARY;
	for (int r = 0; r < VM_NRES; r++)
		if (strcmp(v, vm_res_column(r)->name) == 0)
			return VM_FIELD_RES(0, r);
	return -1;
}

static const char *
settings_field_name(int field)
{
	if (field == VM_FIELD_NAME)
		return "name";
	if (field == VM_FIELD_LIBRARY)
		return "library";
	if (field >= 2 && field < VM_FIELD_DELTA)
		return vm_res_column((field - 2) % VM_NRES)->name;
	return NULL;	/* the difference: only while comparing */
}

/* One "key=value" line; 0 when it could not be read (an unknown key is
 * read: a later version's). */
static int
settings_line(struct viewmodel *vm, char *line, int *desc)
{
	char *eq = strchr(line, '=');

	if (line[0] == '#' || line[0] == '\0')
		return 1;
	if (eq == NULL)
		return 0;
	*eq++ = '\0';
	if (strcmp(line, "sort") == 0) {
		int f = settings_field(eq);

		if (f >= 0)
			vm_set_sort(vm, f);
	} else if (strcmp(line, "sort_desc") == 0) {
		if (strcmp(eq, "0") != 0 && strcmp(eq, "1") != 0)
			return 0;
		*desc = eq[0] == '1';
	} else if (strcmp(line, "arch") == 0) {
		for (size_t a = 0; a < vm->narches; a++)
			if (strcmp(vm->arches[a], eq) == 0)
				vm_set_arches(vm, (int)a, -1);
	} else if (strcmp(line, "device") == 0) {
		if (strcmp(eq, "0") != 0 && strcmp(eq, "1") != 0)
			return 0;
		if ((eq[0] == '1') != (vm->show_device != 0))
			vm_toggle_device(vm);
	}
	return 1;
}

int
settings_load(const char *path, struct viewmodel *vm, char *msg, size_t msgsize)
{
	char text[SETTINGS_MAX + 2], *line, *next;
	FILE *f = fopen(path, "r");
	size_t n;
	int desc = -1;

	msg[0] = '\0';
	if (f == NULL) {
		if (errno == ENOENT)
			return 0;
		snprintf(msg, msgsize, " settings not read: %s: %s", strerror(errno), path);
		return -1;
	}
	n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[n] = '\0';
	if (n > SETTINGS_MAX || memchr(text, '\0', n) != NULL) {
		snprintf(msg, msgsize, " settings ignored: not a file spillway wrote: %s", path);
		return -1;
	}
	/* Read into a copy first: a damaged file changes nothing. */
	for (line = text; line != NULL && *line; line = next) {
		next = strchr(line, '\n');
		if (strcspn(line, "=\n") == strcspn(line, "\n") && line[0] != '#' && line[0] != '\n') {
			snprintf(msg, msgsize, " settings ignored: a line not key=value in %s", path);
			return -1;
		}
		if (next != NULL)
			next++;
	}
	for (line = text; line != NULL && *line; line = next) {
		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		if (!settings_line(vm, line, &desc))
			snprintf(msg, msgsize, " settings: a value not known passed over in %s", path);
	}
	if (desc >= 0 && desc != vm->sort_desc)
		vm_sort_reverse(vm);
	return msg[0] ? -1 : 0;
}

int
settings_save(const char *path, const struct viewmodel *vm, char *msg, size_t msgsize)
{
	struct outfile of;
	char dir[4096], *slash;
	const char *sort = settings_field_name(vm->sort_field);

	snprintf(dir, sizeof dir, "%s", path);
	if ((slash = strrchr(dir, '/')) != NULL && slash != dir) {
		*slash = '\0';
		/* The folder and its parent (~/.config may not be there). */
		if ((slash = strrchr(dir, '/')) != NULL && slash != dir) {
			*slash = '\0';
			mkdir(dir, 0700);
			*slash = '/';
		}
		mkdir(dir, 0700);
	}
	if (outfile_open(&of, path, msg, msgsize) != 0)
		return -1;
	fprintf(of.stream, "# spillway's browser: what it shows at start (rewritten at quit)\n");
	if (sort != NULL)
		fprintf(of.stream, "sort=%s\nsort_desc=%d\n", sort, vm->sort_desc != 0);
	fprintf(of.stream, "arch=%s\n", vm->arch_a >= 0 ? vm->arches[vm->arch_a] : "all");
	fprintf(of.stream, "device=%d\n", vm->show_device != 0);
	return outfile_commit(&of, msg, msgsize);
}
