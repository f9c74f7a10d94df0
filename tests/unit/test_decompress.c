/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests for reading a zstd frame in pieces (src/readers/decompress.c,
 * decompress_zstd_pieces): whatever the size of the pieces, the image
 * comes out as the whole-frame path gives it; a frame cut short, a piece
 * that cannot be read and a size the header does not promise are errors
 * with a message, never a short image.  Under a budget, a worker that
 * waits for room is handed the pages another gives back, with what they
 * held (moved, not zeroed), and both go on reading right.  A worker that
 * waits for more images keeps its share of buffer, unless the budget is
 * short.
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <zstd.h>

#include "decompress.h"

#define IMAGE_SIZE	((size_t)3 << 20)

struct source {
	const uint8_t	*data;
	size_t		 size;		/* what read may supply */
	size_t		 fail_at;	/* a read from here on fails; SIZE_MAX: none */
	int		 reads;
};

struct frame {
	uint8_t		*image;		/* what the frame holds */
	uint8_t		*z;
	size_t		 zsize;
};

static int
read_source(void *ctx, size_t off, uint8_t *buf, size_t len)
{
	struct source *s = ctx;

	s->reads++;
	if (off + len > s->size)
		return EIO;
	if (off + len > s->fail_at)
		return EIO;
	memcpy(buf, s->data + off, len);
	return 0;
}

/* An image like a cubin's: runs that repeat far apart, and noise. */
static int
setup(void **state)
{
	struct frame *f = calloc(1, sizeof *f);
	unsigned seed = 7;
	size_t bound;

	assert_non_null(f);
	f->image = malloc(IMAGE_SIZE);
	assert_non_null(f->image);
	for (size_t i = 0; i < IMAGE_SIZE; i++)
		f->image[i] = (i / 4096) % 3 == 0 ? (uint8_t)(i * 31) : (uint8_t)rand_r(&seed);
	bound = ZSTD_compressBound(IMAGE_SIZE);
	f->z = malloc(bound);
	assert_non_null(f->z);
	f->zsize = ZSTD_compress(f->z, bound, f->image, IMAGE_SIZE, 3);
	assert_false(ZSTD_isError(f->zsize));
	assert_true(f->zsize < IMAGE_SIZE);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct frame *f = *state;

	free(f->image);
	free(f->z);
	free(f);
	return 0;
}

/* Reads the frame in pieces of piecesize; returns the call's result. */
static int
read_in_pieces(struct frame *f, struct source *src, size_t piecesize, size_t expect,
    struct decompressor *d, const uint8_t **out, char *err, size_t errsize)
{
	uint8_t *piece = malloc(piecesize);
	int rc;

	assert_non_null(piece);
	rc = decompress_zstd_pieces(d, read_source, src, f->zsize, piece, piecesize, expect,
	    out, err, errsize);
	free(piece);
	return rc;
}

static void
test_any_piece_size(void **state)
{
	struct frame *f = *state;
	size_t sizes[] = { 1000, 4096, 65536, 131073, (size_t)1 << 20, f->zsize, f->zsize + 10 };

	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		struct source src = { f->z, f->zsize, SIZE_MAX, 0 };
		struct decompressor d;
		const uint8_t *out = NULL;
		char err[256] = "";

		decompressor_init(&d, NULL, 0);
		assert_int_equal(read_in_pieces(f, &src, sizes[k], IMAGE_SIZE, &d, &out, err,
		    sizeof err), 0);
		assert_string_equal(err, "");
		assert_memory_equal(out, f->image, IMAGE_SIZE);
		/* Every byte read once, a piece at a time. */
		assert_int_equal(src.reads, (int)((f->zsize + sizes[k] - 1) / sizes[k]));
		decompressor_free(&d);
	}
}

static void
test_same_as_whole_frame(void **state)
{
	struct frame *f = *state;
	struct source src = { f->z, f->zsize, SIZE_MAX, 0 };
	struct decompressor a, b;
	const uint8_t *whole, *pieces;
	char err[256];

	decompressor_init(&a, NULL, 0);
	decompressor_init(&b, NULL, 0);
	assert_int_equal(decompress_zstd(&a, f->z, f->zsize, IMAGE_SIZE, &whole, err, sizeof err), 0);
	assert_int_equal(read_in_pieces(f, &src, 5000, IMAGE_SIZE, &b, &pieces, err, sizeof err), 0);
	assert_memory_equal(whole, pieces, IMAGE_SIZE);
	/* Once more on the same decompressor: nothing left of the last frame. */
	src.reads = 0;
	assert_int_equal(read_in_pieces(f, &src, 7777, IMAGE_SIZE, &b, &pieces, err, sizeof err), 0);
	assert_memory_equal(f->image, pieces, IMAGE_SIZE);
	/* And whole again on the decompressor that read in pieces. */
	assert_int_equal(decompress_zstd(&b, f->z, f->zsize, IMAGE_SIZE, &whole, err, sizeof err), 0);
	assert_memory_equal(f->image, whole, IMAGE_SIZE);
	decompressor_free(&a);
	decompressor_free(&b);
}

