/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "scratch.h"

int
scratch_open(char *err, size_t errsize)
{
	const char *dir = getenv("TMPDIR");
	int fd, e;

	if (dir == NULL || dir[0] == '\0')
		dir = "/tmp";
	fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
	if (fd >= 0)
		return fd;
	e = errno;
	/* A file system without unnamed files (EOPNOTSUPP, EISDIR on old
	 * kernels): memory the kernel holds for the file, still unnamed. */
	if (e == EOPNOTSUPP || e == EISDIR || e == EINVAL) {
		fd = memfd_create("spillway-member", MFD_CLOEXEC);
		if (fd >= 0)
			return fd;
		e = errno;
	}
	snprintf(err, errsize, "cannot make a temporary file in %s: %s", dir, strerror(e));
	return -1;
}
