/*
 * Which GPU loads which image: native SASS, PTX JIT, or nothing.
 * SASS sm_XY runs on the same major with a minor >= Y; sm_XYa only on
 * sm_XY itself; sm_XYf on the family (same major, minor >= Y).  PTX
 * compute_XY JITs to any GPU >= XY; compute_XYa only to XY, compute_XYf
 * within the family.
 */
#ifndef SPILLWAY_COMPAT_H
#define SPILLWAY_COMPAT_H

struct archid {
	int	major, minor;
	char	suffix;		/* 0, 'a' or 'f' */
	int	ptx;		/* named compute_ */
};

/* Parses "sm_86", "compute_90a", "sm_103f" or "86"; 0 on success, -1 if none. */
int	compat_parse(const char *s, struct archid *);
int	compat_number(const struct archid *);	/* 86, 100, 121 */
/* True when a SASS image built for img runs on gpu. */
int	compat_sass_runs(const struct archid *img, const struct archid *gpu);
/* True when PTX built for img can be JIT-compiled for gpu. */
int	compat_ptx_jits(const struct archid *img, const struct archid *gpu);

#endif
