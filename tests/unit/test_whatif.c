/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests for --what-if (src/model/whatif.c): the grammar, the codec
 * each mode gives an image, and the bytes after, on the entries of the
 * corpus's tests/corpus/build/spill.compress-*.fatbin as --list=images
 * reads them (nvcc 13.0, sm_80 sm_90 sm_100 + compute_90): the real
 * size-mode file is 67960 bytes, the none-mode one 423456.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "whatif.h"

static void
test_grammar(void **state)
{
	struct whatif w;
	char err[256];

	memset(&w, 0, sizeof w);
	assert_int_equal(whatif_parse(&w, "drop:sm_80,sm_86", err, sizeof err), 0);
	assert_int_equal(w.drop_sass.n, 2);
	assert_string_equal(w.drop_sass.v[1], "sm_86");
	/* Several compose; ';' separates as ',' does; a bare number is SASS. */
	assert_int_equal(whatif_parse(&w, "drop:90a;drop-ptx:80,compute_90;compress=balance",
	    err, sizeof err), 0);
	assert_int_equal(w.drop_sass.n, 3);
	assert_string_equal(w.drop_sass.v[2], "sm_90a");
	assert_int_equal(w.drop_ptx.n, 2);
	assert_string_equal(w.drop_ptx.v[0], "compute_80");
	assert_int_equal(w.mode, WHATIF_BALANCED);
	assert_int_equal(whatif_parse(&w, "ptx:none,compress-all,compress:size", err, sizeof err), 0);
	assert_true(w.ptx_none && w.compress_all && w.given);
	assert_int_equal(w.mode, WHATIF_SIZE);
	whatif_free(&w);

	/* What is refused, with why. */
	assert_int_equal(whatif_parse(&w, "drop:compute_80", err, sizeof err), -1);
	assert_non_null(strstr(err, "names PTX"));
	assert_int_equal(whatif_parse(&w, "drop-ptx:sm_80", err, sizeof err), -1);
	assert_int_equal(whatif_parse(&w, "compress=fast", err, sizeof err), -1);
	assert_non_null(strstr(err, "none, speed, balanced, size"));
	assert_int_equal(whatif_parse(&w, "sm_80", err, sizeof err), -1);
	assert_int_equal(whatif_parse(&w, "compress=size,sm_80", err, sizeof err), -1);
	assert_int_equal(whatif_parse(&w, "drop:gfx90a", err, sizeof err), -1);
	assert_int_equal(whatif_parse(&w, "drop:sm_999", err, sizeof err), -1);
	assert_int_equal(whatif_parse(&w, "ptx:all", err, sizeof err), -1);
	assert_int_equal(whatif_parse(&w, "frob:1", err, sizeof err), -1);
	assert_int_equal(whatif_parse(&w, ",;", err, sizeof err), -1);
	assert_false(w.given);
	whatif_free(&w);
	(void)state;
}

/* What each mode compresses, as fatbinary 13.0 did (doc/binary-formats.md 3.3). */
static void
test_codecs(void **state)
{
	struct whatif w;
	struct image_rec sass = { .kind = IMAGE_SASS, .fatbin = 1 };
	struct image_rec ptx = { .kind = IMAGE_PTX, .fatbin = 1 };
	struct image_rec rel = { .kind = IMAGE_SASS, .fatbin = 1, .relocatable = 1 };
	struct image_rec bare = { .kind = IMAGE_SASS, .compression = COMPRESS_NONE };
	struct image_rec lto = { .kind = IMAGE_LTO, .fatbin = 1 };
	int level;

	memset(&w, 0, sizeof w);
	w.given = 1;
	w.mode = WHATIF_BALANCED;
	assert_int_equal(whatif_codec(&w, &sass, &level), COMPRESS_NONE);
	assert_int_equal(whatif_codec(&w, &ptx, &level), COMPRESS_ZSTD);
	assert_int_equal(level, 5);
	assert_int_equal(whatif_codec(&w, &rel, &level), COMPRESS_ZSTD);
	assert_int_equal(whatif_codec(&w, &bare, &level), COMPRESS_NONE);
	assert_int_equal(whatif_codec(&w, &lto, &level), COMPRESS_NONE);
	w.mode = WHATIF_SIZE;
	assert_int_equal(whatif_codec(&w, &sass, &level), COMPRESS_ZSTD);
	assert_int_equal(level, 19);
	w.mode = WHATIF_SPEED;
	assert_int_equal(whatif_codec(&w, &sass, &level), COMPRESS_NONE);
	assert_int_equal(whatif_codec(&w, &ptx, &level), COMPRESS_LZ4);
	assert_int_equal(level, 2);
	w.compress_all = 1;
	assert_int_equal(whatif_codec(&w, &sass, &level), COMPRESS_LZ4);
	w.mode = WHATIF_NONE;
	assert_int_equal(whatif_codec(&w, &ptx, &level), COMPRESS_NONE);
	/* compress-all alone: nvcc's default (balanced) mode with it. */
	w.mode = WHATIF_KEEP;
	assert_int_equal(whatif_codec(&w, &sass, &level), COMPRESS_ZSTD);
	assert_int_equal(level, 5);
	assert_true(whatif_compresses(&w));
	w.compress_all = 0;
	assert_false(whatif_compresses(&w));
	(void)state;
}