static void
test_cut_short(void **state)
{
	struct frame *f = *state;
	struct source src = { f->z, f->zsize, SIZE_MAX, 0 };
	struct decompressor d;
	const uint8_t *out = NULL;
	char err[256] = "";
	uint8_t piece[4096];
	size_t srclen = f->zsize - f->zsize / 3;

	decompressor_init(&d, NULL, 0);
	assert_int_equal(decompress_zstd_pieces(&d, read_source, &src, srclen, piece, sizeof piece,
	    IMAGE_SIZE, &out, err, sizeof err), -1);
	assert_non_null(strstr(err, "cut short"));
	decompressor_free(&d);
}

/*
 * An entry holds one frame: bytes after it are damage, said alike by the
 * whole-frame path and in pieces of any size (the frame ending inside a
 * piece, or at the end of one), so that the answer does not depend on how
 * the bytes were read.
 */
static void
test_bytes_after_frame(void **state)
{
	struct frame *f = *state;
	size_t total = f->zsize + 20;
	uint8_t *buf = malloc(total);
	struct source src = { NULL, 0, SIZE_MAX, 0 };
	size_t pieces[] = { 4096, 65536, 0 };
	struct decompressor d;
	const uint8_t *out = NULL;
	char err[256] = "";

	assert_non_null(buf);
	memcpy(buf, f->z, f->zsize);
	memset(buf + f->zsize, 0x5a, 20);
	src.data = buf;
	src.size = total;
	pieces[2] = f->zsize;	/* the frame ends with the first piece */
	decompressor_init(&d, NULL, 0);
	assert_int_equal(decompress_zstd(&d, buf, total, IMAGE_SIZE, &out, err, sizeof err), -1);
	assert_non_null(strstr(err, "20 bytes after the zstd frame"));
	for (size_t i = 0; i < sizeof pieces / sizeof pieces[0]; i++) {
		uint8_t *piece = malloc(pieces[i]);

		err[0] = '\0';
		assert_int_equal(decompress_zstd_pieces(&d, read_source, &src, total, piece, pieces[i],
		    IMAGE_SIZE, &out, err, sizeof err), -1);
		assert_non_null(strstr(err, "20 bytes after the zstd frame"));
		free(piece);
	}
	decompressor_free(&d);
	free(buf);
}

/* No buffer over DECOMPRESS_LIMIT is taken, whatever a header says. */
static void
test_over_the_limit(void **state)
{
	struct decompressor d;
	uint8_t *buf = NULL;
	char err[256] = "";

	(void)state;
	decompressor_init(&d, NULL, 0);
	assert_int_equal(decompressor_buffer(&d, DECOMPRESS_LIMIT + 1, &buf, err, sizeof err), -1);
	assert_non_null(strstr(err, "over the"));
	assert_int_equal(decompressor_buffer(&d, 1 << 20, &buf, err, sizeof err), 0);
	decompressor_free(&d);
}

static void
test_read_fails(void **state)
{
	struct frame *f = *state;
	struct source src = { f->z, f->zsize, 100000, 0 };
	struct decompressor d;
	const uint8_t *out = NULL;
	char err[256] = "";

	decompressor_init(&d, NULL, 0);
	assert_int_equal(read_in_pieces(f, &src, 65536, IMAGE_SIZE, &d, &out, err, sizeof err), -1);
	assert_non_null(strstr(err, "cannot read 65536 bytes at 65536"));
	decompressor_free(&d);
}

static void
test_wrong_promise(void **state)
{
	struct frame *f = *state;
	struct source src = { f->z, f->zsize, SIZE_MAX, 0 };
	struct decompressor d;
	const uint8_t *out = NULL;
	char err[256] = "";

	decompressor_init(&d, NULL, 0);
	assert_int_equal(read_in_pieces(f, &src, 65536, IMAGE_SIZE - 1, &d, &out, err, sizeof err), -1);
	assert_non_null(strstr(err, "the entry header promises"));
	/* Refused on the header alone: only the first piece was read. */
	assert_int_equal(src.reads, 1);
	decompressor_free(&d);
}

static void
test_not_zstd(void **state)
{
	struct frame *f = *state;
	uint8_t junk[70000];
	struct source src = { junk, sizeof junk, SIZE_MAX, 0 };
	struct decompressor d;
	const uint8_t *out = NULL;
	char err[256] = "";
	uint8_t piece[4096];

	(void)f;
	memset(junk, 0xAB, sizeof junk);
	decompressor_init(&d, NULL, 0);
	assert_int_equal(decompress_zstd_pieces(&d, read_source, &src, sizeof junk, piece, sizeof piece,
	    IMAGE_SIZE, &out, err, sizeof err), -1);
	assert_string_equal(err, "expected a zstd frame, found none");
	decompressor_free(&d);
}

