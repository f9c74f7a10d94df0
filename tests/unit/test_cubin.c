/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests for the device ELF reader (cubin_read) and the section
 * header table check it shares with host files (hostelf_check_table), on
 * cubins built here: one kernel "k" and the sections a test asks for.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <libelf.h>
#include <xxhash.h>

#include "cubin.h"
#include "hostelf.h"
#include "strpool.h"

#define SHT_CUDA_INFO	0x70000000u
#define SHT_CUDA_SHARED	0x7000000au
#define SHT_CUDA_GLOBAL	0x70000007u
#define IMAGE_MAX	(1 << 16)
#define SECS_MAX	64

struct spec {
	const char	*name;
	uint32_t	 type;
	const uint8_t	*data;		/* NULL: no bytes of its own */
	uint64_t	 size;
	uint32_t	 link, info;
	int64_t		 offset;	/* -1: where its data is put */
};

struct image {
	uint8_t		 b[IMAGE_MAX];
	size_t		 size, shoff, shnum;
};

static void
put16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static void
put32(uint8_t *p, uint32_t v) { put16(p, (uint16_t)v); put16(p + 2, (uint16_t)(v >> 16)); }
static void
put64(uint8_t *p, uint64_t v) { put32(p, (uint32_t)v); put32(p + 4, (uint32_t)(v >> 32)); }

static const uint8_t regcount_20[] = { 4, 0x2f, 8, 0, 1, 0, 0, 0, 20, 0, 0, 0 };

/*
 * Sections 0 null, 1 .shstrtab, 2 .strtab, 3 .symtab (the entry k, symbol
 * 1, with symbols 2 and 3 a texture and a surface), 4 .text.k (REG 24 in
 * sh_info), then the given ones; the header table last.
 */
/* Section 3, as test_accounting changes it. */
static const char *symtab_name = ".symtab";
static uint32_t symtab_type = SHT_SYMTAB;

static void
build(struct image *im, const struct spec *extra, size_t nextra)
{
	static const uint8_t strtab[] = "\0k\0tex\0surf";
	uint8_t symtab[4 * 24], text[16], shstr[2048];
	struct spec secs[SECS_MAX];
	size_t n = 0, nstr = 1, at = 64, names[SECS_MAX];

	memset(im, 0, sizeof *im);
	memset(symtab, 0, sizeof symtab);
	memset(text, 0, sizeof text);
	put32(symtab + 24, 1);
	symtab[24 + 4] = 0x12;
	symtab[24 + 5] = 0x10;
	put16(symtab + 24 + 6, 4);
	put32(symtab + 48, 3);
	symtab[48 + 4] = 0x10 | 10;	/* STT_CUDA_TEXTURE */
	put32(symtab + 72, 7);
	symtab[72 + 4] = 0x10 | 12;	/* STT_CUDA_SURFACE */
	secs[n++] = (struct spec){ "", 0, NULL, 0, 0, 0, 0 };
	secs[n++] = (struct spec){ ".shstrtab", SHT_STRTAB, shstr, 0, 0, 0, -1 };
	secs[n++] = (struct spec){ ".strtab", SHT_STRTAB, strtab, sizeof strtab, 0, 0, -1 };
	secs[n++] = (struct spec){ symtab_name, symtab_type, symtab, sizeof symtab, 2, 1, -1 };
	secs[n++] = (struct spec){ ".text.k", SHT_PROGBITS, text, sizeof text, 3, 24u << 24 | 1, -1 };
	for (size_t i = 0; i < nextra; i++)
		secs[n++] = extra[i];
	shstr[0] = '\0';
	for (size_t i = 1; i < n; i++) {
		names[i] = nstr;
		memcpy(shstr + nstr, secs[i].name, strlen(secs[i].name) + 1);
		nstr += strlen(secs[i].name) + 1;
	}
	names[0] = 0;
	secs[1].size = nstr;
	im->shnum = n;
	for (size_t i = 1; i < n; i++) {
		if (secs[i].data == NULL)
			continue;
		memcpy(im->b + at, secs[i].data, secs[i].size);
		if (secs[i].offset < 0)
			secs[i].offset = (int64_t)at;
		at += (secs[i].size + 7) & ~(size_t)7;
	}
	im->shoff = at;
	for (size_t i = 0; i < n; i++) {
		uint8_t *sh = im->b + at + 64 * i;

		put32(sh, (uint32_t)names[i]);
		put32(sh + 4, secs[i].type);
		put64(sh + 24, (uint64_t)(secs[i].offset < 0 ? 0 : secs[i].offset));
		put64(sh + 32, secs[i].size);
		put32(sh + 40, secs[i].link);
		put32(sh + 44, secs[i].info);
	}
	im->size = at + 64 * n;
	memcpy(im->b, "\177ELF\2\1\1\101\10", 9);
	put16(im->b + 16, 2);
	put16(im->b + 18, 190);
	put32(im->b + 20, 1);
	put64(im->b + 0x28, im->shoff);
	put32(im->b + 0x30, 0x6005604);		/* sm_86 */
	put16(im->b + 0x34, 64);
	put16(im->b + 0x3a, 64);
	put16(im->b + 0x3c, (uint16_t)n);
	put16(im->b + 0x3e, 1);
}

