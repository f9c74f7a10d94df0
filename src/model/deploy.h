/* SPDX-License-Identifier: MIT */
/*
 * Deployability: the oldest driver that loads an image, from the toolkit
 * table compiled in (data/toolkits.csv: NVIDIA's release notes, CUDA's
 * minor-version compatibility, the PTX ISA versions), and the default-arch
 * signature.
 *   SASS  built by toolkit X.Y loads on the minor-version-compatible
 *         driver of major X (12.x: 525.60.13);
 *   PTX   of ISA version V JITs on the driver of the first toolkit that
 *         writes V (8.5: CUDA 12.5's 555.42.02); minor-version
 *         compatibility does not reach PTX.
 */
#ifndef SPILLWAY_DEPLOY_H
#define SPILLWAY_DEPLOY_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"

struct toolkit_driver {
	const char	*toolkit;	/* "12.4" */
	int32_t		 ptx_major, ptx_minor;	/* the PTX ISA it writes */
	const char	*driver;	/* the Linux driver it shipped with */
	const char	*compat_driver;	/* the oldest that loads its SASS */
};

extern const struct toolkit_driver toolkit_drivers[];
extern const size_t toolkit_driver_count;

/* A driver version: "535", "R535", "535.104.05" into up to 3 numbers
 * (missing ones 0).  The count of numbers given, or -1 when it is none. */
int	deploy_driver_parse(const char *s, long v[3]);
/* <0, 0, >0 as a is older than, the same as, or newer than b, on the
 * first n numbers ("R535" is every 535.x: n = 1). */
int	deploy_driver_cmp(const long a[3], const long b[3], int n);

/*
 * The oldest driver that loads an image, as text ("525.60.13"), and the
 * toolkit it is the driver of ("12.x", "12.5"): SASS by its toolkit note,
 * PTX by its ISA version (the fatbin's code version).  NULL when the note
 * is missing or the version is newer than the table.
 */
const char *deploy_min_driver(const struct image_rec *, const char **why);

/* The toolkits whose nvcc defaults to one arch when given none: "sm_52"
 * (CMake's CMP0104 fallback, nvcc before 12.9's default), "sm_75" (nvcc 13). */
extern const char *const deploy_default_arches[];
extern const size_t deploy_default_arch_count;

#endif
