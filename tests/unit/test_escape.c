/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests of the escaping of each output grammar, each against that
 * grammar's own rule or validator, over every code point, every byte that
 * is not UTF-8 and random byte strings:
 *   people and terminals (escape.h)   no C0, DEL or C1 control, no bidi
 *                                     control, no noncharacter left raw
 *   XML 1.0 (xmltext.h)               every character a Char (production
 *                                     [2]); libxml2 parses the document
 *   JSON, RFC 8259 (jsontext.h)       jansson's decoder reads it back, the
 *                                     same string where it was UTF-8
 *   GitHub workflow commands          % CR LF (and : , in a property) only
 *   (github.h)                        as GitHub's escapes, no control raw
 *   a terminal whose locale is not    printable ASCII only, one '?' per
 *   UTF-8 (text_ascii)                character
 */
#include "config.h"

#include <ctype.h>
#include <locale.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>
#include <libxml/parser.h>
#include <libxml/xmlwriter.h>

#include "escape.h"
#include "github.h"
#include "jsontext.h"
#include "text.h"
#include "utf8.h"
#include "xmltext.h"

/* Code points per document or string in the sweeps. */
#define CHUNK		2048
#define RANDOM_STRINGS	20000
#define RANDOM_LEN	24

/* cp as UTF-8 into out (4 bytes at most); returns its length. */
static size_t
encode(uint32_t cp, char *out)
{
	unsigned char *o = (unsigned char *)out;

	if (cp < 0x80) {
		o[0] = (unsigned char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (unsigned char)(0xc0 | cp >> 6);
		o[1] = (unsigned char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (unsigned char)(0xe0 | cp >> 12);
		o[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
		o[2] = (unsigned char)(0x80 | (cp & 0x3f));
		return 3;
	}
	o[0] = (unsigned char)(0xf0 | cp >> 18);
	o[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3f));
	o[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
	o[3] = (unsigned char)(0x80 | (cp & 0x3f));
	return 4;
}

/*
 * The inputs of every sweep, one NUL-terminated string each: every code
 * point from 1 to U+10FFFF but the surrogates, CHUNK to a string; every
 * byte from 0x80 on alone, and cut sequences; then random bytes.  Calls
 * fn(s, ctx) for each; returns how many.
 */
static size_t
each_input(void (*fn)(const char *, void *), void *ctx)
{
	static const char *const odd[] = {
		"\xc3", "\xe2\x82", "\xf0\x9f\x98", "\xc0\x80", "\xe0\x80\x80", "\xed\xa0\x80",
		"\xf4\x90\x80\x80", "a\xffz", "\xef\xbf\xbe", "\xef\xbf\xbf", "\xf4\x8f\xbf\xbf",
	};
	char *buf = malloc(CHUNK * 4 + 1);
	size_t count = 0, at = 0;
	uint32_t cp;
	unsigned seed = 12345;

	for (cp = 1; cp <= 0x10ffff; cp++) {
		if (cp >= 0xd800 && cp <= 0xdfff)
			continue;
		at += encode(cp, buf + at);
		if (at >= (CHUNK - 1) * 4 || cp == 0x10ffff) {
			buf[at] = '\0';
			fn(buf, ctx);
			count++;
			at = 0;
		}
	}
	for (int b = 0x80; b <= 0xff; b++) {
		buf[0] = (char)b;
		buf[1] = '\0';
		fn(buf, ctx);
		count++;
	}
	for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
		fn(odd[i], ctx);
		count++;
	}
	for (int i = 0; i < RANDOM_STRINGS; i++) {
		for (int k = 0; k < RANDOM_LEN; k++) {
			seed = seed * 1103515245 + 12345;
			buf[k] = (char)(1 + (seed >> 16) % 255);
		}
		buf[RANDOM_LEN] = '\0';
		fn(buf, ctx);
		count++;
	}
	free(buf);
	return count;
}

/* Whether s holds a C0 control, DEL, or a C1 control raw. */
static int
has_raw_control(const char *s)
{
	size_t n = strlen(s), i = 0;

	while (i < n) {
		uint32_t cp;
		size_t len = utf8_decode((const unsigned char *)s + i, n - i, &cp);

		if (len == 0 || cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f))
			return 1;
		i += len;
	}
	return 0;
}

/* --- people and terminals ------------------------------------------------ */

static void
people_one(const char *s, void *ctx)
{
	char *e = escape_text(s, strlen(s));
	size_t n = strlen(e), i = 0;

	(void)ctx;
	assert_false(has_raw_control(e));
	while (i < n) {
		uint32_t cp;
		size_t len = utf8_decode((const unsigned char *)e + i, n - i, &cp);

		assert_true(len > 0);
		/* No bidi control, line separator or noncharacter raw. */
		assert_false(cp == 0x061c || (cp >= 0x200e && cp <= 0x200f) ||
		    (cp >= 0x2028 && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) ||
		    (cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) == 0xfffe);
		i += len;
	}
	free(e);
}

static void
test_people(void **state)
{
	char *e;

	(void)state;
	assert_true(each_input(people_one, NULL) > 500);
	e = escape_text("\xef\xbf\xbe", 3);
	assert_string_equal(e, "\\ufffe");
	free(e);
	e = escape_text("\xf4\x8f\xbf\xbf", 4);
	assert_string_equal(e, "\\u10ffff");
	free(e);
	e = escape_text("caf\xc3\xa9", 5);
	assert_string_equal(e, "caf\xc3\xa9");
	free(e);
}

/* --- XML 1.0 ------------------------------------------------------------- */

/* The Char production itself, at its edges. */
static void
test_xml_char(void **state)
{
	static const uint32_t yes[] = { 0x9, 0xa, 0xd, 0x20, 0xd7ff, 0xe000, 0xfffd, 0x10000, 0x10ffff };
	static const uint32_t no[] = { 0x0, 0x8, 0xb, 0xc, 0xe, 0x1f, 0xd800, 0xdfff, 0xfffe, 0xffff,
	    0x110000 };

	(void)state;
	for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++)
		assert_true(xmltext_is_char(yes[i]));
	for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
		assert_false(xmltext_is_char(no[i]));
}

