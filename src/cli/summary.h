/* SPDX-License-Identifier: MIT */
/* --summary: one line per library, as a CI script that checks spills
 * prints it. */
#ifndef SPILLWAY_SUMMARY_H
#define SPILLWAY_SUMMARY_H

#include <stdio.h>

#include "model.h"

void	summary_write(FILE *, const struct model *);

#endif