struct result {
	int		 rc;
	char		 err[256];
	size_t		 offset;
	struct cubin	 c;
	struct strpool	 pool;
};

static void
read_image(struct result *r, const uint8_t *data, size_t size)
{
	strpool_init(&r->pool);
	cubin_init(&r->c);
	r->err[0] = '\0';
	r->rc = cubin_read(data, size, &r->c, &r->pool, r->err, sizeof r->err, &r->offset);
}

static void
done(struct result *r)
{
	cubin_free(&r->c);
	strpool_free(&r->pool);
}

static void
expect_damage(struct result *r, size_t offset, const char *words)
{
	assert_int_equal(r->rc, -1);
	assert_int_equal(r->offset, offset);
	if (strstr(r->err, words) == NULL)
		fail_msg("\"%s\" does not say \"%s\"", r->err, words);
}

static struct image im;

static void
test_clean(void **state)
{
	static const uint8_t rel[] = {
		0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0,
		8, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0,
		16, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0,
	};
	static const uint8_t bank[16];
	const struct spec extra[] = {
		{ ".nv.info", SHT_CUDA_INFO, regcount_20, sizeof regcount_20, 3, 0, -1 },
		{ ".nv.constant0.k", SHT_PROGBITS, bank, sizeof bank, 0, 4, -1 },
		{ ".rel.nv.constant0.k", SHT_REL, rel, sizeof rel, 3, 6, -1 },
		{ ".nv.shared.k", SHT_CUDA_SHARED, NULL, 512, 0, 4, 1 << 30 },
		{ ".nv.global", SHT_CUDA_GLOBAL, NULL, 64, 0, 0, 1 << 30 },
	};
	struct result r;

	(void)state;
	build(&im, extra, sizeof extra / sizeof extra[0]);
	read_image(&r, im.b, im.size);
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.c.sm, 86);
	assert_int_equal(r.c.nfuncs, 1);
	assert_string_equal(r.c.funcs[0].name, "k");
	assert_int_equal(r.c.funcs[0].entry, 1);
	assert_int_equal(r.c.funcs[0].reg, 20);
	assert_int_equal(r.c.funcs[0].shared, 512);
	assert_int_equal(r.c.funcs[0].texture, 1);
	assert_int_equal(r.c.funcs[0].surface, 1);
	assert_string_equal(r.c.funcs[0].constant, "0:16");
	assert_int_equal(r.c.global, 64);
	done(&r);
}

/* Cut anywhere in the header table: damage at the table, never 0 kernels. */
static void
test_cut_in_table(void **state)
{
	(void)state;
	build(&im, NULL, 0);
	for (size_t cut = im.shoff; cut < im.size; cut += 7) {
		struct result r;

		read_image(&r, im.b, cut);
		expect_damage(&r, im.shoff, "runs past the end of the image");
		done(&r);
	}
}

