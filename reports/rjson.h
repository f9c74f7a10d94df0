/* SPDX-License-Identifier: MIT */
/*
 * --report=json: the judge's verdict as one JSON object, the findings
 * (level, rule, text, library, the entry's kernel and sm) and the counts,
 * the same numbers --check prints.  data/schema/report.schema.json
 * describes it.  (rjson, not json: jansson owns the json_ prefix.)
 */
#ifndef SPILLWAY_RJSON_H
#define SPILLWAY_RJSON_H

#include <stdio.h>

#include "model.h"
#include "verdict.h"

/* Writes the object and a newline; returns 0, or -1 when jansson failed. */
int	rjson_write_verdict(FILE *, const struct model *, const struct verdict *);

#endif
