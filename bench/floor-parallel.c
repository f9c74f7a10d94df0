/* SPDX-License-Identifier: MIT */
/*
 * The parallel floor: floor.c's walk, with its decompression spread over
 * N threads that take entries one at a time from a shared counter.  Each
 * thread decompresses into its own buffer the size of the largest image,
 * on huge pages, touched once before the clock starts, and reuses its
 * zstd context: no memory bound, no page faults, no parsing, no output.
 * What N workers could do if decompressing were all they did.
 *
 * usage: floor-parallel THREADS FILE
 *   -> "entries N bytes_out N threads N seconds S" (S: the decompression)
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <lz4.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <zstd.h>

#define HUGE_PAGE ((size_t)2 << 20)
#define THREADS_MAX 1024

struct entry {
	const unsigned char *payload;
	size_t stored, size;
	int zstd;
};

static struct entry *entries;
static size_t nentries, largest;
static atomic_size_t next_entry;

static uint64_t
rd(const unsigned char *p, int n)
{
	uint64_t v = 0;

	for (int i = n - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The compressed ELF entries of the fatbin, as floor.c finds them. */
static void
collect(const unsigned char *p, const unsigned char *end)
{
	size_t cap = 0;

	while (p + 16 <= end) {
		uint64_t hs, sz;
		const unsigned char *q, *cend;

		if (rd(p, 4) != 0xBA55ED50u) {
			p += 8;
			continue;
		}
		hs = rd(p + 6, 2);
		sz = rd(p + 8, 8);
		q = p + hs;
		cend = p + hs + sz;
		while (q + 64 <= cend) {
			uint64_t kind = rd(q, 2), ehs = rd(q + 4, 4), pad = rd(q + 8, 8);
			uint64_t csz = rd(q + 0x10, 4), flags = rd(q + 0x28, 8), usz = rd(q + 0x38, 8);

			if (kind == 2 && (flags & 0xA000)) {
				if (nentries == cap) {
					cap = cap ? cap * 2 : 1024;
					entries = realloc(entries, cap * sizeof *entries);
				}
				entries[nentries++] = (struct entry){ q + ehs, csz, usz, (flags & 0x8000) != 0 };
				if (usz > largest)
					largest = usz;
			}
			q += ehs + pad;
		}
		p = cend;
	}
}

struct worker {
	pthread_t thread;
	unsigned char *buf;
	ZSTD_DCtx *zstd;
};

static void *
work(void *arg)
{
	struct worker *w = arg;
	size_t i;

	while ((i = atomic_fetch_add(&next_entry, 1)) < nentries) {
		const struct entry *e = &entries[i];

		if (e->zstd)
			ZSTD_decompressDCtx(w->zstd, w->buf, e->size, e->payload, e->stored);
		else
			LZ4_decompress_safe((const char *)e->payload, (char *)w->buf, (int)e->stored,
			    (int)e->size);
	}
	return NULL;
}

int
main(int argc, char **argv)
{
	int fd, nthreads;
	struct stat st;
	unsigned char *map;
	Elf *e;
	Elf_Scn *scn = NULL, *fat = NULL, *rel = NULL;
	GElf_Shdr sh;
	size_t shstr, bytes = 0, bufsize;
	struct worker *w;
	double t0;

	if (argc != 3 || (nthreads = atoi(argv[1])) < 1 || nthreads > THREADS_MAX)
		return 2;
	if ((fd = open(argv[2], O_RDONLY)) < 0 || fstat(fd, &st) != 0)
		return 2;
	map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (map == MAP_FAILED)
		return 2;
	elf_version(EV_CURRENT);
	e = elf_memory((char *)map, (size_t)st.st_size);
	if (e == NULL || elf_getshdrstrndx(e, &shstr) != 0)
		return 2;
	while ((scn = elf_nextscn(e, scn)) != NULL) {
		const char *n;

		gelf_getshdr(scn, &sh);
		n = elf_strptr(e, shstr, sh.sh_name);
		if (n && !strcmp(n, ".nv_fatbin"))
			fat = scn;
		if (n && !strcmp(n, "__nv_relfatbin"))
			rel = scn;
	}
	if (fat == NULL)
		fat = rel;
	if (fat != NULL) {
		gelf_getshdr(fat, &sh);
		collect(map + sh.sh_offset, map + sh.sh_offset + sh.sh_size);
	}
	for (size_t i = 0; i < nentries; i++)
		bytes += entries[i].size;

	/* Every page of every buffer touched, and the file read, before the clock. */
	bufsize = (largest + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
	w = calloc((size_t)nthreads, sizeof *w);
	for (int t = 0; t < nthreads; t++) {
		w[t].zstd = ZSTD_createDCtx();
		if (bufsize == 0)
			continue;
		w[t].buf = mmap(NULL, bufsize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (w[t].buf == MAP_FAILED)
			return 2;
#ifdef MADV_HUGEPAGE
		madvise(w[t].buf, bufsize, MADV_HUGEPAGE);
#endif
		memset(w[t].buf, 0, bufsize);
	}
	for (size_t i = 0; i < nentries; i++)
		for (size_t k = 0; k < entries[i].stored; k += 4096)
			(void)*(volatile const unsigned char *)(entries[i].payload + k);

	t0 = now();
	for (int t = 0; t < nthreads; t++)
		pthread_create(&w[t].thread, NULL, work, &w[t]);
	for (int t = 0; t < nthreads; t++)
		pthread_join(w[t].thread, NULL);
	printf("entries %zu bytes_out %zu threads %d seconds %.3f\n", nentries, bytes, nthreads, now() - t0);
	return 0;
}