static void
test_bad_fields(void **state)
{
	struct {
		size_t		 at, width;
		uint64_t	 value;
		int		 offset_is_header;	/* else the field's own */
		const char	*words;
	} cases[] = {
		{ 0x3e, 2, 0xfeff, 0, "e_shstrndx 65279 names no section" },
		{ 0x3e, 2, 0, 0, "e_shstrndx 0 names no section" },
		{ 0x3e, 2, 3, 1, "expected SHT_STRTAB" },
		{ 0x3a, 2, 0, 0, "e_shentsize 0: expected 64" },
		{ 0x3a, 2, 128, 0, "e_shentsize 128" },
		{ 0x28, 8, UINT64_MAX - 63, 1, "runs past the end" },
		{ 0x30, 4, 0, 0, "names no architecture" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct result r;
		size_t want;

		build(&im, NULL, 0);
		if (cases[i].width == 2)
			put16(im.b + cases[i].at, (uint16_t)cases[i].value);
		else if (cases[i].width == 4)
			put32(im.b + cases[i].at, (uint32_t)cases[i].value);
		else
			put64(im.b + cases[i].at, cases[i].value);
		want = cases[i].at;
		if (cases[i].offset_is_header)
			want = cases[i].at == 0x28 ? (size_t)cases[i].value : im.shoff + 3 * 64;
		read_image(&r, im.b, im.size);
		expect_damage(&r, want, cases[i].words);
		done(&r);
	}
}

static void
test_name_offsets(void **state)
{
	struct result r;
	uint64_t names;

	(void)state;
	build(&im, NULL, 0);
	names = im.b[im.shoff + 64 + 32] | (uint64_t)im.b[im.shoff + 64 + 33] << 8;
	put32(im.b + im.shoff + 4 * 64, (uint32_t)names);
	read_image(&r, im.b, im.size);
	expect_damage(&r, im.shoff + 4 * 64, "name offset");
	done(&r);

	put32(im.b + im.shoff + 4 * 64, (uint32_t)names - 1);	/* the final NUL: "" */
	read_image(&r, im.b, im.size);
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.c.nfuncs, 0);
	done(&r);

	build(&im, NULL, 0);
	im.b[64 + names - 1] = 'x';
	read_image(&r, im.b, im.size);
	expect_damage(&r, 64, "does not end in a NUL");
	done(&r);
}

/* Sections with bytes lie within the image; device memory needs none. */
static void
test_sections_past_image(void **state)
{
	const struct spec past[] = {
		{ ".nv.constant0.k", SHT_PROGBITS, NULL, 64, 0, 4, 1 << 20 },
	};
	const uint32_t memory_types[] = { SHT_NOBITS, 0x70000007, 0x70000009, 0x7000000a, 0x70000015 };
	struct result r;

	(void)state;
	build(&im, past, 1);
	read_image(&r, im.b, im.size);
	expect_damage(&r, 1 << 20, "runs past the end of the image");
	done(&r);
	for (size_t i = 0; i < sizeof memory_types / sizeof memory_types[0]; i++) {
		const struct spec mem[] = { { ".nv.shared.k", memory_types[i], NULL, 4096, 0, 4, 1LL << 40 } };

		build(&im, mem, 1);
		read_image(&r, im.b, im.size);
		assert_int_equal(r.rc, 0);
		assert_int_equal(r.c.funcs[0].shared, 4096);
		done(&r);
	}
}

/* Headers that point at the same bytes: the bytes read stay within the
 * image, else damage; sections only looked at may share bytes. */
static void
test_overlap(void **state)
{
	static uint8_t records[4096];
	struct spec many[40];
	struct result r;

	(void)state;
	for (size_t i = 0; i < sizeof records; i += 4)
		records[i] = 1;		/* EIFMT_NVAL */
	many[0] = (struct spec){ ".nv.info", SHT_CUDA_INFO, records, sizeof records, 3, 0, -1 };
	build(&im, many, 1);
	/* 39 more headers over the first one's bytes (section 5's sh_offset). */
	for (size_t i = 1; i < 40; i++) {
		uint64_t off = 0;

		for (int b = 7; b >= 0; b--)
			off = off << 8 | im.b[im.shoff + 5 * 64 + 24 + b];
		many[i] = (struct spec){ ".nv.info", SHT_CUDA_INFO, NULL, sizeof records, 3, 0, (int64_t)off };
	}
	build(&im, many, 40);
	read_image(&r, im.b, im.size);
	assert_int_equal(r.rc, -1);
	if (strstr(r.err, "overlaps others") == NULL)
		fail_msg("%s", r.err);
	done(&r);

	for (size_t i = 0; i < 40; i++)
		many[i].name = ".nv.constant0.k";
	build(&im, many, 40);
	read_image(&r, im.b, im.size);
	assert_int_equal(r.rc, 0);
	done(&r);
}

