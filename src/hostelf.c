#include "config.h"

#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <string.h>

#include "bytes.h"
#include "hostelf.h"

int
hostelf_is_elf(const uint8_t *data, size_t size)
{
	return size >= SELFMAG && memcmp(data, ELFMAG, SELFMAG) == 0;
}

/* Checks what libelf would otherwise report vaguely: a header table cut off. */
static int
check_headers(const uint8_t *d, size_t size, char *err, size_t errsize, size_t *err_offset)
{
	uint64_t shoff, need;
	uint16_t shentsize, shnum;

	if (d[EI_CLASS] == ELFCLASS64) {
		if (size < 64) {
			snprintf(err, errsize, "ELF header cut short: %zu of 64 bytes", size);
			return -1;
		}
		shoff = get_u64(d + 0x28);
		shentsize = get_u16(d + 0x3a);
		shnum = get_u16(d + 0x3c);
	} else if (d[EI_CLASS] == ELFCLASS32) {
		if (size < 52) {
			snprintf(err, errsize, "ELF header cut short: %zu of 52 bytes", size);
			return -1;
		}
		shoff = get_u32(d + 0x20);
		shentsize = get_u16(d + 0x2e);
		shnum = get_u16(d + 0x30);
	} else {
		snprintf(err, errsize, "unknown ELF class %u", d[EI_CLASS]);
		return -1;
	}
	if (d[EI_DATA] != ELFDATA2LSB) {
		/* No CUDA host has been big-endian; libelf would convert, but
		 * the fatbin inside is little-endian anyway. */
		snprintf(err, errsize, "big-endian ELF: no CUDA device code expected");
		return -1;
	}
	need = (uint64_t)shentsize * shnum;
	if (shoff > size || need > size - shoff) {
		*err_offset = shoff;
		snprintf(err, errsize,
		    "ELF section header table (%u entries at 0x%llx) runs past the end of the file (%zu bytes): truncated?",
		    shnum, (unsigned long long)shoff, size);
		return -1;
	}
	return 0;
}

int
hostelf_fatbin_section(const uint8_t *data, size_t size, struct fatbin_section *out,
    char *err, size_t errsize, size_t *err_offset)
{
	Elf *elf;
	Elf_Scn *scn = NULL;
	size_t shstrndx;
	GElf_Shdr found[2];
	int have[2] = { 0, 0 };
	int rc = 0, which;

	*err_offset = 0;
	memset(out, 0, sizeof *out);
	if (check_headers(data, size, err, errsize, err_offset) < 0)
		return -1;
	elf = elf_memory((char *)data, size);
	if (elf == NULL) {
		snprintf(err, errsize, "unreadable ELF: %s", elf_errmsg(-1));
		return -1;
	}
	if (elf_getshdrstrndx(elf, &shstrndx) != 0) {
		snprintf(err, errsize, "ELF has no readable section name table: %s", elf_errmsg(-1));
		elf_end(elf);
		return -1;
	}
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;
		const char *name;

		if (gelf_getshdr(scn, &sh) == NULL)
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (name == NULL)
			continue;
		if (strcmp(name, ".nv_fatbin") == 0 && !have[0]) {
			found[0] = sh;
			have[0] = 1;
		} else if (strcmp(name, "__nv_relfatbin") == 0 && !have[1]) {
			found[1] = sh;
			have[1] = 1;
		}
	}
	elf_end(elf);

	which = have[0] ? 0 : have[1] ? 1 : -1;
	if (which < 0)
		return 0;
	if (found[which].sh_type == SHT_NOBITS)
		return 0;
	if (found[which].sh_offset > size || found[which].sh_size > size - found[which].sh_offset) {
		*err_offset = found[which].sh_offset;
		snprintf(err, errsize, "section %s (%llu bytes) runs past the end of the file (%zu bytes): truncated?",
		    which == 0 ? ".nv_fatbin" : "__nv_relfatbin",
		    (unsigned long long)found[which].sh_size, size);
		return -1;
	}
	out->data = data + found[which].sh_offset;
	out->size = found[which].sh_size;
	out->offset = found[which].sh_offset;
	out->relocatable = which == 1;
	rc = 1;
	return rc;
}
