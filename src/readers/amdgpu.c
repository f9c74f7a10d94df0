/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <gelf.h>
#include <libelf.h>
#include <msgpack.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amdgpu.h"
#include "bytes.h"
#include "hostelf.h"
#include "model.h"
#include "xalloc.h"

#ifndef EM_AMDGPU
#define EM_AMDGPU		224
#endif
#define NT_AMDGPU_METADATA	32	/* LLVM's BinaryFormat/ELF.h */
static const char note_owner[] = "AMDGPU";

/* The figures read from a kernel's map, by key (AMDGPUUsage). */
static const struct kernel_key {
	const char	*key;
	size_t		 offset;	/* of its int32_t in struct amdgpu_kernel */
} kernel_keys[] = {
	{ ".vgpr_count", offsetof(struct amdgpu_kernel, vgpr) },
	{ ".agpr_count", offsetof(struct amdgpu_kernel, agpr) },
	{ ".sgpr_count", offsetof(struct amdgpu_kernel, sgpr) },
	{ ".vgpr_spill_count", offsetof(struct amdgpu_kernel, vgpr_spill) },
	{ ".sgpr_spill_count", offsetof(struct amdgpu_kernel, sgpr_spill) },
	{ ".private_segment_fixed_size", offsetof(struct amdgpu_kernel, private_segment) },
	{ ".group_segment_fixed_size", offsetof(struct amdgpu_kernel, group_segment) },
	{ ".max_flat_workgroup_size", offsetof(struct amdgpu_kernel, max_flat_workgroup) },
	{ ".wavefront_size", offsetof(struct amdgpu_kernel, wavefront) },
};
#define NKEYS (sizeof kernel_keys / sizeof kernel_keys[0])

int
amdgpu_is_code_object(const uint8_t *data, size_t size)
{
	return size >= sizeof(Elf64_Ehdr) && memcmp(data, ELFMAG, SELFMAG) == 0 &&
	    data[EI_CLASS] == ELFCLASS64 && data[EI_DATA] == ELFDATA2LSB &&
	    get_u16(data + offsetof(Elf64_Ehdr, e_machine)) == EM_AMDGPU;
}

void
amdgpu_free(struct amdgpu_co *co)
{
	free(co->kernels);
	memset(co, 0, sizeof *co);
}

static int __attribute__((format(printf, 4, 5)))
fail(char *err, size_t errsize, int rc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errsize, fmt, ap);
	va_end(ap);
	return rc;
}

/* How many bytes follow a MessagePack header byte as a length of that
 * many bytes (str, bin, ext), or as the value itself; -1 for containers. */
static int
msgpack_width(uint8_t b, size_t *lenbytes, size_t *fixed, size_t *children, uint8_t *lead)
{
	*lenbytes = *fixed = *children = 0;
	if (b <= 0x7f || b >= 0xe0 || (b >= 0xc0 && b <= 0xc3))
		return 0;				/* fixint, nil, bool */
	/* The fix families, 0x80 to 0xbf, each up to its last byte. */
	if (b <= 0x8f)
		return *children = 2u * (b & 0x0f), 0;	/* fixmap, 0x80 on */
	if (b <= 0x9f)
		return *children = b & 0x0f, 0;		/* fixarray, 0x90 on */
	if (b <= 0xbf)
		return *fixed = b & 0x1f, 0;		/* fixstr, 0xa0 on */
	switch (b) {
	case 0xc4: case 0xd9: *lenbytes = 1; return 0;	/* bin8, str8 */
	case 0xc5: case 0xda: *lenbytes = 2; return 0;
	case 0xc6: case 0xdb: *lenbytes = 4; return 0;
	case 0xc7: *lenbytes = 1; *fixed = 1; return 0;	/* ext8: its type byte */
	case 0xc8: *lenbytes = 2; *fixed = 1; return 0;
	case 0xc9: *lenbytes = 4; *fixed = 1; return 0;
	case 0xca: case 0xd2: case 0xce: *fixed = 4; return 0;
	case 0xcb: case 0xd3: case 0xcf: *fixed = 8; return 0;
	case 0xcc: case 0xd0: *fixed = 1; return 0;
	case 0xcd: case 0xd1: *fixed = 2; return 0;
	case 0xd4: *fixed = 2; return 0;		/* fixext1..16: type and data */
	case 0xd5: *fixed = 3; return 0;
	case 0xd6: *fixed = 5; return 0;
	case 0xd7: *fixed = 9; return 0;
	case 0xd8: *fixed = 17; return 0;
	case 0xdc: case 0xde: *lead = 2; return -1;	/* array16, map16 */
	case 0xdd: case 0xdf: *lead = 4; return -1;
	}
	return -2;					/* 0xc1: never used */
}

