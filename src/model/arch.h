/* SPDX-License-Identifier: MIT */
/*
 * GPU architectures: the one place that reads "sm_90a", "compute_120" or
 * "86", orders them, says which GPU loads which image, and applies --arch.
 *
 * Names: sm_XY is SASS, compute_XY PTX; a bare number is read as sm_XY.
 * XY is the compute capability, major X (one or more digits) and minor Y
 * (the last digit): 86 is 8.6, 121 is 12.1.  A suffix narrows where an
 * image runs: a ("arch-specific") that arch only, f ("family") the same
 * major with a minor at least as high.
 *
 * Loading: SASS sm_XY runs on the same major with a minor >= Y; sm_XYa only
 * on sm_XY itself; sm_XYf on the family (same major, minor >= Y).  PTX
 * compute_XY JITs to any GPU >= XY; compute_XYa only to XY, compute_XYf
 * within the family.
 *
 * Order (arch_cmp): every face that lists arches lists them so: names that
 * parse first, SASS before PTX, then by number (sm_75 before sm_100), then
 * plain, a, f (sm_90 before sm_90a); names that do not parse last, as text.
 */
#ifndef SPILLWAY_ARCH_H
#define SPILLWAY_ARCH_H

#include <stddef.h>

/*
 * At most 4 digits: real arches have 2 or 3 (sm_75 .. sm_121), and 4 leave
 * room for the next ones while no string, however long, can overflow the
 * number (a fatbin header's 32-bit arch writes "sm_4294967295").
 */
#define ARCH_DIGITS_MAX	4

struct arch_id {
	int	number;		/* 86, 100, 121 */
	int	major, minor;	/* 8 and 6, 10 and 0, 12 and 1 */
	char	suffix;		/* 0, 'a' or 'f' */
	int	ptx;		/* named compute_ */
	int	bare;		/* named by its number alone: "86", "90a" */
};

/* Reads "sm_86", "compute_90a", "sm_103f" or "86" into *a: 0, or -1 when
 * the string is no arch (then *a is zeroed). */
int	arch_parse(const char *s, struct arch_id *a);
/* True when a SASS image built for img runs on gpu. */
int	arch_sass_runs(const struct arch_id *img, const struct arch_id *gpu);
/*
 * True when SASS built for img answers a demand for want (--require-sass):
 * a plain want names a GPU, which any SASS that runs there natively
 * answers (arch_sass_runs, the rule the coverage table states: sm_86 SASS
 * answers 87); a want with a suffix asks for that variant itself (sm_90a).
 */
int	arch_sass_answers(const struct arch_id *img, const struct arch_id *want);
/* True when PTX built for img can be JIT-compiled for gpu. */
int	arch_ptx_jits(const struct arch_id *img, const struct arch_id *gpu);

/*
 * True when name is an arch a user may name (--arch, --require-sass): one
 * arch_parse reads (86, sm_90a, compute_75), of a generation
 * data/arches.csv knows (its newest major at most: sm_999 is no GPU), and
 * SASS when sass_only (compute_75 is PTX); or, unless sass_only, an
 * AMDGPU target (gfx90a:xnack+).
 */
int	arch_valid(const char *name, int sass_only);

/* The one order of arch names (see above): <0, 0 or >0 like strcmp. */
int	arch_cmp(const char *x, const char *y);
/* arch_cmp for qsort over an array of const char *. */
int	arch_qsort_cmp(const void *x, const void *y);

/*
 * True when arch (an image's "sm_90a", "compute_86") is one that --arch
 * selects: n == 0 selects every arch; a filter with no suffix ("86",
 * "sm_86", "compute_86") selects that number in SASS and PTX and in every
 * variant; one with a suffix ("sm_90a", "90a") selects that variant (of its
 * kind when it names one); one that is no arch only the very same name.
 */
int	arch_selected(const char *const *filters, size_t n, const char *arch);

/*
 * AMDGPU target ids (LLVM's AMDGPUUsage, "Target ID"): "gfx" and the
 * processor, major version (one or two digits), minor (one digit) and
 * stepping (one hex digit): gfx906 is 9.0.6, gfx90a 9.0.10, gfx1030
 * 10.3.0; then features, each ":name+" or ":name-" (sramecc, xnack), in
 * that order.  A feature not named is "any": the code object runs in
 * either mode.  A code object runs on a GPU of its processor alone (no
 * JIT, no compatibility between processors), in a mode its features
 * allow.  arch_cmp puts AMDGPU targets after NVIDIA's, by version, then
 * plain before featured.
 */
#define AMDGPU_FEATURES	2	/* sramecc, xnack */
struct amdgpu_target {
	int	major, minor, stepping;
	char	processor[12];		/* "gfx90a" */
	char	features[AMDGPU_FEATURES];	/* '+', '-', or 0 for any */
};
extern const char *const amdgpu_feature_names[AMDGPU_FEATURES];

/* Reads "gfx90a:xnack+" into *t: 0, or -1 when it is no target id. */
int	arch_amdgpu_parse(const char *s, struct amdgpu_target *t);
/* True when s is an AMDGPU target id ("gfx..."). */
int	arch_is_amdgpu(const char *s);
/* True when a code object for img runs on the GPU gpu names: the same
 * processor, and every feature gpu names (its mode) allowed by img. */
int	arch_amdgpu_runs(const struct amdgpu_target *img, const struct amdgpu_target *gpu);

#endif
