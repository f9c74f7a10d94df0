/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <ar.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive.h"
#include "xalloc.h"

#define THIN_MAGIC	"!<thin>\n"
#define AR_HEADER	60	/* sizeof (struct ar_hdr) */
#define BSD_NAME	"#1/"	/* a BSD long name: its length, the name in front of the data */

int
archive_is_archive(const uint8_t *data, size_t size)
{
	return size >= SARMAG && memcmp(data, ARMAG, SARMAG) == 0;
}

int
archive_is_thin(const uint8_t *data, size_t size)
{
	return size >= SARMAG && memcmp(data, THIN_MAGIC, SARMAG) == 0;
}

/* The decimal field of width bytes at p, or -1 when it is none. */
static long long
header_number(const char *p, size_t width)
{
	char buf[24];
	char *end;
	long long v;

	memcpy(buf, p, width);
	buf[width] = '\0';
	v = strtoll(buf, &end, 10);
	while (*end == ' ')
		end++;
	return end == buf || *end != '\0' || v < 0 ? -1 : v;
}

static char *trimmed(const char *rawname);

/* The symbol tables ("/", "/SYM64/") and the long-name table ("//"). */
static int
is_table(const char *rawname)
{
	static const char *const tables[] = { "/", "//", "/SYM64/" };
	char *name = trimmed(rawname);
	int hit = 0;

	for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++)
		hit |= strcmp(name, tables[i]) == 0;
	free(name);
	return hit;
}

/* The raw name without the blanks that pad it. */
static char *
trimmed(const char *rawname)
{
	size_t n = strlen(rawname);

	while (n > 0 && rawname[n - 1] == ' ')
		n--;
	return xstrndup(rawname, n);
}

struct member {
	char		*name;
	const uint8_t	*data;
	size_t		 size;
};

/*
 * Where the member whose data lies at base (msize bytes as libelf found
 * them) begins, and under what name: 0, or -1 with a message.
 */
static int
member_of(const uint8_t *data, size_t size, Elf_Arhdr *h, size_t base, size_t msize,
    struct member *m, char *msg, size_t msgsize)
{
	const char *hdr = (const char *)data + base - AR_HEADER;
	long long claimed = header_number(hdr + 48, 10);
	char *raw = trimmed(h->ar_rawname ? h->ar_rawname : "");

	m->name = NULL;
	m->data = data + base;
	m->size = msize;
	if (claimed >= 0 && (unsigned long long)claimed > size - base) {
		snprintf(msg, msgsize, "member %s claims %lld bytes, %zu are left in the archive: cut short? not read",
		    raw, claimed, size - base);
		free(raw);
		return -1;
	}
	if (strncmp(raw, BSD_NAME, strlen(BSD_NAME)) == 0) {
		long long n = header_number(raw + strlen(BSD_NAME), strlen(raw + strlen(BSD_NAME)));

		if (n < 0 || (unsigned long long)n > msize) {
			snprintf(msg, msgsize, "member %s: a BSD long name of %lld bytes in a member of %zu: not read",
			    raw, n, msize);
			free(raw);
			return -1;
		}
		m->name = xstrndup((const char *)m->data, strnlen((const char *)m->data, (size_t)n));
		m->data += n;
		m->size -= (size_t)n;
		free(raw);
		return 0;
	}
	if (h->ar_name == NULL || h->ar_name[0] == '\0') {
		snprintf(msg, msgsize, "member %s: its long name is not in the archive's table: read as %s",
		    raw, raw);
		m->name = raw;
		return 1;
	}
	free(raw);
	m->name = xstrdup(h->ar_name);
	return 0;
}

int
archive_walk(const uint8_t *data, size_t size, archive_member_fn on_member,
    archive_error_fn on_error, void *ctx, char *err, size_t errsize, size_t *err_offset)
{
	Elf *ar, *sub;
	Elf_Cmd cmd = ELF_C_READ_MMAP;
	size_t end = SARMAG;
	int rc = 0;

	*err_offset = 0;
	(void)elf_errno();
	ar = elf_memory((char *)data, size);
	if (ar == NULL || elf_kind(ar) != ELF_K_AR) {
		snprintf(err, errsize, "unreadable ar archive: %s", elf_errmsg(-1));
		if (ar)
			elf_end(ar);
		return -1;
	}
	for (size_t index = 0; (sub = elf_begin(-1, cmd, ar)) != NULL; index++) {
		Elf_Arhdr *h = elf_getarhdr(sub);
		size_t msize = 0;
		char *raw = elf_rawfile(sub, &msize);
		int64_t base = elf_getbase(sub);

		/* The symbol table comes first: a member of its name later is
		 * no table a linker wrote. */
		if (h != NULL && index > 0 && base >= AR_HEADER && h->ar_name != NULL &&
		    (strcmp(h->ar_name, "/") == 0 || strcmp(h->ar_name, "/SYM64/") == 0))
			on_error(ctx, (size_t)base - AR_HEADER, "a member named as the symbol table, "
			    "after the first: not read");

		if (h != NULL && raw != NULL && base >= AR_HEADER && (size_t)base <= size &&
		    msize <= size - (size_t)base && !is_table(h->ar_rawname ? h->ar_rawname : "/")) {
			struct member m;
			char msg[256];
			int got = member_of(data, size, h, (size_t)base, msize, &m, msg, sizeof msg);

			if (got != 0)
				on_error(ctx, (size_t)base - AR_HEADER, msg);
			if (got >= 0)
				on_member(ctx, m.name, m.data, m.size, (size_t)(m.data - data));
			free(m.name);
		}
		if (raw != NULL && base >= 0 && (size_t)base + msize > end)
			end = (size_t)base + msize;
		cmd = elf_next(sub);
		elf_end(sub);
	}
	/* Members are padded to even offsets; anything more was not readable. */
	end += end & 1;
	if (end < size) {
		*err_offset = end;
		snprintf(err, errsize, "expected an ar member header (60 bytes), found none readable; %zu bytes left unread",
		    size - end);
		rc = -1;
	}
	elf_end(ar);
	return rc;
}
