/* SPDX-License-Identifier: MIT */
/*
 * The report's sections, one file each (sec_NAME.c), each adding its
 * heading, notes and tables to a doc.  report_sections (report.c) lists
 * them with their names and titles; what they share (sections.c) is here
 * too.
 */
#ifndef SPILLWAY_SECTIONS_H
#define SPILLWAY_SECTIONS_H

#include <stddef.h>

#include "kgroup.h"
#include "model.h"
#include "rdoc.h"
#include "report.h"
#include "verdict.h"

/* The model's kernel groups, built when a section first asks. */
struct section_groups {
	struct kgroup_set	 set;
	int			 built;
	struct kgroup_set	 files;		/* every file's, copies too (the diff) */
	int			 files_built;
};

/* What a section is built from. */
struct section_input {
	const struct report_section *section;	/* its entry in report_sections */
	const struct report_config *config;
	const struct model	*model;
	const struct verdict	*judged;	/* NULL: counted here, nothing vendored */
	struct section_groups	*groups;	/* the model's: section_groups() */
	const struct kgroup_set	*old;		/* the baseline's; NULL without one */
	const struct model	*baseline;	/* the baseline itself; NULL without one (sec_size.c) */
};

/* The model's kernels by collapsed name and sm (kgroup_build), built the
 * first time a section asks: a report of the size or build sections alone
 * sorts no kernel. */
const struct kgroup_set *section_groups(const struct section_input *);
/* Every file's kernels, copies in their own files (kgroup_build_files):
 * what the baseline diff compares with a baseline's. */
const struct kgroup_set *section_file_groups(const struct section_input *);

void	section_summary(struct rdoc *, const struct section_input *);
void	section_spills(struct rdoc *, const struct section_input *);
void	section_arrays(struct rdoc *, const struct section_input *);
void	section_arches(struct rdoc *, const struct section_input *);
void	section_coverage(struct rdoc *, const struct section_input *);
void	section_builds(struct rdoc *, const struct section_input *);
/* The builds section's compile-time traces (sec_builds_traces.c). */
void	section_builds_traces(struct rdoc *, const struct section_input *);
void	section_occupancy(struct rdoc *, const struct section_input *);
void	section_diff(struct rdoc *, const struct section_input *);
/* whether a kernel launches, and where */
void	section_launch(struct rdoc *, const struct section_input *);
/* AMDGPU (sec_amd.c) */
void	section_amd(struct rdoc *, const struct section_input *);
void	section_size(struct rdoc *, const struct section_input *);
/* --what-if (sec_whatif.c) */
void	section_whatif(struct rdoc *, const struct section_input *);
/* The verdict line on top and the provenance at the bottom (sec_verdict.c):
 * paragraphs of the whole report, shown when no --sections is given. */
void	section_verdict(struct rdoc *, const struct section_input *);
void	section_provenance(struct rdoc *, const struct section_input *);

/* The section's heading, with its title from the table. */
void	section_heading(struct rdoc *, const struct section_input *);
/* Sorts v and keeps each distinct string once; returns the count. */
size_t	section_uniq_sorted(const char **v, size_t n, int (*cmp)(const void *, const void *));
/* The kernel, library and sm columns, and one group's cells in them. */
void	section_kernel_cols(struct rtable *);
void	section_kernel_cells(struct rtable *, const struct section_input *, const struct kgroup *);
/* A kernel's library cell: "sepapp (also in sepapp_dlink.o, frames.o)"
 * when other files hold the same kernel (copies.h). */
void	section_library_cell(struct rtable *, const struct section_input *, const struct kgroup *);

/*
 * One column of a section's table: its own heading, or the heading of
 * columns[column] (src/model/columns.c) when heading is NULL.  In a kernel
 * table (section_kernel_table) field is the offsetof of the int32_t of
 * struct kgroup the column shows.
 */
struct section_col {
	const char	*heading;
	int		 column;	/* a COL_ id, read when heading is NULL */
	int		 flags;		/* RC_* */
	size_t		 field;
	int		 worst;		/* its value counts in the row's weight */
};
#define SECTION_OWN(words, rc)		{ .heading = (words), .flags = (rc) }
#define SECTION_COL(id, rc)		{ .column = (id), .flags = (rc) }
#define SECTION_NUM(words, member)	{ .heading = (words), .flags = RC_NUM, \
					  .field = offsetof(struct kgroup, member) }
#define SECTION_COL_NUM(id, member)	{ .column = (id), .flags = RC_NUM, \
					  .field = offsetof(struct kgroup, member) }
/* A kernel table's rows are written heaviest first: the weight is the
 * sum of the columns marked so (ties keep the groups' order). */
#define SECTION_WORST_NUM(words, member)	{ .heading = (words), .flags = RC_NUM, \
					  .field = offsetof(struct kgroup, member), .worst = 1 }
#define SECTION_WORST_COL(id, member)	{ .column = (id), .flags = RC_NUM, \
					  .field = offsetof(struct kgroup, member), .worst = 1 }
#define SECTION_NCOLS(cols)		(sizeof (cols) / sizeof (cols)[0])

/*
 * Per-library tables (coverage, AMD targets): one entry per library of
 * the images takes(image) is true of, in the order of the libraries'
 * names, add(entry, image) called for each such image.  An entry is size
 * bytes, zeroed at first, its first member the library's name (const
 * char *, less the common prefix).
 */
void	*section_libraries(const struct model *, size_t size,
	    int (*takes)(const struct image_rec *),
	    void (*add)(void *entry, const struct image_rec *), size_t *n);
/* Adds arch to the list (*v, *n) unless it is there already. */
void	section_add_arch(const char ***v, size_t *n, const char *arch);

/* Adds the columns, in order. */
void	section_cols(struct rtable *, const struct section_col *, size_t n);
/*
 * A kernel table's rows are the groups not vendored whose first column (a
 * count of instantiations) is above 0; section_kernel_rows counts them.
 * section_kernel_table adds the table: kernel, library, sm, then the
 * columns, each a number from its field.
 */
size_t	section_kernel_rows(const struct kgroup_set *, const struct section_col *);
void	section_kernel_table(struct rdoc *, const struct section_input *,
	    const struct section_col *, size_t n);

#endif