static void
test_bank_numbers(void **state)
{
	static const uint8_t bytes[8];
	const char *names[] = { ".nv.constant65535.k", ".nv.constant65536.k", ".nv.constant99999999999" };
	const int ok[] = { 1, 0, 0 };

	(void)state;
	for (size_t i = 0; i < 3; i++) {
		const struct spec bank[] = { { names[i], SHT_PROGBITS, bytes, sizeof bytes, 0, 4, -1 } };
		struct result r;

		build(&im, bank, 1);
		read_image(&r, im.b, im.size);
		if (ok[i]) {
			assert_int_equal(r.rc, 0);
			assert_string_equal(r.c.funcs[0].constant, "65535:8");
		} else
			expect_damage(&r, im.shoff + 5 * 64, "a constant bank number past 65535");
		done(&r);
	}
}

static void
test_global_saturates(void **state)
{
	const struct spec globals[] = {
		{ ".nv.global", SHT_NOBITS, NULL, UINT64_MAX, 0, 0, 0 },
		{ ".nv.global", SHT_NOBITS, NULL, (uint64_t)INT64_MAX, 0, 0, 0 },
	};
	struct result r;

	(void)state;
	build(&im, globals, 2);
	read_image(&r, im.b, im.size);
	assert_int_equal(r.rc, 0);
	assert_true(r.c.global == INT64_MAX);
	done(&r);
}

/* Extended numbering: e_shnum 0 with the count in section 0, e_shstrndx
 * SHN_XINDEX with the index in its sh_link. */
static void
test_extended_numbering(void **state)
{
	struct hostelf_table t;
	char err[256];
	size_t off;

	(void)state;
	build(&im, NULL, 0);
	put16(im.b + 0x3c, 0);
	put64(im.b + im.shoff + 32, im.shnum);
	put16(im.b + 0x3e, 0xffff);
	put32(im.b + im.shoff + 40, 1);
	assert_int_equal(hostelf_check_table(im.b, im.size, "image", &t, err, sizeof err, &off), 0);
	assert_int_equal(t.shnum, im.shnum);
	assert_int_equal(t.shstrndx, 1);

	put64(im.b + im.shoff + 32, (uint64_t)1 << 40);
	assert_int_equal(hostelf_check_table(im.b, im.size, "image", &t, err, sizeof err, &off), -1);
	assert_int_equal(off, im.shoff);
	put64(im.b + im.shoff + 32, im.shnum);
	put32(im.b + im.shoff + 40, (uint32_t)im.shnum);
	assert_int_equal(hostelf_check_table(im.b, im.size, "image", &t, err, sizeof err, &off), -1);
	assert_int_equal(off, im.shoff + 40);
}

/* A program header table cut short is truncation, with whole sections. */
static void
test_segments(void **state)
{
	struct hostelf_table t;
	char err[256];
	size_t off;

	(void)state;
	build(&im, NULL, 0);
	put64(im.b + 0x20, im.size);
	put16(im.b + 0x36, 56);
	put16(im.b + 0x38, 2);
	assert_int_equal(hostelf_check_table(im.b, im.size + 111, "image", &t, err, sizeof err, &off), -1);
	assert_int_equal(off, im.size);
	assert_non_null(strstr(err, "program header table"));
	assert_int_equal(hostelf_check_table(im.b, im.size + 112, "image", &t, err, sizeof err, &off), 0);
}

/* The function's code hash is XXH3 of its .text; the image's is XXH3 of
 * the 64-bit little-endian values hash(bytes before the .text), code
 * hash, hash(bytes after): a byte changed anywhere changes it, a byte of
 * the code changes the code's too, and nothing is hashed unless asked. */
static uint64_t
image_hash_by_definition(const uint8_t *b, size_t size, size_t text, size_t len)
{
	uint64_t v[3] = { XXH3_64bits(b, text), XXH3_64bits(b + text, len),
	    XXH3_64bits(b + text + len, size - text - len) };
	uint8_t le[24];

	for (size_t i = 0; i < 24; i++)
		le[i] = (uint8_t)(v[i / 8] >> (8 * (i % 8)));
	return XXH3_64bits(le, sizeof le);
}

