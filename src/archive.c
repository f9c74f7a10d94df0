#include "config.h"

#include <ar.h>
#include <libelf.h>
#include <stdio.h>
#include <string.h>

#include "archive.h"

int
archive_is_archive(const uint8_t *data, size_t size)
{
	return size >= SARMAG && memcmp(data, ARMAG, SARMAG) == 0;
}

int
archive_walk(const uint8_t *data, size_t size, archive_member_fn on_member,
    void *ctx, char *err, size_t errsize, size_t *err_offset)
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
	while ((sub = elf_begin(-1, cmd, ar)) != NULL) {
		Elf_Arhdr *h = elf_getarhdr(sub);
		size_t msize = 0;
		char *raw = elf_rawfile(sub, &msize);
		int64_t base = elf_getbase(sub);

		if (h != NULL && h->ar_name != NULL && h->ar_name[0] != '/' && raw != NULL &&
		    base >= 0 && (size_t)base <= size && msize <= size - (size_t)base)
			on_member(ctx, h->ar_name, (const uint8_t *)raw, msize, (size_t)base);
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
