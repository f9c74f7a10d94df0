/* SPDX-License-Identifier: MIT */
/*
 * The images as --list=images writes them (listcsv_write_images) and
 * reads them back (imagescsv): the columns in their order, and the words
 * for image kinds and compressions, the CSV's and the people's.
 */
#ifndef SPILLWAY_IMAGECOLS_H
#define SPILLWAY_IMAGECOLS_H

#include "model.h"

/* In --list=images' order: the enum's order is the header's. */
enum image_column {
	IMGCOL_LIBRARY, IMGCOL_MEMBER, IMGCOL_KIND, IMGCOL_ARCH, IMGCOL_COMPRESSED,
	IMGCOL_STORED_SIZE, IMGCOL_SIZE, IMGCOL_CODE_VERSION, IMGCOL_TOOLKIT, IMGCOL_PRODUCER,
	IMGCOL_RELOCATABLE, IMGCOL_OFFSET, IMGCOL_GLOBAL, IMGCOL_CONSTANT, IMGCOL_ENTRY_SIZE,
	IMGCOL_SHARE, IMGCOL_RATIO, IMGCOL_PTX_BYTES, IMGCOL_TEXT_BYTES, IMGCOL_MERC_BYTES,
	IMGCOL_HASH, IMGCOL_NVLINK_INPUT,
	IMGCOLS
};
extern const char *const image_column_names[IMGCOLS];
/* The header up to this column says what the file is: an images list. */
#define IMGCOL_SNIFF_LAST	IMGCOL_SIZE

/* By enum image_kind: the CSV's and the size tables' word ("sass"), and
 * the reports' and the browser's ("SASS", "LTO-IR"). */
#define IMAGE_KINDS	3
extern const char *const image_kind_words[IMAGE_KINDS];
extern const char *const image_kind_titles[IMAGE_KINDS];
/* What the device link's inputs (model.inputs) are called beside their
 * kind: "SASS, nvlink input" in the reports and the browser. */
#define NVLINK_INPUT_WORDS	"nvlink input"

/* By enum image_compression: "none", "zstd", "lz4". */
#define COMPRESSIONS	3
extern const char *const compression_words[COMPRESSIONS];

/* The enum image_kind a word spells, -1 when none. */
int	image_kind_of(const char *word);
/* The enum image_compression a word spells, -1 when none. */
int	compression_of(const char *word);

#endif
