/* SPDX-License-Identifier: MIT */
/*
 * --check --junit=FILE: the verdict as JUnit XML, what GitLab, Jenkins and
 * ctest dashboards read: one testsuite per library, one testcase per
 * (kernel, sm) the judge gated, failing with the text of each violation
 * about it; a violation about no entry (a library's missing SASS, a stale
 * allowance with --stale-fails, a build budget) is a testcase of its own.
 * data/schema/junit.xsd is the shape (Jenkins' and Ant's).
 */
#ifndef SPILLWAY_JUNIT_H
#define SPILLWAY_JUNIT_H

#include <stdio.h>

#include "model.h"
#include "verdict.h"

/* Returns 0, or -1 when libxml2 could not write. */
int	junit_write(FILE *, const struct model *, const struct verdict *);

#endif