static uint64_t
get_be(const uint8_t *p, size_t n)
{
	uint64_t v = 0;

	for (size_t i = 0; i < n; i++)
		v = v << 8 | p[i];
	return v;
}

/* What msgpack-c's zone allocates for a container of so many children
 * (a map's: twice its pairs), as its unpacker does. */
static size_t
zone_bytes(uint8_t b, size_t children)
{
	if ((b >= 0x80 && b <= 0x8f) || b == 0xde || b == 0xdf)
		return children / 2 * sizeof(msgpack_object_kv);
	return children * sizeof(msgpack_object);
}

int
amdgpu_msgpack_bounded(const uint8_t *p, size_t n, size_t max, size_t *zone, char *err, size_t errsize)
{
	size_t at = 0, pending = 1, objects = 0, bytes = MSGPACK_ZONE_CHUNK_SIZE;

	while (pending > 0) {
		size_t lenbytes, fixed, children;
		uint8_t lead = 0, b;
		int w;

		if (at >= n)
			return fail(err, errsize, -1, "MessagePack cut short at byte %zu", at);
		b = p[at++];
		pending--;
		if (++objects > max)
			return fail(err, errsize, -1, "MessagePack of more than %zu objects: not read", max);
		w = msgpack_width(b, &lenbytes, &fixed, &children, &lead);
		if (w == -2)
			return fail(err, errsize, -1, "MessagePack byte 0x%02x at %zu is no type", b, at - 1);
		if (w == -1) {
			if (n - at < lead)
				return fail(err, errsize, -1, "MessagePack cut short at byte %zu", at);
			children = (size_t)get_be(p + at, lead) * (b == 0xde || b == 0xdf ? 2 : 1);
			at += lead;
		}
		if (n - at < lenbytes)
			return fail(err, errsize, -1, "MessagePack cut short at byte %zu", at);
		fixed += (size_t)get_be(p + at, lenbytes);
		at += lenbytes;
		if (fixed > n - at)
			return fail(err, errsize, -1, "MessagePack value of %zu bytes at %zu runs past the end", fixed, at);
		at += fixed;
		/* Each element takes a byte at least. */
		if (children > n - at || pending + children > n - at)
			return fail(err, errsize, -1, "MessagePack count %zu at %zu: only %zu bytes follow",
			    children, at, n - at);
		pending += children;
		if (children > 0 || w == -1)
			bytes += zone_bytes(b, children);
	}
	if (zone != NULL)
		*zone = bytes;
	return 0;
}

static int
key_is(const msgpack_object *k, const char *s)
{
	size_t len = strlen(s);

	return k->type == MSGPACK_OBJECT_STR && k->via.str.size == len &&
	    memcmp(k->via.str.ptr, s, len) == 0;
}

static int32_t
int_value(const msgpack_object *v)
{
	if (v->type == MSGPACK_OBJECT_POSITIVE_INTEGER && v->via.u64 <= INT32_MAX)
		return (int32_t)v->via.u64;
	return UNKNOWN;
}

static int
read_kernel(const msgpack_object *o, struct amdgpu_kernel *k, struct strpool *pool,
    char *err, size_t errsize)
{
	for (size_t i = 0; i < NKEYS; i++)
		memcpy((char *)k + kernel_keys[i].offset, &(int32_t){ UNKNOWN }, sizeof(int32_t));
	k->name = NULL;
	if (o->type != MSGPACK_OBJECT_MAP)
		return fail(err, errsize, -1, "amdhsa.kernels holds a MessagePack type %d: expected a map", o->type);
	for (uint32_t i = 0; i < o->via.map.size; i++) {
		const msgpack_object *key = &o->via.map.ptr[i].key, *v = &o->via.map.ptr[i].val;

		if (key_is(key, ".name") && v->type == MSGPACK_OBJECT_STR && v->via.str.size > 0) {
			k->name = strpool_intern(pool, v->via.str.ptr, v->via.str.size);
			continue;
		}
		for (size_t j = 0; j < NKEYS; j++)
			if (key_is(key, kernel_keys[j].key)) {
				int32_t x = int_value(v);

				if (x == UNKNOWN)
					return fail(err, errsize, -1, "kernel %s: %s is no 32-bit count",
					    k->name ? k->name : "?", kernel_keys[j].key);
				memcpy((char *)k + kernel_keys[j].offset, &x, sizeof x);
			}
	}
	if (k->name == NULL)
		return fail(err, errsize, -1, "a kernel of amdhsa.kernels has no .name");
	return 0;
}