static void
test_hashes(void **state)
{
	struct result r;
	size_t text, len;
	uint64_t image, code;

	(void)state;
	build(&im, NULL, 0);
	text = (size_t)im.b[im.shoff + 64 * 4 + 24] | (size_t)im.b[im.shoff + 64 * 4 + 25] << 8;
	len = im.b[im.shoff + 64 * 4 + 32];
	assert_int_equal(len, 16);
	read_image(&r, im.b, im.size);
	assert_int_equal(r.rc, 0);
	assert_true(r.c.hash == 0 && r.c.funcs[0].code_hash == 0);
	done(&r);

	strpool_init(&r.pool);
	cubin_init(&r.c);
	r.c.want_hash = 1;
	assert_int_equal(cubin_read(im.b, im.size, &r.c, &r.pool, r.err, sizeof r.err, &r.offset), 0);
	image = r.c.hash;
	code = r.c.funcs[0].code_hash;
	assert_true(code == XXH3_64bits(im.b + text, len));
	assert_true(image == image_hash_by_definition(im.b, im.size, text, len));
	done(&r);

	im.b[text + 3] ^= 1;	/* the code */
	strpool_init(&r.pool);
	cubin_init(&r.c);
	r.c.want_hash = 1;
	assert_int_equal(cubin_read(im.b, im.size, &r.c, &r.pool, r.err, sizeof r.err, &r.offset), 0);
	assert_true(r.c.funcs[0].code_hash != code && r.c.hash != image);
	assert_true(r.c.hash == image_hash_by_definition(im.b, im.size, text, len));
	done(&r);
	im.b[text + 3] ^= 1;

	im.b[10] ^= 1;		/* e_ident's padding: outside every function */
	strpool_init(&r.pool);
	cubin_init(&r.c);
	r.c.want_hash = 1;
	assert_int_equal(cubin_read(im.b, im.size, &r.c, &r.pool, r.err, sizeof r.err, &r.offset), 0);
	assert_true(r.c.funcs[0].code_hash == code && r.c.hash != image);
	done(&r);
	im.b[10] ^= 1;
}

static uint64_t
get64(const uint8_t *p)
{
	uint64_t v = 0;

	for (int b = 7; b >= 0; b--)
		v = v << 8 | p[b];
	return v;
}

/*
 * What the reader leaves unread is skipped by a named rule or is damage
 * (issue 35): each case below once lost a figure without a word.  at:
 * the header of section sec (SEC_HEADER), its bytes (SEC_BYTES), or the
 * section header table (TABLE).
 */
enum damage_at { SEC_HEADER, SEC_BYTES, TABLE };

struct damage_case {
	const char	*what;
	const char	*symtab_name;	/* NULL: .symtab */
	uint32_t	 symtab_type;	/* 0: SHT_SYMTAB */
	struct spec	 extra[2];
	size_t		 nextra;
	enum damage_at	 at;
	size_t		 sec;
	const char	*words;		/* NULL: read clean, a rule skips it */
	size_t		 plus;		/* SEC_BYTES: the record's offset in the section */
};

static const uint8_t text16[16];
static const uint8_t no_syms[48];
static const uint8_t frame_sym_9999[] = { 4, 0x11, 8, 0, 0x0f, 0x27, 0, 0, 0, 16, 0, 0 };
static const uint8_t stack_of_texture[] = { 4, 0x12, 8, 0, 2, 0, 0, 0, 0, 16, 0, 0 };
static const uint8_t regcount_short[] = { 4, 0x2f, 4, 0, 1, 0, 0, 0 };
static const uint8_t regcount_hval[] = { 3, 0x2f, 20, 0 };
static const uint8_t maxreg_sval[] = { 4, 0x1b, 4, 0, 0, 0, 0, 0 };
static const uint8_t barriers_hval[] = { 3, 0x4c, 1, 0 };
static const uint8_t maxreg_hval[] = { 3, 0x1b, 64, 0 };
static const uint8_t rel_sym_50[] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 50, 0, 0, 0 };
static const uint8_t frame_twice[] = { 4, 0x11, 8, 0, 1, 0, 0, 0, 0, 16, 0, 0,
	4, 0x11, 8, 0, 1, 0, 0, 0, 0, 0, 0, 0 };
static const uint8_t no_calls[] = { 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff };

