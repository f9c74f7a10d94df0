/* SPDX-License-Identifier: MIT */
/*
 * The probe floor of a tree: for every file under the paths given, open
 * it, read its first 64 bytes with pread, close it, on one thread: what
 * any scanner pays to learn what each file is.  The listing is done
 * first and not timed; the paths are opened from the working directory.
 * usage: probe-floor PATH...  -> prints "files N seconds S cpu C" (wall and
 * CPU seconds, user and system, of the probes)
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char **paths;
static size_t npaths, cap;

static void
add(const char *path)
{
	if (npaths == cap) {
		cap = cap ? cap * 2 : 4096;
		paths = realloc(paths, cap * sizeof *paths);
		if (paths == NULL) {
			perror("probe-floor");
			exit(2);
		}
	}
	paths[npaths++] = strdup(path);
}

/* Every regular file under path, links not followed. */
static void
list(const char *path)
{
	struct stat st;
	DIR *d;
	struct dirent *de;

	if (lstat(path, &st) != 0)
		return;
	if (S_ISREG(st.st_mode)) {
		add(path);
		return;
	}
	if (!S_ISDIR(st.st_mode) || (d = opendir(path)) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		char *sub;

		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		if (asprintf(&sub, "%s/%s", path, de->d_name) < 0)
			exit(2);
		list(sub);
		free(sub);
	}
	closedir(d);
}

static double
cpu(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	    (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
	unsigned char buf[64];
	double t0, c0;
	size_t got = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: probe-floor PATH...\n");
		return 2;
	}
	for (int i = 1; i < argc; i++)
		list(argv[i]);
	t0 = now();
	c0 = cpu();
	for (size_t i = 0; i < npaths; i++) {
		int fd = open(paths[i], O_RDONLY | O_CLOEXEC);

		if (fd < 0)
			continue;
		if (pread(fd, buf, sizeof buf, 0) > 0)
			got++;
		close(fd);
	}
	printf("files %zu seconds %.4f cpu %.4f\n", got, now() - t0, cpu() - c0);
	return 0;
}