static const char LIB[] = "spill.fatbin", NONE[] = "";

/* One entry as --list=images reads it: stored, decompressed, entry bytes. */
static void
add(struct model *m, const char *arch, enum image_kind kind, enum image_compression c,
    uint64_t stored, uint64_t size, uint64_t entry, uint64_t predicted)
{
	struct image_rec img;

	memset(&img, 0, sizeof img);
	img.library = LIB;
	img.member = NONE;
	strcpy(img.arch, arch);
	img.kind = (uint8_t)kind;
	img.compression = (uint8_t)c;
	img.stored_size = stored;
	img.size = size;
	img.entry_size = entry;
	img.fatbin = 1;
	img.toolkit = kind == IMAGE_SASS ? "13.0" : "";
	img.version_major = kind == IMAGE_SASS ? 1 : 9;
	img.version_minor = kind == IMAGE_SASS ? 8 : 0;
	img.predicted = predicted;
	model_add_image(m, &img);
}

static void
add_fatbin(struct model *m, uint64_t size)
{
	struct fatbin_rec fb;

	memset(&fb, 0, sizeof fb);
	fb.library = LIB;
	fb.member = NONE;
	fb.section = NONE;
	fb.size = fb.file_size = size;
	fb.containers = 1;
	fb.container_headers = 16;
	model_add_fatbin(m, &fb);
}

/* spill.compress-none.fatbin, with the sizes size mode's real file has
 * as the predictions (so the arithmetic alone is under test). */
static void
none_model(struct model *m)
{
	model_init(m);
	add_fatbin(m, 423456);
	add(m, "sm_80", IMAGE_SASS, COMPRESS_NONE, 87784, 87784, 87848, 17968);
	add(m, "compute_90", IMAGE_PTX, COMPRESS_NONE, 74712, 74712, 74792, 6465);
	add(m, "sm_90", IMAGE_SASS, COMPRESS_NONE, 87848, 87848, 87912, 17310);
	add(m, "sm_100", IMAGE_SASS, COMPRESS_NONE, 172776, 172776, 172888, 25868);
}

static void
apply(const struct model *m, const char *spec, struct whatif_result *r)
{
	struct whatif w;
	char err[256];

	memset(&w, 0, sizeof w);
	assert_int_equal(whatif_parse(&w, spec, err, sizeof err), 0);
	whatif_apply(m, &w, r);
	whatif_free(&w);
}

static void
test_drops(void **state)
{
	struct model m;
	struct whatif_result r;

	none_model(&m);
	/* An entry dropped: its header and padded payload. */
	apply(&m, "drop:sm_80", &r);
	assert_int_equal(r.n, 1);
	assert_int_equal(r.v[0].now, 423456);
	assert_int_equal(r.v[0].after, 423456 - 87848);
	assert_int_equal(r.v[0].dropped, 1);
	/* sm_8x lose sm_80's SASS; compute_90 does not JIT for them. */
	assert_string_equal(r.v[0].lose_native, "sm_80 sm_86 sm_87 sm_88 sm_89");
	assert_string_equal(r.v[0].to_jit, "");
	assert_string_equal(r.v[0].cannot, "sm_80 sm_86 sm_87 sm_88 sm_89");
	assert_string_equal(r.v[0].driver_after, "580.65.06");
	whatif_result_free(&r);
	/* sm_90's SASS gone: an H100 JITs compute_90. */
	apply(&m, "drop:sm_90", &r);
	assert_string_equal(r.v[0].lose_native, "sm_90");
	assert_string_equal(r.v[0].to_jit, "sm_90");
	assert_string_equal(r.v[0].cannot, "");
	whatif_result_free(&r);
	apply(&m, "ptx:none", &r);
	assert_int_equal(r.v[0].after, 423456 - 74792);
	assert_string_equal(r.v[0].lose_native, "");
	assert_string_equal(r.v[0].cannot, "sm_110 sm_120 sm_121");
	whatif_result_free(&r);
	/* Every entry gone: the container's header too, the file is empty. */
	apply(&m, "drop:sm_80,sm_90,sm_100;ptx:none", &r);
	assert_int_equal(r.v[0].after, 0);
	assert_null(r.v[0].driver_after);
	whatif_result_free(&r);
	/* Nothing asked of an arch the file lacks. */
	apply(&m, "drop:sm_75", &r);
	assert_int_equal(r.after, r.now);
	whatif_result_free(&r);
	model_free(&m);
	(void)state;
}