static const struct damage_case damage_cases[] = {
	{ ".symtab of type PROGBITS", NULL, SHT_PROGBITS, { { 0 } }, 0, SEC_HEADER, 3,
	  "section .symtab has type 0x1: expected SHT_SYMTAB (2)", 0 },
	{ "no symbol table", ".syms", SHT_PROGBITS, { { 0 } }, 0, TABLE, 0,
	  "no symbol table (SHT_SYMTAB), though 1 function section names symbols", 0 },
	{ "a second symbol table", NULL, 0,
	  { { ".symtab.2", SHT_SYMTAB, no_syms, sizeof no_syms, 2, 0, -1 } }, 1, SEC_HEADER, 5,
	  "is a second symbol table, after section 3 (.symtab)", 0 },
	{ "a function's symbol past the table", NULL, 0,
	  { { ".text.j", SHT_PROGBITS, text16, 16, 3, 24u << 24 | 99, -1 } }, 1, SEC_HEADER, 5,
	  "section .text.j names symbol 99 (sh_info 0x18000063): the symbol table holds 4", 0 },
	{ "two functions naming one symbol", NULL, 0,
	  { { ".text.j", SHT_PROGBITS, text16, 16, 3, 24u << 24 | 1, -1 } }, 1, TABLE, 0,
	  "functions k and j name one symbol, 1", 0 },
	{ "a frame record naming symbol 9999 of 4", NULL, 0,
	  { { ".nv.info", SHT_CUDA_INFO, frame_sym_9999, sizeof frame_sym_9999, 3, 0, -1 } }, 1,
	  SEC_BYTES, 5, "section .nv.info, record EIATTR_FRAME_SIZE at 0x0 names symbol 9999: "
	  "the symbol table holds 4", 0 },
	{ "a stack record naming a texture", NULL, 0,
	  { { ".nv.info", SHT_CUDA_INFO, stack_of_texture, sizeof stack_of_texture, 3, 0, -1 } }, 1,
	  SEC_BYTES, 5, "record EIATTR_MIN_STACK_SIZE at 0x0 names symbol 2, which is no function", 0 },
	{ "a register record of 4 bytes", NULL, 0,
	  { { ".nv.info", SHT_CUDA_INFO, regcount_short, sizeof regcount_short, 3, 0, -1 } }, 1,
	  SEC_BYTES, 5, "record EIATTR_REGCOUNT (0x2f) at 0x0: format 4 with 4 bytes", 0 },
	{ "a register record as HVAL", NULL, 0,
	  { { ".nv.info", SHT_CUDA_INFO, regcount_hval, sizeof regcount_hval, 3, 0, -1 } }, 1,
	  SEC_BYTES, 5, "record EIATTR_REGCOUNT (0x2f) at 0x0: format 3 with 0 bytes", 0 },
	{ "a MAXREG_COUNT record as SVAL", NULL, 0,
	  { { ".nv.info.k", SHT_CUDA_INFO, maxreg_sval, sizeof maxreg_sval, 3, 4, -1 } }, 1,
	  SEC_BYTES, 5, "section .nv.info.k, record EIATTR_MAXREG_COUNT (0x1b)", 0 },
	{ "local memory of no function", NULL, 0,
	  { { ".nv.local.j", 0x70000009u, NULL, 64, 0, 0, 0 } }, 1, SEC_HEADER, 5,
	  "section .nv.local.j belongs to no function of this image (no section .text.j)", 0 },
	{ "attributes of no function", NULL, 0,
	  { { ".nv.info.j", SHT_CUDA_INFO, barriers_hval, sizeof barriers_hval, 3, 0, -1 } }, 1,
	  SEC_HEADER, 5, "section .nv.info.j belongs to no function", 0 },
	{ "a relocation naming symbol 50 of 4", NULL, 0,
	  { { ".nv.constant0.k", SHT_PROGBITS, text16, 16, 0, 4, -1 },
	    { ".rel.nv.constant0.k", SHT_REL, rel_sym_50, sizeof rel_sym_50, 3, 5, -1 } }, 2,
	  SEC_BYTES, 6, "section .rel.nv.constant0.k, relocation 0 names symbol 50", 0 },
	/* A record in the section its attribute is not read from. */
	{ "a frame record in .nv.info.k", NULL, 0,
	  { { ".nv.info.k", SHT_CUDA_INFO, frame_sym_9999, sizeof frame_sym_9999, 3, 4, -1 } }, 1,
	  SEC_BYTES, 5, "section .nv.info.k, record EIATTR_FRAME_SIZE (0x11) at 0x0: expected in "
	  ".nv.info, not read here", 0 },
	{ "a register limit in .nv.info", NULL, 0,
	  { { ".nv.info", SHT_CUDA_INFO, barriers_hval, sizeof barriers_hval, 3, 0, -1 },
	    { ".nv.info.k", SHT_CUDA_INFO, maxreg_hval, sizeof maxreg_hval, 3, 4, -1 } }, 2,
	  SEC_HEADER, 0, NULL, 0 },
	{ "a register limit in .nv.info, not .nv.info.k", NULL, 0,
	  { { ".nv.info", SHT_CUDA_INFO, maxreg_hval, sizeof maxreg_hval, 3, 0, -1 } }, 1,
	  SEC_BYTES, 5, "record EIATTR_MAXREG_COUNT (0x1b) at 0x0: expected in .nv.info.<function>", 0 },
	/* Duplicates: the second would overwrite the first's figure. */
	{ "a second frame record for k", NULL, 0,
	  { { ".nv.info", SHT_CUDA_INFO, frame_twice, sizeof frame_twice, 3, 0, -1 } }, 1,
	  SEC_BYTES, 5, "section .nv.info: a second EIATTR_FRAME_SIZE for function k", 12 },
	{ "a second local memory section for k", NULL, 0,
	  { { ".nv.local.k", 0x70000009u, NULL, 4096, 0, 4, 0 },
	    { ".nv.local.k", 0x70000009u, NULL, 0, 0, 4, 0 } }, 2, SEC_HEADER, 6,
	  "section .nv.local.k: a second local memory section for function k", 0 },
	{ "a second call graph", NULL, 0,
	  { { ".nv.callgraph", SHT_PROGBITS, no_calls, sizeof no_calls, 3, 0, -1 },
	    { ".nv.callgraph", SHT_PROGBITS, no_calls, sizeof no_calls, 3, 0, -1 } }, 2, SEC_HEADER, 6,
	  "section 6 (.nv.callgraph) is a second one of its kind, after section 5", 0 },
	/* Skipped by a named rule: read clean. */
	{ "the module's reserved shared area", NULL, 0,
	  { { ".nv.shared.reserved.0", SHT_NOBITS, NULL, 64, 0, 0, 0 } }, 1, SEC_HEADER, 0, NULL, 0 },
	{ "an attribute no column reads", NULL, 0,
	  { { ".nv.info.k", SHT_CUDA_INFO, barriers_hval, sizeof barriers_hval, 3, 4, -1 } }, 1,
	  SEC_HEADER, 0, NULL, 0 },
	{ "relocations with no bytes in the file", NULL, 0,
	  { { ".rel.nv.constant0.k", SHT_NOBITS, NULL, 1 << 20, 3, 5, 0 } }, 1, SEC_HEADER, 0, NULL, 0 },
};

