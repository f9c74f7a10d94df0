/* SPDX-License-Identifier: MIT */
/* --summary: one line per library, as seed 000's check_cuda_spills prints. */
#ifndef SPILLWAY_SUMMARY_H
#define SPILLWAY_SUMMARY_H

#include <stdio.h>

#include "model.h"

void	summary_write(FILE *, const struct model *);

#endif
