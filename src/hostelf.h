/*
 * Host ELF files (objects, shared libraries, executables): where their
 * device code sits.  cuobjdump's rule is followed: .nv_fatbin when the file
 * has one, otherwise __nv_relfatbin (binary-formats.md 1.3).
 */
#ifndef SPILLWAY_HOSTELF_H
#define SPILLWAY_HOSTELF_H

#include <stddef.h>
#include <stdint.h>

struct fatbin_section {
	const uint8_t	*data;
	size_t		 size;
	size_t		 offset;	/* in the file */
	int		 relocatable;	/* __nv_relfatbin */
};

int	hostelf_is_elf(const uint8_t *data, size_t size);

/*
 * Finds the fatbin section.  Returns 1 when found, 0 when the file holds
 * no device code, -1 on a malformed file (err, *err_offset).
 */
int	hostelf_fatbin_section(const uint8_t *data, size_t size, struct fatbin_section *,
	    char *err, size_t errsize, size_t *err_offset);

#endif
