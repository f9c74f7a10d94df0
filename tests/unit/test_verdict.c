/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests for the verdict block: the findings of src/model/verdict.c
 * (added, counted by level and rule, the last one named, freed) and the
 * report's first and last paragraphs, reports/sec_verdict.c: PASS or FAIL
 * with the violations, the (kernel, sm) entries that spill or have a
 * stack frame, what grew against a baseline, and the provenance line.
 * Each text is compared whole.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kgroup.h"
#include "model.h"
#include "rdoc.h"
#include "report.h"
#include "rules.h"
#include "verdict.h"
#include "xalloc.h"

/* --- the findings ---------------------------------------------------- */

static void
test_findings(void **state)
{
	struct verdict v = { 0 };
	struct finding *f;

	(void)state;
	assert_null(verdict_last(&v));
	assert_int_equal(verdict_count(&v, FINDING_VIOLATION), 0);
	verdict_add(&v, FINDING_VIOLATION, "VIOLATION %s sm_%d: REG %d", "k", 86, 255);
	f = verdict_last(&v);
	assert_non_null(f);
	assert_string_equal(f->text, "VIOLATION k sm_86: REG 255");
	assert_int_equal(f->rule, RULE_NONE);
	assert_true(f->entry == FINDING_NO_ENTRY);
	assert_null(f->library);
	f->rule = RULE_MAX_REGS;
	verdict_add(&v, FINDING_VIOLATION, "VIOLATION other");
	verdict_last(&v)->rule = RULE_ALLOWANCE;
	verdict_add(&v, FINDING_NOTICE, "a notice");
	verdict_add(&v, FINDING_SUMMARY, "check: 2 entries gated");
	verdict_add(&v, FINDING_NOTHING, "x.o: no such file: nothing to judge");
	assert_int_equal(v.n, 5);
	assert_int_equal(verdict_count(&v, FINDING_VIOLATION), 2);
	assert_int_equal(verdict_count(&v, FINDING_NOTICE), 1);
	assert_int_equal(verdict_count(&v, FINDING_SUMMARY), 1);
	assert_int_equal(verdict_count(&v, FINDING_NOTHING), 1);
	assert_int_equal(verdict_count_rule(&v, RULE_MAX_REGS), 1);
	assert_int_equal(verdict_count_rule(&v, RULE_ALLOWANCE), 1);
	assert_int_equal(verdict_count_rule(&v, RULE_STALE), 0);
	assert_string_equal(verdict_last(&v)->text, "x.o: no such file: nothing to judge");
	/* The names the machine-read faces spell. */
	assert_string_equal(finding_level_names[FINDING_NOTICE], "notice");
	assert_string_equal(rule_name(RULE_REQUIRE_SASS), "require-sass");
	verdict_free(&v);
	assert_int_equal(v.n, 0);
	assert_null(v.v);
	verdict_free(&v);	/* twice: nothing left */
}

/* --- the report's verdict and provenance ------------------------------- */

static size_t
add_image(struct model *m, const char *lib, const char *arch)
{
	struct image_rec img;

	memset(&img, 0, sizeof img);
	img.library = strpool_intern_str(&m->pool, lib);
	img.member = img.toolkit = img.producer = img.constant = strpool_intern_str(&m->pool, "");
	snprintf(img.arch, sizeof img.arch, "%s", arch);
	img.kind = IMAGE_SASS;
	img.global = UNKNOWN;
	return model_add_image(m, &img);
}

/* One entry: stack > 0 is a frame; st, ld -1 are spill figures unknown. */
static void
add_entry(struct model *m, size_t image, const char *collapsed, int32_t reg, int32_t stack,
    int32_t st, int32_t ld)
{
	struct func_rec f;
	char name[256];

	memset(&f, 0, sizeof f);
	f.image = (uint32_t)image;
	f.kind = FUNC_ENTRY;
	snprintf(name, sizeof name, "void %s(int)", collapsed);
	f.name = strpool_intern_str(&m->pool, name);
	snprintf(name, sizeof name, "_Z%zu%sv", strlen(collapsed), collapsed);
	f.mangled = strpool_intern_str(&m->pool, name);
	f.collapsed = strpool_intern_str(&m->pool, collapsed);
	f.ns = f.constant = strpool_intern_str(&m->pool, "");
	f.reg = reg;
	f.stack = stack;
	f.max_threads = f.min_blocks = f.frame = UNKNOWN;
	func_rec_no_amdgpu(&f);	/* a CUDA row */
	f.spill_stores = st;
	f.spill_loads = ld;
	model_add_func(m, &f);
}