static void
test_compression(void **state)
{
	struct model m;
	struct whatif_result r;

	none_model(&m);
	/* Size mode's real payloads, padded to 8 under the kept headers:
	 * the real file's 67960 bytes exactly. */
	apply(&m, "compress=size", &r);
	assert_int_equal(r.after, 67960);
	assert_int_equal(r.v[0].recompressed, 4);
	assert_int_equal(r.unknown, 0);
	whatif_result_free(&r);
	/* Balanced compresses the PTX alone: 8568 for its 74792. */
	m.images[1].predicted = 8485;
	apply(&m, "compress=balanced", &r);
	assert_int_equal(r.after, 423456 - 74792 + 80 + 8488);
	whatif_result_free(&r);
	/* Not predicted: the stored bytes kept, and said. */
	m.images[1].predicted = 0;
	apply(&m, "compress=balanced", &r);
	assert_int_equal(r.after, 423456);
	assert_int_equal(r.unknown, 1);
	whatif_result_free(&r);
	model_free(&m);

	/* spill.compress-size.fatbin stored plain again: the none-mode file,
	 * its PTX (74706 with its NUL) padded to 74712. */
	model_init(&m);
	add_fatbin(&m, 67960);
	add(&m, "sm_80", IMAGE_SASS, COMPRESS_ZSTD, 17968, 87784, 18032, 0);
	add(&m, "compute_90", IMAGE_PTX, COMPRESS_ZSTD, 6465, 74706, 6552, 0);
	add(&m, "sm_90", IMAGE_SASS, COMPRESS_ZSTD, 17310, 87848, 17376, 0);
	add(&m, "sm_100", IMAGE_SASS, COMPRESS_ZSTD, 25868, 172776, 25984, 0);
	apply(&m, "compress=none", &r);
	assert_int_equal(r.after, 423456);
	assert_int_equal(r.unknown, 0);
	whatif_result_free(&r);
	model_free(&m);
	(void)state;
}

/*
 * A linked file: the RW segment after the one that holds .nv_fatbin keeps
 * its offset congruent to its address, so the file moves by whole pages.
 * tests/corpus/whatif/base_memory.so (readelf -lW): the R segment ends at
 * 0x1a138, the RW one starts at 0x1adc0 (3208 bytes on, p_align 0x1000);
 * its sm_86 entry is 28824 bytes, and the rebuild without it is 28672
 * bytes (7 pages) smaller.
 */
static void
test_pages(void **state)
{
	struct model m;
	struct whatif_result r;
	struct fatbin_rec fb;

	model_init(&m);
	memset(&fb, 0, sizeof fb);
	fb.library = LIB;
	fb.member = NONE;
	fb.section = ".nv_fatbin";
	fb.size = 0x169d8;
	fb.file_size = 120904;
	fb.seg_gap = 3208;
	fb.seg_align = 4096;
	model_add_fatbin(&m, &fb);
	add(&m, "sm_80", IMAGE_SASS, COMPRESS_NONE, 28000, 28000, 28064, 0);
	add(&m, "sm_86", IMAGE_SASS, COMPRESS_NONE, 28760, 28760, 28824, 5000);
	add(&m, "sm_90", IMAGE_SASS, COMPRESS_NONE, 30000, 30000, 30064, 0);
	apply(&m, "drop:sm_86", &r);
	assert_int_equal(r.v[0].after, 120904 - 28672);
	assert_int_equal(r.v[0].device_after, 0x169d8 - 28824);
	whatif_result_free(&r);
	/* Growing within the gap moves nothing; past it, by whole pages:
	 * sm_80 stored compressed (28000 bytes of 31200), stored plain. */
	m.images[0].compression = COMPRESS_ZSTD;
	m.images[0].size = 31200;
	apply(&m, "compress=none", &r);
	assert_int_equal(r.v[0].device_after, 0x169d8 + 3200);
	assert_int_equal(r.v[0].after, 120904);
	whatif_result_free(&r);
	m.images[0].size = 31300;	/* 3304 bytes more: past the 3208 */
	apply(&m, "compress=none", &r);
	assert_int_equal(r.v[0].after, 120904 + 4096);
	whatif_result_free(&r);
	model_free(&m);
	(void)state;
}