/* The string as junit.c writes it (an attribute and a text, through
 * libxml2's writer), parsed back by libxml2; every character a Char. */
static void
xml_one(const char *s, void *ctx)
{
	char *x = xmltext(s);
	xmlBufferPtr buf = xmlBufferCreate();
	xmlTextWriterPtr w = xmlNewTextWriterMemory(buf, 0);
	xmlDocPtr doc;
	size_t n = strlen(x), i = 0;

	(void)ctx;
	while (i < n) {
		uint32_t cp;
		size_t len = utf8_decode((const unsigned char *)x + i, n - i, &cp);

		assert_true(len > 0);
		assert_true(xmltext_is_char(cp));
		i += len;
	}
	xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL);
	xmlTextWriterStartElement(w, BAD_CAST "testcase");
	xmlTextWriterWriteAttribute(w, BAD_CAST "name", BAD_CAST x);
	xmlTextWriterWriteString(w, BAD_CAST x);
	xmlTextWriterEndElement(w);
	xmlTextWriterEndDocument(w);
	xmlFreeTextWriter(w);
	doc = xmlReadMemory((const char *)xmlBufferContent(buf), xmlBufferLength(buf), "t.xml", NULL,
	    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (doc == NULL)
		fail_msg("not well-formed XML for an input of %zu bytes", strlen(s));
	xmlFreeDoc(doc);
	xmlBufferFree(buf);
	free(x);
}

static void
test_xml(void **state)
{
	char *x;

	(void)state;
	assert_true(each_input(xml_one, NULL) > 500);
	x = xmltext("k\xef\xbf\xbe");
	assert_string_equal(x, "k\\ufffe");
	free(x);
	x = xmltext("a\x01" "b");
	assert_string_equal(x, "a\\x01b");
	free(x);
}

/* --- JSON, RFC 8259 ------------------------------------------------------ */

static void
json_one(const char *s, void *ctx)
{
	char *text = NULL;
	size_t len = 0, n = strlen(s), i = 0;
	FILE *f = open_memstream(&text, &len);
	json_error_t jerr;
	json_t *back;
	int valid = 1;

	(void)ctx;
	assert_int_equal(jsontext_fputs(s, f), 0);
	fclose(f);
	back = json_loadb(text, len, JSON_DECODE_ANY, &jerr);
	if (back == NULL)
		fail_msg("jansson cannot read it back: %s", jerr.text);
	assert_true(json_is_string(back));
	while (i < n) {
		uint32_t cp;
		size_t l = utf8_decode((const unsigned char *)s + i, n - i, &cp);

		if (l == 0) {
			valid = 0;
			break;
		}
		i += l;
	}
	if (valid)
		assert_string_equal(json_string_value(back), s);
	else
		assert_int_equal(strlen(json_string_value(back)), n);	/* one '?' per byte */
	json_decref(back);
	free(text);
}