/* The texts of the document's "verdict" and "provenance" paragraphs. */
struct frame {
	char	*verdict, *provenance;
	size_t	 nverdict, nprovenance, first_verdict;
};

static void
build(struct frame *out, const struct model *m, const struct model *base,
    const struct verdict *judged, const char *section)
{
	struct rdoc d = { 0 };
	struct strlist sections = { 0 };
	struct report_config c;

	memset(&c, 0, sizeof c);
	memset(out, 0, sizeof *out);
	c.format = REPORT_MARKDOWN;
	c.max_bytes = -1;
	c.baseline = "base.csv";
	c.gated = 1;	/* the verdict line as a gate writes it (report-tree.sh: without one) */
	if (section != NULL) {
		strlist_add(&sections, section);
		c.sections = &sections;
	}
	report_build(&d, &c, m, base, judged);
	out->first_verdict = SIZE_MAX;
	for (size_t i = 0; i < d.n; i++) {
		const struct rblock *b = &d.v[i];

		if (b->kind != RB_PARA)
			continue;
		if (strcmp(b->section, "verdict") == 0) {
			if (out->nverdict++ == 0) {
				out->verdict = xstrdup(b->text);
				out->first_verdict = i;
			}
		} else if (strcmp(b->section, "provenance") == 0) {
			out->nprovenance++;
			free(out->provenance);
			out->provenance = xstrdup(b->text);
			assert_int_equal(i, d.n - 1);	/* the last block */
		}
	}
	rdoc_free(&d);
	strlist_free(&sections);
}

static void
frame_free(struct frame *f)
{
	free(f->verdict);
	free(f->provenance);
}

#define CODE(s)	RD_CODE s RD_END

/* Without a ptxas -v log: frames, spill figures unknown; nothing judged. */
static void
test_pass_frames_unknown(void **state)
{
	struct model m;
	struct frame f;
	size_t a;

	(void)state;
	model_init(&m);
	a = add_image(&m, "lib.so", "sm_86");
	add_entry(&m, a, "k1", 32, 64, -1, -1);
	add_entry(&m, a, "k2", 32, 0, -1, -1);
	add_entry(&m, add_image(&m, "lib.so", "sm_90"), "k1", 40, 0, -1, -1);
	build(&f, &m, NULL, NULL, NULL);
	assert_int_equal(f.nverdict, 1);
	assert_int_equal(f.first_verdict, 0);	/* before any table */
	assert_string_equal(f.verdict, "PASS: no rule violated; 1 of 3 (kernel, sm) entries has a "
	    "stack frame (spill figures unknown: no " CODE("ptxas -v") " log).");
	assert_int_equal(f.nprovenance, 1);
	assert_string_equal(f.provenance, "Made by spillway " PACKAGE_VERSION
	    " from 1 file, 2 images, 2 kernels.");
	frame_free(&f);
	model_free(&m);
}

/* Violations from the judge; spills known for some frames, not others. */
static void
test_fail_spills_and_unknown(void **state)
{
	struct model m;
	struct verdict v = { 0 };
	struct kcount_set counts;
	struct frame f;
	size_t a, b;

	(void)state;
	model_init(&m);
	a = add_image(&m, "a.o", "sm_80");
	b = add_image(&m, "b.o", "sm_80");
	add_entry(&m, a, "spills", 64, 32, 8, 12);
	add_entry(&m, a, "array", 64, 128, 0, 0);
	add_entry(&m, b, "unknown", 64, 16, -1, -1);
	add_entry(&m, b, "clean", 16, 0, 0, 0);
	kgroup_count(&counts, &m, NULL);
	v.gated = counts.gated;
	kgroup_count_free(&counts);
	verdict_add(&v, FINDING_VIOLATION, "VIOLATION void spills(int) sm_80: STACK 32");
	verdict_add(&v, FINDING_NOTICE, "a notice, not counted");
	build(&f, &m, NULL, &v, NULL);
	assert_string_equal(f.verdict, "FAIL: 1 violation; 1 of 4 (kernel, sm) entries spills, "
	    "1 more has a stack frame with no " CODE("ptxas -v") " log.");
	assert_string_equal(f.provenance, "Made by spillway " PACKAGE_VERSION
	    " from 2 files, 2 images, 4 kernels.");
	verdict_add(&v, FINDING_VIOLATION, "VIOLATION void array(int) sm_80: STACK 128");
	frame_free(&f);
	build(&f, &m, NULL, &v, NULL);
	assert_string_equal(f.verdict, "FAIL: 2 violations; 1 of 4 (kernel, sm) entries spills, "
	    "1 more has a stack frame with no " CODE("ptxas -v") " log.");
	frame_free(&f);
	verdict_free(&v);
	model_free(&m);
}

