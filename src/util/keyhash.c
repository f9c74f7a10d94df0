/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <pthread.h>
#include <stdint.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

#include "keyhash.h"

/* XXH3's own secret size: random bytes are a secret as good as it takes. */
#define SECRET_BYTES 192

static unsigned char secret[SECRET_BYTES];
static pthread_once_t secret_once = PTHREAD_ONCE_INIT;

/*
 * Where getrandom cannot give the bytes (a kernel without it, or its pool
 * not yet ready at boot: GRND_NONBLOCK never waits), the clock, the
 * process id and an address the loader placed stand in: weaker, not fixed.
 */
static void
secret_fallback(size_t from)
{
	struct timespec ts;
	uint64_t x;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	x = (uint64_t)ts.tv_nsec ^ (uint64_t)ts.tv_sec << 30 ^ (uint64_t)getpid() << 48 ^
	    (uint64_t)(uintptr_t)&ts;
	for (size_t i = from; i < SECRET_BYTES; i++) {
		uint64_t z = (x += 0x9E3779B97F4A7C15ULL);	/* splitmix64 */

		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
		z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
		secret[i] = (unsigned char)(z ^ (z >> 31));
	}
}

static void
secret_draw(void)
{
	size_t got = 0;

	while (got < SECRET_BYTES) {
		ssize_t n = getrandom(secret + got, SECRET_BYTES - got, GRND_NONBLOCK);

		if (n <= 0)
			break;
		got += (size_t)n;
	}
	if (got < SECRET_BYTES)
		secret_fallback(got);
}

uint64_t
keyhash_bytes(const void *p, size_t n)
{
	pthread_once(&secret_once, secret_draw);
	return XXH3_64bits_withSecret(p, n, secret, sizeof secret);
}

uint64_t
keyhash_ptr(const void *p)
{
	uintptr_t v = (uintptr_t)p;

	return keyhash_bytes(&v, sizeof v);
}