/* amdhsa.target "amdgcn-amd-amdhsa--gfx90a:xnack+": the target id. */
static void
read_target(const msgpack_object *v, struct amdgpu_co *co)
{
	static const char prefix[] = "amdgcn-amd-amdhsa--";
	size_t n;

	if (v->type != MSGPACK_OBJECT_STR || v->via.str.size <= sizeof prefix - 1 ||
	    memcmp(v->via.str.ptr, prefix, sizeof prefix - 1) != 0)
		return;
	n = v->via.str.size - (sizeof prefix - 1);
	if (n >= sizeof co->target || memchr(v->via.str.ptr + sizeof prefix - 1, '\0', n) != NULL)
		return;
	memcpy(co->target, v->via.str.ptr + sizeof prefix - 1, n);
	co->target[n] = '\0';
}

/* The note unpacked (msgpack-c), its zone's bytes taken from zones first. */
static int
unpack_metadata(const uint8_t *desc, size_t len, msgpack_unpacked *u, struct membudget *zones,
    size_t *taken, char *err, size_t errsize)
{
	size_t off = 0, zone;

	if (amdgpu_msgpack_bounded(desc, len, AMDGPU_META_OBJECTS_MAX, &zone, err, errsize) < 0)
		return -1;
	if (zone > AMDGPU_META_ZONE_MAX)
		return fail(err, errsize, -1, "NT_AMDGPU_METADATA would take %zu bytes of msgpack-c objects, over the limit (%zu MiB): not read",
		    zone, AMDGPU_META_ZONE_MAX >> 20);
	if (zones != NULL) {
		membudget_take(zones, zone);
		*taken = zone;
	}
	msgpack_unpacked_init(u);
	if (msgpack_unpack_next(u, (const char *)desc, len, &off) != MSGPACK_UNPACK_SUCCESS)
		return fail(err, errsize, -1, "NT_AMDGPU_METADATA is no MessagePack msgpack-c reads");
	if (u->data.type != MSGPACK_OBJECT_MAP)
		return fail(err, errsize, -1, "NT_AMDGPU_METADATA is MessagePack type %d: expected a map", u->data.type);
	return 0;
}

static int
read_metadata(const uint8_t *desc, size_t len, struct amdgpu_co *co, struct strpool *pool,
    struct membudget *zones, char *err, size_t errsize)
{
	msgpack_unpacked u = { 0 };
	const msgpack_object *kernels = NULL;
	size_t taken = 0;
	int rc = 0;

	if (len > AMDGPU_META_BYTES_MAX)
		return fail(err, errsize, -1, "NT_AMDGPU_METADATA of %zu bytes is over the limit (%zu MiB): not read",
		    len, AMDGPU_META_BYTES_MAX >> 20);
	if (unpack_metadata(desc, len, &u, zones, &taken, err, errsize) < 0) {
		msgpack_unpacked_destroy(&u);
		if (taken > 0)
			membudget_give(zones, taken);
		return -1;
	}
	for (uint32_t i = 0; i < u.data.via.map.size; i++) {
		const msgpack_object *key = &u.data.via.map.ptr[i].key, *v = &u.data.via.map.ptr[i].val;

		if (key_is(key, "amdhsa.kernels") && v->type == MSGPACK_OBJECT_ARRAY)
			kernels = v;
		else if (key_is(key, "amdhsa.target"))
			read_target(v, co);
		else if (key_is(key, "amdhsa.version") && v->type == MSGPACK_OBJECT_ARRAY &&
		    v->via.array.size == 2) {
			co->version_major = int_value(&v->via.array.ptr[0]);
			co->version_minor = int_value(&v->via.array.ptr[1]);
		}
	}
	if (kernels != NULL && kernels->via.array.size > AMDGPU_KERNELS_MAX)
		rc = fail(err, errsize, -1, "amdhsa.kernels lists %u kernels, over the limit (%zu): not read",
		    kernels->via.array.size, AMDGPU_KERNELS_MAX);
	else if (kernels != NULL && kernels->via.array.size > 0) {
		co->kernels = xcalloc(kernels->via.array.size, sizeof *co->kernels);
		for (uint32_t i = 0; i < kernels->via.array.size && rc == 0; i++) {
			rc = read_kernel(&kernels->via.array.ptr[i], &co->kernels[co->nkernels], pool,
			    err, errsize);
			if (rc == 0)
				co->nkernels++;
		}
	}
	msgpack_unpacked_destroy(&u);
	if (taken > 0)
		membudget_give(zones, taken);
	return rc;
}