static void
test_accounting(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof damage_cases / sizeof damage_cases[0]; i++) {
		const struct damage_case *d = &damage_cases[i];
		struct result r;
		size_t at;

		symtab_name = d->symtab_name ? d->symtab_name : ".symtab";
		symtab_type = d->symtab_type ? d->symtab_type : SHT_SYMTAB;
		build(&im, d->extra, d->nextra);
		symtab_name = ".symtab";
		symtab_type = SHT_SYMTAB;
		read_image(&r, im.b, im.size);
		if (d->words == NULL) {
			if (r.rc != 0)
				fail_msg("%s: %s", d->what, r.err);
			assert_int_equal(r.c.nfuncs, 1);
			done(&r);
			continue;
		}
		at = d->at == TABLE ? im.shoff : im.shoff + 64 * d->sec;
		if (d->at == SEC_BYTES)
			at = (size_t)get64(im.b + at + 24) + d->plus;
		if (r.rc != -1 || r.offset != at || strstr(r.err, d->words) == NULL)
			fail_msg("%s: rc %d at 0x%zx (expected 0x%zx): \"%s\" does not say \"%s\"",
			    d->what, r.rc, r.offset, at, r.err, d->words);
		done(&r);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_clean),
		cmocka_unit_test(test_hashes),
		cmocka_unit_test(test_cut_in_table),
		cmocka_unit_test(test_bad_fields),
		cmocka_unit_test(test_name_offsets),
		cmocka_unit_test(test_sections_past_image),
		cmocka_unit_test(test_overlap),
		cmocka_unit_test(test_bank_numbers),
		cmocka_unit_test(test_global_saturates),
		cmocka_unit_test(test_extended_numbering),
		cmocka_unit_test(test_segments),
		cmocka_unit_test(test_accounting),
	};

	elf_version(EV_CURRENT);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