static void
test_json(void **state)
{
	json_t *j;

	(void)state;
	assert_true(each_input(json_one, NULL) > 500);
	j = jsontext_string("caf\xc3\xa9\xff.o");
	assert_string_equal(json_string_value(j), "caf\xc3\xa9?.o");
	json_decref(j);
}

/* --- GitHub workflow commands ------------------------------------------- */

/* % only as one of GitHub's escapes; of the others, none of `banned`. */
static void
github_check(const char *e, const char *banned)
{
	static const char *const escapes[] = { "%25", "%0D", "%0A", "%3A", "%2C" };

	assert_false(has_raw_control(e));
	for (const char *p = e; *p; p++) {
		if (strchr(banned, *p) != NULL)
			fail_msg("0x%02x raw in \"%s\"", (unsigned char)*p, e);
		if (*p == '%') {
			size_t k = 0;

			while (k < 5 && strncmp(p, escapes[k], 3) != 0)
				k++;
			assert_true(k < 5);
		}
	}
}

static void
github_one(const char *s, void *ctx)
{
	char *d = github_escape_data(s), *p = github_escape_property(s);

	(void)ctx;
	github_check(d, "\r\n");
	github_check(p, "\r\n:,");
	free(d);
	free(p);
}

/* What GitHub's runner does with a property: its five escapes undone. */
static char *
github_unescape(const char *e)
{
	static const struct {
		const char *as;
		char c;
	} map[] = { { "%0D", '\r' }, { "%0A", '\n' }, { "%3A", ':' }, { "%2C", ',' }, { "%25", '%' } };
	char *out = malloc(strlen(e) + 1), *o = out;

	while (*e) {
		size_t k = 0;

		while (k < 5 && strncmp(e, map[k].as, 3) != 0)
			k++;
		if (k < 5) {
			*o++ = map[k].c;
			e += 3;
		} else
			*o++ = *e++;
	}
	*o = '\0';
	return out;
}

static void
test_github_grammar(void **state)
{
	static const char *const titles[] = {
		"spillway max-regs: ns::k<int, 3>(float*) sm_90",
		"100% a\r\nb: c, d %0A %25",
		"ctl\x1b[31mred\x07" "bell\x08 sm_90",
	};

	(void)state;
	assert_true(each_input(github_one, NULL) > 500);
	/* Printable text comes back as it was; controls come back escaped. */
	for (size_t i = 0; i < 2; i++) {
		char *e = github_escape_property(titles[i]), *back = github_unescape(e);

		assert_string_equal(back, titles[i]);
		free(e);
		free(back);
	}
	{
		char *e = github_escape_property(titles[2]);

		assert_string_equal(e, "ctl\\x1b[31mred\\x07bell\\x08 sm_90");
		free(e);
		e = github_escape_data("a\xc2\x9b" "b\n");
		assert_string_equal(e, "a\\u009bb%0A");
		free(e);
	}
}

/* --- a terminal whose locale is not UTF-8 ------------------------------- */

struct ascii_ctx {
	size_t	chars;
};

static void
ascii_one(const char *s, void *ctx)
{
	char *esc = escape_text(s, strlen(s)), out[CHUNK * 8 + 1];
	size_t n = strlen(esc), i = 0, chars = 0, w;

	(void)ctx;
	while (i < n) {
		uint32_t cp;
		size_t len = utf8_decode((const unsigned char *)esc + i, n - i, &cp);

		i += len > 0 ? len : 1;
		chars++;
	}
	w = text_ascii(out, sizeof out, esc);
	assert_int_equal(w, chars);			/* one column a character */
	for (size_t k = 0; k < w; k++)
		assert_true(isprint((unsigned char)out[k]));	/* in the C locale */
	assert_int_equal(text_width(out), (int)w);
	free(esc);
}

static void
test_terminal_ascii(void **state)
{
	char out[64];

	(void)state;
	setlocale(LC_CTYPE, "C");
	assert_true(each_input(ascii_one, NULL) > 500);
	assert_int_equal(text_ascii(out, sizeof out, "caf\xc3\xa9_k \xe6\xbc\xa2\xe5\xad\x97"), 9);
	assert_string_equal(out, "caf?_k ??");
	assert_int_equal(text_ascii(out, 4, "abcdef"), 3);
	assert_string_equal(out, "abc");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_people),
		cmocka_unit_test(test_xml_char),
		cmocka_unit_test(test_xml),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_github_grammar),
		cmocka_unit_test(test_terminal_ascii),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
