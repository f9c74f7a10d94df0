/*
 * Will it launch (issue 27): the findings of --launchable,
 * --max-local-reserve, --require-driver and --deployable, worst first:
 * what fails at launch, then what the GPU reserves, then what the driver
 * cannot load, then where the build runs at all.  Only when one of those
 * rules was given and found something.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "columns.h"
#include "sections.h"
#include "xalloc.h"

/* The rules shown, in the order their findings are written. */
static const int launch_rules[] = {
	RULE_LAUNCHABLE, RULE_LOCAL_RESERVE, RULE_DRIVER, RULE_DEPLOYABLE,
};
#define NLAUNCH_RULES (sizeof launch_rules / sizeof launch_rules[0])

static const struct section_col launch_cols[] = {
	SECTION_OWN("rule", RC_CODE),
	SECTION_COL(COL_COLLAPSED, RC_CODE),
	SECTION_COL(COL_SM, RC_TEXT),
	SECTION_COL(COL_LIBRARY, RC_TEXT),
	SECTION_OWN("finding", RC_TEXT),
};

/* The finding's text without what the other columns say: "VIOLATION ",
 * the name and sm (or the library) before ": ", the object in brackets. */
static char *
finding_words(const char *text, const char *name, const char *arch, const char *library,
    char *sm, size_t smsize)
{
	static const char lead[] = "VIOLATION ";
	const char *p = text, *end;
	size_t n;

	if (strncmp(p, lead, sizeof lead - 1) == 0)
		p += sizeof lead - 1;
	if (name != NULL && strncmp(p, name, strlen(name)) == 0 && p[strlen(name)] == ' ' &&
	    strncmp(p + strlen(name) + 1, arch, strlen(arch)) == 0 &&
	    strncmp(p + strlen(name) + 1 + strlen(arch), ": ", 2) == 0)
		p += strlen(name) + 1 + strlen(arch) + 2;
	else if (name == NULL && library != NULL && strncmp(p, library, strlen(library)) == 0) {
		const char *q = p + strlen(library);
		size_t k;
		struct arch_id a;

		if (*q == '(' && strchr(q, ')') != NULL)
			q = strchr(q, ')') + 1;	/* a member: the text keeps it */
		if (strncmp(q, ": ", 2) == 0)
			p = q + 2;
		else if (*q == ' ' && (k = strcspn(q + 1, ": ")) < smsize && q[1 + k] == ':') {
			snprintf(sm, smsize, "%.*s", (int)k, q + 1);
			if (arch_parse(sm, &a) == 0 && q == p + strlen(library))
				p = q + 1 + k + 2;
			else
				sm[0] = '\0';
		}
	}
	n = strlen(p);
	if (n > 0 && p[n - 1] == ']' && (end = strstr(p, " [")) != NULL && strchr(end, ']') == p + n - 1)
		n = (size_t)(end - p);
	return xstrndup(p, n);
}

void
section_launch(struct rdoc *d, const struct section_input *in)
{
	const struct verdict *v = in->judged;
	const struct model *m = in->model;
	struct rtable *t = NULL;

	if (v == NULL)
		return;
	for (size_t r = 0; r < NLAUNCH_RULES; r++)
		for (size_t i = 0; i < v->n; i++) {
			const struct finding *f = &v->v[i];
			const struct func_rec *fn;
			char *words, sm[16];

			if (f->level != FINDING_VIOLATION || f->rule != launch_rules[r])
				continue;
			if (t == NULL) {
				section_heading(d, in);
				rdoc_para(d, in->section->name, "What fails at launch or where the "
				    "build ships, read from the binary: the largest block each "
				    "kernel's registers and bound allow (the driver's "
				    RD_CODE "MAX_THREADS_PER_BLOCK" RD_END "), its shared memory, "
				    "the local memory its frame reserves per GPU, the oldest driver "
				    "that loads each image and the arches it carries. Worst first.");
				t = rdoc_table(d, in->section->name);
				section_cols(t, launch_cols, SECTION_NCOLS(launch_cols));
			}
			fn = f->entry != FINDING_NO_ENTRY && f->entry < m->nfuncs ? &m->funcs[f->entry] : NULL;
			sm[0] = '\0';
			words = finding_words(f->text, fn ? fn->name : NULL,
			    fn ? m->images[fn->image].arch : "", f->library, sm, sizeof sm);
			rtable_cell(t, "--%s", finding_rule_names[f->rule]);
			rtable_cell(t, "%s", fn ? fn->collapsed : "");
			rtable_cell(t, "%s", fn ? m->images[fn->image].arch : sm);
			rtable_cell(t, "%s", f->library ? f->library : "");
			rtable_cell(t, "%s", words);
			free(words);
		}
}
