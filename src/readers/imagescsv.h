/* SPDX-License-Identifier: MIT */
/*
 * A --list=images CSV read back: each row an image of the
 * model, with its sizes, no functions; what --baseline compares bytes with.
 */
#ifndef SPILLWAY_IMAGESCSV_H
#define SPILLWAY_IMAGESCSV_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "model.h"

/* True when data starts with --list=images' header. */
int	imagescsv_is_list(const uint8_t *data, size_t size);
/* Adds every row's image to m; a row it cannot read is said in diags.
 * Returns 0, or -1 when something was not read. */
int	imagescsv_import(const uint8_t *data, size_t size, const char *file, struct model *m,
	    struct diag_list *diags, uint64_t order);

#endif
