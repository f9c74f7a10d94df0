/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <string.h>

#include "imagecols.h"

const char *const image_column_names[IMGCOLS] = {
	[IMGCOL_LIBRARY] = "library", [IMGCOL_MEMBER] = "member", [IMGCOL_KIND] = "kind",
	[IMGCOL_ARCH] = "arch", [IMGCOL_COMPRESSED] = "compressed",
	[IMGCOL_STORED_SIZE] = "stored_size", [IMGCOL_SIZE] = "size",
	[IMGCOL_CODE_VERSION] = "code_version", [IMGCOL_TOOLKIT] = "toolkit",
	[IMGCOL_PRODUCER] = "producer", [IMGCOL_RELOCATABLE] = "relocatable",
	[IMGCOL_OFFSET] = "offset", [IMGCOL_GLOBAL] = "global", [IMGCOL_CONSTANT] = "constant",
	[IMGCOL_ENTRY_SIZE] = "entry_size", [IMGCOL_SHARE] = "share", [IMGCOL_RATIO] = "ratio",
	[IMGCOL_PTX_BYTES] = "ptx_bytes", [IMGCOL_TEXT_BYTES] = "text_bytes",
	[IMGCOL_MERC_BYTES] = "merc_bytes", [IMGCOL_HASH] = "hash",
	[IMGCOL_NVLINK_INPUT] = "nvlink_input",
};

const char *const image_kind_words[IMAGE_KINDS] = {
	[IMAGE_SASS] = "sass", [IMAGE_PTX] = "ptx", [IMAGE_LTO] = "lto",
};

const char *const image_kind_titles[IMAGE_KINDS] = {
	[IMAGE_SASS] = "SASS", [IMAGE_PTX] = "PTX", [IMAGE_LTO] = "LTO-IR",
};

const char *const compression_words[COMPRESSIONS] = {
	[COMPRESS_NONE] = "none", [COMPRESS_ZSTD] = "zstd", [COMPRESS_LZ4] = "lz4",
};

static int
word_index(const char *const *words, int n, const char *word)
{
	for (int i = 0; i < n; i++)
		if (strcmp(words[i], word) == 0)
			return i;
	return -1;
}

int
image_kind_of(const char *word)
{
	return word_index(image_kind_words, IMAGE_KINDS, word);
}

int
compression_of(const char *word)
{
	return word_index(compression_words, COMPRESSIONS, word);
}
