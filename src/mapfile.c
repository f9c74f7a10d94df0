#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mapfile.h"

int
mapfile_open(struct mapfile *m, const char *path, int keep_fd)
{
	struct stat st;
	void *p;
	int fd, err;

	m->data = NULL;
	m->size = 0;
	m->fd = -1;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno;
	if (fstat(fd, &st) < 0) {
		err = errno;
		close(fd);
		return err;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return EINVAL;
	}
	if (st.st_size == 0) {
		close(fd);
		return 0;
	}
	p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	err = errno;
	if (p == MAP_FAILED || !keep_fd)
		close(fd);
	if (p == MAP_FAILED)
		return err;
	m->data = p;
	m->size = (size_t)st.st_size;
	m->fd = keep_fd ? fd : -1;
	return 0;
}

int
mapfile_read(const struct mapfile *m, size_t off, size_t len, uint8_t *buf)
{
	while (len > 0) {
		ssize_t n = pread(m->fd, buf, len, (off_t)off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return errno;
		if (n == 0)
			return EIO;
		buf += n;
		off += (size_t)n;
		len -= (size_t)n;
	}
	return 0;
}

void
mapfile_close(struct mapfile *m)
{
	if (m->data != NULL)
		munmap((void *)m->data, m->size);
	if (m->fd >= 0)
		close(m->fd);
	m->data = NULL;
	m->size = 0;
	m->fd = -1;
}

void
mapfile_done(const struct mapfile *m, size_t off, size_t len)
{
	long page = sysconf(_SC_PAGESIZE);
	uintptr_t start, end;

	if (m->data == NULL || page <= 0 || off >= m->size)
		return;
	if (len > m->size - off)
		len = m->size - off;
	start = ((uintptr_t)m->data + off + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
	end = ((uintptr_t)m->data + off + len) & ~((uintptr_t)page - 1);
	if (end > start)
		madvise((void *)start, end - start, MADV_DONTNEED);
}
