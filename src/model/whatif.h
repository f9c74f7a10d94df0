/* SPDX-License-Identifier: MIT */
/*
 * --what-if: what the files would weigh, and where they would run, after
 * a rebuild that drops SASS arches, drops PTX, or changes nvcc's
 * -compress-mode (and -Xfatbin -compress-all), answered from the images
 * the scan read.
 *
 * Bytes: a fatbin entry is its header and its payload padded to 8 bytes
 * (doc/binary-formats.md 2.3), so dropping one takes entry_size from its
 * container, its section (.nv_fatbin, __nv_relfatbin) and the file; a new
 * compression changes the payload to the predicted compressed size (the
 * worker compressed the image as fatbinary does: src/readers/recompress.c)
 * padded to 8, the header kept.  In an object the sections after the
 * fatbin's move by that many bytes, a multiple of 8; in a linked file the
 * segment after the one that holds it moves by whole pages (file_shrink),
 * as GNU ld lays it out.  tests/corpus/whatif-rebuild.sh measures both
 * against real rebuilds.
 *
 * Where it runs: each GPU of data/arches.csv runs a file by its native
 * SASS, by PTX JIT, or not at all (arch.h's rules, as the coverage section
 * says them), before and after; the driver floor is the newest of the
 * kept images' oldest drivers (deploy.h), as --require-driver judges.
 */
#ifndef SPILLWAY_WHATIF_H
#define SPILLWAY_WHATIF_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"
#include "strlist.h"

/* nvcc 13's -compress-mode, and keep: as built. */
enum whatif_mode { WHATIF_KEEP, WHATIF_NONE, WHATIF_SPEED, WHATIF_BALANCED, WHATIF_SIZE,
	WHATIF_MODES };
extern const char *const whatif_mode_names[WHATIF_MODES];

struct whatif {
	struct strlist	 drop_sass;	/* "sm_80", "sm_90a": SASS of exactly these */
	struct strlist	 drop_ptx;	/* "compute_80": PTX of exactly these */
	int		 ptx_none;	/* every PTX entry goes */
	int		 mode;		/* enum whatif_mode */
	int		 compress_all;	/* -Xfatbin -compress-all: SASS compressed too */
	int		 given;		/* --what-if was given */
};

/*
 * Adds one --what-if argument to *w (several compose).  Clauses are
 * separated by ',' or ';': drop:ARCHES, drop-ptx:ARCHES, ptx:none,
 * compress=MODE (or compress:MODE), compress-all; an item with neither
 * ':' nor '=' continues the list of the clause before it
 * ("drop:sm_80,sm_86").  0, or -1 with why in err.
 */
int	whatif_parse(struct whatif *, const char *arg, char *err, size_t errsize);
void	whatif_free(struct whatif *);
/* Whether the spec changes compression: the images must be compressed
 * to predict (the scan's workers do it). */
int	whatif_compresses(const struct whatif *);

/* The codec fatbinary uses for an image under w, as measured on nvcc 13.0
 * (doc/binary-formats.md 3.3), and its level; the image's own when the
 * mode is kept or the image is not a fatbin entry. */
enum image_compression whatif_codec(const struct whatif *, const struct image_rec *, int *level);
/* Whether w drops the image. */
int	whatif_drops(const struct whatif *, const struct image_rec *);

/* One file (or archive member) that carries device code. */
struct whatif_file {
	const char	*library, *member;
	uint64_t	 now, after;	/* the file's bytes (a fatbin section's file, a cubin) */
	uint64_t	 device_now, device_after;	/* its fatbin sections' and cubins' bytes */
	uint32_t	 dropped;	/* images the spec drops */
	uint32_t	 recompressed;	/* images whose payload changes codec */
	uint32_t	 unknown;	/* of those, images with no prediction: after is a guess */
	uint32_t	 shipped;	/* device link inputs of prebuilt libraries, kept */
	char		*lose_native;	/* GPUs that lose native SASS, "sm_80 sm_86"; "" none */
	char		*to_jit;	/* of those, the ones that then JIT PTX */
	char		*cannot;	/* GPUs that ran it and then cannot at all */
	const char	*driver_now, *driver_after;	/* the driver floor; NULL unknown */
};

/*
 * A package that ships files of device code (model.packages): its bytes
 * as shipped, and after the change.  A dropped entry takes with it the
 * package's bytes its span says it takes (deflated, in a wheel); a
 * recompressed one's new zstd payload is counted as it is (zstd's bytes
 * deflate no further).  unknown: changed entries whose share cannot be
 * told (a compressed tarball; a payload then stored plain or in LZ4,
 * whose deflated size only deflating it would tell), counted as they are
 * now.
 */
struct whatif_package {
	const char	*name;
	uint64_t	 now, after;
	uint32_t	 unknown;
};

struct whatif_result {
	struct whatif_file *v;
	size_t		 n;
	struct whatif_package *packages;
	size_t		 npackages;
	uint64_t	 now, after;	/* every file's, summed */
	uint64_t	 device_now, device_after;
	uint32_t	 unknown;	/* images of no prediction, over every file */
	uint32_t	 shipped;	/* device link inputs of prebuilt libraries, kept */
	int		 damaged;	/* a fatbin walk stopped early: its file's figures are short */
};

/* The files of the model before and after w, in the model's order of
 * files; w NULL or not given: after = now.  Free with whatif_result_free. */
void	whatif_apply(const struct model *, const struct whatif *, struct whatif_result *);
void	whatif_result_free(struct whatif_result *);
/* The stored payload an image would have under w: its predicted
 * compressed size, or its decompressed size stored plain; *known 0 when
 * the codec changes and nothing was predicted (the stored size is kept). */
uint64_t whatif_payload(const struct whatif *, const struct image_rec *, int *known);

#endif