/*
 * The NT_AMDGPU_METADATA note of a SHT_NOTE section, read into co; *seen
 * says one was read before: a second is damage (it would be left unread,
 * or overwrite the first's kernels).  0, or -1 (err).
 */
static int
read_notes(Elf_Scn *scn, const GElf_Shdr *sh, struct amdgpu_co *co, struct strpool *pool,
    struct membudget *zones, int *seen, char *err, size_t errsize, size_t *err_offset)
{
	Elf_Data *d = elf_rawdata(scn, NULL);
	size_t off = 0, name_off, desc_off;
	GElf_Nhdr nh;

	if (d == NULL)
		return 0;
	while ((off = gelf_getnote(d, off, &nh, &name_off, &desc_off)) > 0) {
		if (nh.n_type != NT_AMDGPU_METADATA || nh.n_namesz != sizeof note_owner ||
		    memcmp((const char *)d->d_buf + name_off, note_owner, sizeof note_owner) != 0)
			continue;
		*err_offset = (size_t)sh->sh_offset + desc_off;
		if (*seen)
			return fail(err, errsize, -1, "a second NT_AMDGPU_METADATA note: expected one "
			    "per code object");
		if (read_metadata((const uint8_t *)d->d_buf + desc_off, nh.n_descsz, co, pool,
		    zones, err, errsize) < 0)
			return -1;
		*seen = 1;
	}
	return 0;
}

int
amdgpu_read(const uint8_t *data, size_t size, struct amdgpu_co *co, struct strpool *pool,
    struct membudget *zones, char *err, size_t errsize, size_t *err_offset)
{
	struct hostelf_table table;
	Elf *elf;
	Elf_Scn *scn = NULL;
	int found = 0, seen = 0;

	memset(co, 0, sizeof *co);
	co->version_major = co->version_minor = UNKNOWN;
	*err_offset = 0;
	if (hostelf_check_table(data, size, "code object", &table, err, errsize, err_offset) < 0)
		return -1;
	if ((elf = elf_memory((char *)data, size)) == NULL)
		return fail(err, errsize, -1, "unreadable code object: %s", elf_errmsg(-1));
	while (found == 0 && (scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;

		if (gelf_getshdr(scn, &sh) == NULL) {
			*err_offset = (size_t)(table.shoff + elf_ndxscn(scn) * table.shentsize);
			found = fail(err, errsize, -1, "unreadable section header %zu: %s",
			    elf_ndxscn(scn), elf_errmsg(-1));
			break;
		}
		if (sh.sh_type != SHT_NOTE)
			continue;
		if (sh.sh_offset > size || sh.sh_size > size - sh.sh_offset) {
			*err_offset = (size_t)sh.sh_offset;
			found = fail(err, errsize, -1, "note section (%llu bytes at 0x%llx) runs past the end of the code object (%zu bytes)",
			    (unsigned long long)sh.sh_size, (unsigned long long)sh.sh_offset, size);
			break;
		}
		found = read_notes(scn, &sh, co, pool, zones, &seen, err, errsize, err_offset);
	}
	elf_end(elf);
	if (found == 0 && !seen)
		found = fail(err, errsize, -1, "code object without an NT_AMDGPU_METADATA note "
		    "(code object v2 and older are not read)");
	if (found < 0) {
		amdgpu_free(co);
		return -1;
	}
	return 0;
}