/* An executable's __nv_relfatbin beside its .nv_fatbin (model.inputs):
 * a rebuild without sm_80 drops its inputs' sm_80 entries too, and no
 * GPU runs an input: sm_90's input alone does not keep sm_90 native. */
static void
test_inputs(void **state)
{
	struct model m;
	struct whatif_result r;
	struct image_rec in;

	model_init(&m);
	add_fatbin(&m, 16 + 8880 + 9264);
	m.fatbins[0].file_size = 30000;
	add_fatbin(&m, 16 + 504 + 648);
	m.fatbins[1].file_size = 30000;
	m.fatbins[1].inputs = 1;
	add(&m, "sm_80", IMAGE_SASS, COMPRESS_NONE, 8816, 8816, 8880, 0);
	add(&m, "sm_90", IMAGE_SASS, COMPRESS_NONE, 9200, 9200, 9264, 0);
	for (int k = 0; k < 2; k++) {
		in = m.images[k];
		in.fatbin = 2;
		in.relocatable = 1;
		in.compression = COMPRESS_ZSTD;
		in.entry_size = k == 0 ? 504 : 648;
		in.stored_size = in.entry_size - 64 - 4;
		model_add_input(&m, &in);
	}
	apply(&m, "drop:sm_80", &r);
	assert_int_equal(r.n, 1);
	assert_int_equal(r.v[0].after, 30000 - 8880 - 504);
	assert_int_equal(r.v[0].dropped, 2);
	whatif_result_free(&r);
	apply(&m, "drop:sm_90", &r);
	assert_string_equal(r.v[0].lose_native, "sm_90");
	assert_string_equal(r.v[0].cannot, "sm_90");
	whatif_result_free(&r);
	/* Inputs are compressed by the mode too; not predicted: said. */
	apply(&m, "compress=size", &r);
	assert_int_equal(r.v[0].unknown, 4);
	whatif_result_free(&r);
	model_free(&m);
	(void)state;
}

/* A prebuilt library's inputs (libcudadevrt.a's sm_75 to sm_121: one
 * container, its entries back to back, of arches the link did not make)
 * are kept as shipped, neither dropped nor compressed anew; the build's
 * own (sm_80 and sm_90, back to back) go with the change. */
static void
test_prebuilt_inputs(void **state)
{
	static const struct {
		const char	*arch;
		uint64_t	 offset, entry;
	} inputs[] = {
		{ "sm_80", 16, 504 }, { "sm_90", 520, 648 },
		{ "sm_75", 1184, 1000 }, { "sm_80", 2184, 1000 }, { "sm_100", 3184, 1000 },
	};
	struct model m;
	struct whatif_result r;
	struct image_rec in;

	model_init(&m);
	add_fatbin(&m, 16 + 8880 + 9264);
	m.fatbins[0].file_size = 40000;
	add_fatbin(&m, 32 + 504 + 648 + 3 * 1000);
	m.fatbins[1].file_size = 40000;
	m.fatbins[1].inputs = 1;
	add(&m, "sm_80", IMAGE_SASS, COMPRESS_NONE, 8816, 8816, 8880, 0);
	add(&m, "sm_90", IMAGE_SASS, COMPRESS_NONE, 9200, 9200, 9264, 0);
	for (size_t k = 0; k < sizeof inputs / sizeof inputs[0]; k++) {
		in = m.images[0];
		strcpy(in.arch, inputs[k].arch);
		in.fatbin = 2;
		in.relocatable = 1;
		in.compression = COMPRESS_ZSTD;
		in.offset = inputs[k].offset;
		in.entry_size = inputs[k].entry;
		in.stored_size = in.entry_size - 64 - 4;
		model_add_input(&m, &in);
	}
	apply(&m, "drop:sm_80", &r);
	assert_int_equal(r.v[0].after, 40000 - 8880 - 504);
	assert_int_equal(r.v[0].dropped, 2);
	assert_int_equal(r.shipped, 3);
	whatif_result_free(&r);
	apply(&m, "compress=size", &r);
	assert_int_equal(r.v[0].unknown, 4);
	assert_int_equal(r.v[0].shipped, 3);
	whatif_result_free(&r);
	model_free(&m);
	(void)state;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_grammar),
		cmocka_unit_test(test_codecs),
		cmocka_unit_test(test_drops),
		cmocka_unit_test(test_compression),
		cmocka_unit_test(test_pages),
		cmocka_unit_test(test_inputs),
		cmocka_unit_test(test_prebuilt_inputs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