/* Every spill figure known; one entry: the singular words. */
static void
test_spills_known_singular(void **state)
{
	struct model m;
	struct frame f;

	(void)state;
	model_init(&m);
	add_entry(&m, add_image(&m, "one.o", "sm_90"), "k", 64, 32, 8, 8);
	build(&f, &m, NULL, NULL, NULL);
	assert_string_equal(f.verdict, "PASS: no rule violated; 1 of 1 (kernel, sm) entry spills.");
	assert_string_equal(f.provenance, "Made by spillway " PACKAGE_VERSION
	    " from 1 file, 1 image, 1 kernel.");
	frame_free(&f);
	model_free(&m);
}

/* Against a baseline: the pairs that grew (a register counts 4 bytes). */
static void
test_growth_against_baseline(void **state)
{
	struct model m, base;
	struct frame f;
	size_t a, o;

	(void)state;
	model_init(&m);
	model_init(&base);
	a = add_image(&m, "lib.so", "sm_86");
	add_entry(&m, a, "grew", 48, 0, 0, 0);
	add_entry(&m, a, "shrank", 16, 0, 0, 0);
	add_entry(&m, a, "same", 16, 0, 0, 0);
	o = add_image(&base, "lib.so", "sm_86");
	add_entry(&base, o, "grew", 40, 0, 0, 0);
	add_entry(&base, o, "shrank", 24, 0, 0, 0);
	add_entry(&base, o, "same", 16, 0, 0, 0);
	build(&f, &m, &base, NULL, NULL);
	assert_string_equal(f.verdict, "PASS: no rule violated; 0 of 3 (kernel, sm) entries spill; "
	    "1 (kernel, sm) pair grew against " CODE("base.csv") ".");
	frame_free(&f);
	add_entry(&m, a, "new_one", 8, 0, 0, 0);	/* new: grows from nothing */
	build(&f, &m, &base, NULL, NULL);
	assert_string_equal(f.verdict, "PASS: no rule violated; 0 of 4 (kernel, sm) entries spill; "
	    "2 (kernel, sm) pairs grew against " CODE("base.csv") ".");
	frame_free(&f);
	model_free(&base);
	model_free(&m);
}

/* No image: no verdict, no provenance; --sections: neither either. */
static void
test_when_not_written(void **state)
{
	struct model m;
	struct frame f;

	(void)state;
	model_init(&m);
	build(&f, &m, NULL, NULL, NULL);
	assert_int_equal(f.nverdict, 0);
	assert_int_equal(f.nprovenance, 0);
	add_entry(&m, add_image(&m, "lib.so", "sm_86"), "k", 32, 64, -1, -1);
	build(&f, &m, NULL, NULL, "spills");
	assert_int_equal(f.nverdict, 0);
	assert_int_equal(f.nprovenance, 0);
	build(&f, &m, NULL, NULL, NULL);
	assert_int_equal(f.nverdict, 1);
	assert_int_equal(f.nprovenance, 1);
	frame_free(&f);
	model_free(&m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_findings),
		cmocka_unit_test(test_pass_frames_unknown),
		cmocka_unit_test(test_fail_spills_and_unknown),
		cmocka_unit_test(test_spills_known_singular),
		cmocka_unit_test(test_growth_against_baseline),
		cmocka_unit_test(test_when_not_written),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