#define HUGE_PAGE	((size_t)2 << 20)

struct second {
	struct decompressor	 d;
	uint8_t			*buf;
	int			 rc;
};

static void *
reserve_second(void *arg)
{
	struct second *w = arg;
	char err[256];

	w->rc = decompressor_buffer(&w->d, 5 * HUGE_PAGE / 2, &w->buf, err, sizeof err);
	return NULL;
}

static void
test_pages_move_to_a_waiter(void **state)
{
	struct frame *f = *state;
	struct membudget b;
	struct decompressor a;
	struct second w;
	pthread_t th;
	const uint8_t *out;
	char err[256];

	/* Room for three huge pages: the image takes two (3 MiB), and the
	 * second worker asks for three. */
	membudget_init(&b, 3 * HUGE_PAGE);
	decompressor_init(&a, &b, 0);
	decompressor_init(&w.d, &b, 0);
	assert_int_equal(decompress_zstd(&a, f->z, f->zsize, IMAGE_SIZE, &out, err, sizeof err), 0);
	assert_int_equal(b.used, 2 * HUGE_PAGE);
	assert_int_equal(pthread_create(&th, NULL, reserve_second, &w), 0);
	while (!membudget_short(&b))
		sched_yield();
	/* Between images, the first gives its two pages back: to the waiter. */
	decompressor_settle(&a);
	pthread_join(th, NULL);
	assert_int_equal(w.rc, 0);
	assert_int_equal(a.cap, 0);
	assert_int_equal(w.d.cap, 3 * HUGE_PAGE);
	assert_int_equal(b.used, 3 * HUGE_PAGE);
	if (b.handed == 0)
		skip();		/* the kernel would not move them (before Linux 5.7) */
	assert_int_equal(b.handed, 2 * HUGE_PAGE);
	assert_int_equal(b.fresh, 3 * HUGE_PAGE);	/* two, then the one it lacked */
	/* Moved, not zeroed: the image the first read is there. */
	assert_memory_equal(w.buf, f->image, IMAGE_SIZE);
	/* Both read right after the move. */
	memset(w.buf, 0, 3 * HUGE_PAGE);
	assert_int_equal(decompress_zstd(&w.d, f->z, f->zsize, IMAGE_SIZE, &out, err, sizeof err), 0);
	assert_memory_equal(out, f->image, IMAGE_SIZE);
	decompressor_release(&w.d);
	assert_int_equal(decompress_zstd(&a, f->z, f->zsize, IMAGE_SIZE, &out, err, sizeof err), 0);
	assert_memory_equal(out, f->image, IMAGE_SIZE);
	decompressor_free(&a);
	decompressor_free(&w.d);
	assert_int_equal(b.used, 0);
	membudget_free(&b);
}

/* A worker about to wait for the walk keeps its share of buffer for the
 * next image, and nothing when the budget is short. */
static void
test_idle_keeps_its_share(void **state)
{
	struct frame *f = *state;
	struct membudget b;
	struct decompressor a;
	const uint8_t *out;
	char err[256];

	membudget_init(&b, 8 * HUGE_PAGE);
	decompressor_init(&a, &b, HUGE_PAGE);
	assert_int_equal(decompress_zstd(&a, f->z, f->zsize, IMAGE_SIZE, &out, err, sizeof err), 0);
	assert_int_equal(a.cap, 2 * HUGE_PAGE);
	decompressor_idle(&a);
	assert_int_equal(a.cap, HUGE_PAGE);
	assert_int_equal(b.used, HUGE_PAGE);
	/* The next image grows it again, from the page it kept. */
	assert_int_equal(decompress_zstd(&a, f->z, f->zsize, IMAGE_SIZE, &out, err, sizeof err), 0);
	assert_memory_equal(out, f->image, IMAGE_SIZE);
	assert_int_equal(b.fresh, 3 * HUGE_PAGE);
	/* Short (the limit moved under what is held): it keeps nothing. */
	membudget_set_limit(&b, HUGE_PAGE);
	assert_true(membudget_short(&b));
	decompressor_idle(&a);
	assert_int_equal(a.cap, 0);
	assert_int_equal(b.used, 0);
	decompressor_free(&a);
	membudget_free(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_any_piece_size),
		cmocka_unit_test(test_same_as_whole_frame),
		cmocka_unit_test(test_cut_short),
		cmocka_unit_test(test_read_fails),
		cmocka_unit_test(test_bytes_after_frame),
		cmocka_unit_test(test_over_the_limit),
		cmocka_unit_test(test_wrong_promise),
		cmocka_unit_test(test_not_zstd),
		cmocka_unit_test(test_pages_move_to_a_waiter),
		cmocka_unit_test(test_idle_keeps_its_share),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
