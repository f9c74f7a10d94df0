/* SPDX-License-Identifier: MIT */
/* --summary's lines of --what-if: the total, then the files that change most. */
#ifndef SPILLWAY_WHATIFSUM_H
#define SPILLWAY_WHATIFSUM_H

#include <stdio.h>

#include "model.h"
#include "whatif.h"

/* The files shown after the total line, the largest changes first. */
#define WHATIFSUM_FILES	5

void	whatifsum_write(FILE *, const struct model *, const struct whatif *);

#endif
