/* SPDX-License-Identifier: MIT */
/*
 * The output file: a temporary beside the target, renamed over it once
 * complete.  The temporary is an unnamed O_TMPFILE inode where the file
 * system has them: invisible to a scan that walks the same directory, and
 * gone by itself if spillway is killed.  It gets a name (linkat through
 * /proc/self/fd) only just before the rename.  Elsewhere it is a mkstemp
 * file, ".NAME.XXXXXX", which fatal.h removes if a signal ends spillway.
 *
 * What is replaced and what is written as it goes is decided by what the
 * file is (stat, then fstat of what was opened), never by its name: a
 * regular file under /proc/self/cwd or /dev/shm is a file.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "fatal.h"
#include "outfile.h"
#include "xalloc.h"

/* Symbolic links followed to find the file to replace: Linux's own limit
 * (MAXSYMLINKS), past which open(2) says ELOOP. */
#define MAX_LINK_HOPS	40
/* Names tried for the O_TMPFILE inode before the rename: each is
 * ".NAME.PID.N", taken only when an earlier run of the same pid left one. */
#define LINK_NAME_TRIES	100

/* Between two tries to open a FIFO that has no reader yet. */
#define READER_POLL_NS	(10 * 1000 * 1000)

/* Waits until fd takes more bytes: a descriptor left non-blocking by
 * whoever gave spillway its standard output says EAGAIN when full. */
static int
wait_writable(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLOUT };

	while (poll(&p, 1, -1) < 0)
		if (errno != EINTR)
			return -1;
	return 0;
}

/* The stream's write: every byte, or the errno kept and 0 (fopencookie's
 * "error"); once one write failed, every later one fails at once (after
 * EPIPE, the reader gone, nothing more is written). */
static ssize_t
outfile_cookie_write(void *cookie, const char *buf, size_t len)
{
	struct outfile *of = cookie;
	size_t done = 0;

	while (of->error == 0 && done < len) {
		ssize_t n = write(of->fd, buf + done, len - done);

		if (n > 0)
			done += (size_t)n;
		else if (n < 0 && errno == EAGAIN && wait_writable(of->fd) == 0)
			continue;
		else if (n < 0 && errno != EINTR)
			of->error = errno;
		else if (n == 0)
			of->error = EIO;
	}
	if (of->error != 0) {
		errno = of->error;
		return 0;
	}
	return (ssize_t)len;
}

/* The descriptor is closed by outfile, which checks what close says. */
static int
outfile_cookie_close(void *cookie)
{
	(void)cookie;
	return 0;
}

static const cookie_io_functions_t outfile_io = {
	.write = outfile_cookie_write,
	.close = outfile_cookie_close,
};

static int
outfile_fail(char *err, size_t errsize, const char *name, const char *what, int e)
{
	snprintf(err, errsize, "%s: %s%s%s", name, what, *what ? ": " : "", strerror(e));
	return -1;
}

int
outfile_open_as_is(const char *name, int flags, struct stat *st, char *err, size_t errsize)
{
	static const struct timespec poll_gap = { 0, READER_POLL_NS };
	double until = clock_seconds(CLOCK_MONOTONIC) + OUTFILE_READER_WAIT;
	int fd, fl;

	if (stat(name, st) == 0 && S_ISSOCK(st->st_mode)) {
		snprintf(err, errsize, "%s: a socket, which cannot be opened to write to", name);
		return -1;
	}
	while ((fd = open(name, flags | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0666)) < 0 &&
	    errno == ENXIO && clock_seconds(CLOCK_MONOTONIC) < until)
		nanosleep(&poll_gap, NULL);
	if (fd < 0 && errno == ENXIO) {
		snprintf(err, errsize, "%s: a FIFO that no process reads (waited %d s for one)", name,
		    OUTFILE_READER_WAIT);
		return -1;
	}
	if (fd < 0)
		return outfile_fail(err, errsize, name, "", errno);
	if (fstat(fd, st) != 0 || (!(flags & O_NONBLOCK) &&
	    ((fl = fcntl(fd, F_GETFL)) < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0))) {
		int e = errno;

		close(fd);
		return outfile_fail(err, errsize, name, "", e);
	}
	return fd;
}

int
outfile_append(const char *name, const char *text, size_t len, char *err, size_t errsize)
{
	struct stat st;
	size_t done = 0;
	int fd = outfile_open_as_is(name, O_WRONLY | O_APPEND | O_CREAT, &st, err, errsize), e = 0;

	if (fd < 0)
		return -1;
	while (e == 0 && done < len) {
		ssize_t n = write(fd, text + done, len - done);

		if (n > 0)
			done += (size_t)n;
		else if (n < 0 && errno == EAGAIN && wait_writable(fd) == 0)
			continue;
		else if (n < 0 && errno != EINTR)
			e = errno;
		else if (n == 0)
			e = EIO;
	}
	/* A file that took part of the text (full, past ulimit -f) gets back
	 * the end it had: none of it rather than a cut half. */
	if (e != 0 && done > 0 && S_ISREG(st.st_mode))
		(void)!ftruncate(fd, st.st_size);
	if (close(fd) != 0 && e == 0)
		e = errno;
	if (e != 0)
		return outfile_fail(err, errsize, name, "cannot append", e);
	return 0;
}

/* The directory part of path: "." for a bare name. */
static char *
dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return xstrndup(path, (size_t)(slash - path));
}

static const char *
base_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/*
 * name through its symbolic links, the last one dangling or not, as
 * open(2) with O_CREAT follows them: the file the rename replaces, so that
 * the link stays a link.  NULL with errno set past MAX_LINK_HOPS.
 */
static char *
follow_links(const char *name)
{
	char *path = xstrdup(name);
	char link[PATH_MAX];

	for (int hops = 0;; hops++) {
		struct stat st;
		ssize_t n;
		char *next, *dir;

		if (lstat(path, &st) != 0 || !S_ISLNK(st.st_mode))
			return path;
		n = readlink(path, link, sizeof link);
		if (hops == MAX_LINK_HOPS || n < 0 || (size_t)n == sizeof link) {
			errno = hops == MAX_LINK_HOPS ? ELOOP : n < 0 ? errno : ENAMETOOLONG;
			free(path);
			return NULL;
		}
		link[n] = '\0';
		dir = dir_of(path);
		next = link[0] == '/' ? xstrdup(link) : xasprintf("%s/%s", dir, link);
		free(dir);
		free(path);
		path = next;
	}
}

/* The mode a new file gets from creat(2): 0666 less the umask, which can
 * only be read by setting it (spillway has no other thread yet). */
static mode_t
creat_mode(void)
{
	mode_t mask = umask(0);

	umask(mask);
	return 0666 & ~mask;
}

/* An unnamed temporary in dir, or -1 where the file system (or a missing
 * /proc, which naming it needs) does not allow one. */
static int
open_unnamed(const char *dir)
{
	int fd;

	if (access("/proc/self/fd", X_OK) != 0)
		return -1;
	fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
	if (fd < 0 && errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)
		return -2;	/* a real error (no such directory, no room...) */
	return fd;
}

/*
 * The i-th name tried for the temporary beside the target, given to the
 * signal handlers (fatal.h) before a file of that name exists: a signal
 * that ends the run between the file's making and its registering would
 * leave it behind.  A name whose making fails is taken back (temp_unname).
 */
static void
temp_name(struct outfile *of, int i)
{
	of->temp = xasprintf("%s/.%s.%ld.%d", of->dir, base_of(of->target), (long)getpid(), i);
	of->temp_slot = fatal_temp_add(of->temp);
}

/* Takes back a name whose file could not be made; returns that errno. */
static int
temp_unname(struct outfile *of)
{
	int e = errno;

	fatal_temp_drop(of->temp_slot);
	of->temp_slot = -1;
	free(of->temp);
	of->temp = NULL;
	return e;
}

/* A named temporary where no unnamed one can be had (no O_TMPFILE, no
 * /proc): the first name free, made exclusively; -1 with errno. */
static int
open_beside(struct outfile *of)
{
	for (int i = 0; i < LINK_NAME_TRIES; i++) {
		int fd;

		temp_name(of, i);
		fd = open(of->temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
		if (fd >= 0)
			return fd;
		if (temp_unname(of) != EEXIST)
			return -1;
	}
	errno = EEXIST;
	return -1;
}

/* The temporary beside of->target, with the mode the target has or a new
 * file would get. */
static int
open_temporary(struct outfile *of, char *err, size_t errsize)
{
	struct stat st;
	int have_old = stat(of->target, &st) == 0;
	mode_t mode = have_old ? st.st_mode & 07777 : creat_mode();

	of->dir = dir_of(of->target);
	of->fd = open_unnamed(of->dir);
	if (of->fd == -1)
		of->fd = open_beside(of);
	if (of->fd < 0)
		return outfile_fail(err, errsize, of->name, "cannot create a file beside it", errno);
	/* Another owner's file keeps its owner where spillway may give it
	 * (as root); elsewhere the new file is spillway's, as with cp. */
	if (have_old && (st.st_uid != geteuid() || st.st_gid != getegid()))
		(void)!fchown(of->fd, st.st_uid, st.st_gid);
	if (fchmod(of->fd, mode) != 0)
		return outfile_fail(err, errsize, of->name, "cannot set the mode", errno);
	return 0;
}

static int replace_file(struct outfile *, const struct stat *, char *, size_t);

/* A device or FIFO: written as it goes, opened without waiting on a FIFO
 * that no process reads, never truncated. */
static int
open_in_place(struct outfile *of, char *err, size_t errsize)
{
	struct stat st;

	of->kind = OUTFILE_STREAM;
	of->fd = outfile_open_as_is(of->name, O_WRONLY, &st, err, errsize);
	if (of->fd < 0)
		return -1;
	if (S_ISREG(st.st_mode)) {	/* a file took its name meanwhile */
		close(of->fd);
		of->fd = -1;
		return replace_file(of, &st, err, errsize);
	}
	return 0;
}

/* A regular file, or none yet (old NULL): a temporary, renamed over the
 * file the name's links lead to, which must be the file named. */
static int
replace_file(struct outfile *of, const struct stat *old, char *err, size_t errsize)
{
	struct stat now;

	of->kind = OUTFILE_REPLACE;
	of->target = follow_links(of->name);
	if (of->target == NULL)
		return outfile_fail(err, errsize, of->name, "", errno);
	if (old != NULL && (stat(of->target, &now) != 0 || now.st_dev != old->st_dev ||
	    now.st_ino != old->st_ino)) {
		snprintf(err, errsize, "%s: a file whose name cannot be found to put the new one in "
		    "its place (removed while open?)", of->name);
		return -1;
	}
	return open_temporary(of, err, errsize);
}

/* Whether st is the file standard output already writes to (-o
 * /dev/stdout, or a name of the file it was sent to). */
static int
is_stdout(const struct stat *st)
{
	struct stat out;

	return fstat(STDOUT_FILENO, &out) == 0 && out.st_dev == st->st_dev &&
	    out.st_ino == st->st_ino;
}

static int
open_named(struct outfile *of, char *err, size_t errsize)
{
	struct stat st;

	if (stat(of->name, &st) != 0)
		return replace_file(of, NULL, err, errsize);
	if (S_ISDIR(st.st_mode))
		return outfile_fail(err, errsize, of->name, "", EISDIR);
	if (is_stdout(&st)) {
		of->kind = OUTFILE_STDOUT;
		of->fd = STDOUT_FILENO;
		return 0;
	}
	if (!S_ISREG(st.st_mode))
		return open_in_place(of, err, errsize);
	return replace_file(of, &st, err, errsize);
}

int
outfile_open(struct outfile *of, const char *name, char *err, size_t errsize)
{
	memset(of, 0, sizeof *of);
	of->fd = -1;
	of->temp_slot = -1;
	if (name == NULL || strcmp(name, "-") == 0) {
		of->kind = OUTFILE_STDOUT;
		of->name = "standard output";
		of->fd = STDOUT_FILENO;
	} else {
		of->name = name;
		if (open_named(of, err, errsize) < 0) {
			outfile_discard(of);
			return -1;
		}
	}
	of->stream = fopencookie(of, "w", outfile_io);
	if (of->stream == NULL) {
		outfile_fail(err, errsize, of->name, "", errno);
		outfile_discard(of);
		return -1;
	}
	return 0;
}

/* Gives the unnamed temporary a name beside the target. */
static int
name_temporary(struct outfile *of)
{
	char proc[64];

	snprintf(proc, sizeof proc, "/proc/self/fd/%d", of->fd);
	for (int i = 0; i < LINK_NAME_TRIES; i++) {
		temp_name(of, i);
		if (linkat(AT_FDCWD, proc, AT_FDCWD, of->temp, AT_SYMLINK_FOLLOW) == 0)
			return 0;
		if (temp_unname(of) != EEXIST)
			return -1;
	}
	errno = EEXIST;
	return -1;
}

/* Releases what outfile holds; the temporary's name goes too unless kept. */
static void
outfile_release(struct outfile *of)
{
	if (of->stream != NULL)
		fclose(of->stream);
	if (of->fd >= 0 && of->kind != OUTFILE_STDOUT)
		close(of->fd);
	if (of->temp != NULL)
		unlink(of->temp);
	fatal_temp_drop(of->temp_slot);
	free(of->temp);
	free(of->target);
	XFREE_OWNER(of, dir);
	of->fd = -1;
	of->temp_slot = -1;
}

static int
outfile_commit_fail(struct outfile *of, char *err, size_t errsize, const char *what, int e)
{
	outfile_fail(err, errsize, of->name, what, e);
	if (of->kind == OUTFILE_REPLACE)
		snprintf(err + strlen(err), errsize - strlen(err), "; %s left as it was",
		    of->name);
	outfile_release(of);
	return -1;
}

int
outfile_commit(struct outfile *of, char *err, size_t errsize)
{
	int e;

	if (fflush(of->stream) != 0 || ferror(of->stream) || of->error != 0) {
		/* A reader that closed its end took what it wanted (| head). */
		if (of->error == EPIPE && of->kind != OUTFILE_REPLACE) {
			outfile_release(of);
			return 0;
		}
		return outfile_commit_fail(of, err, errsize, "cannot write",
		    of->error ? of->error : EIO);
	}
	fclose(of->stream);
	of->stream = NULL;
	if (of->kind == OUTFILE_STDOUT) {
		outfile_release(of);
		return 0;
	}
	if (of->kind == OUTFILE_REPLACE && fsync(of->fd) != 0)
		return outfile_commit_fail(of, err, errsize, "cannot write", errno);
	if (of->kind == OUTFILE_REPLACE && of->temp == NULL && name_temporary(of) != 0)
		return outfile_commit_fail(of, err, errsize, "cannot name the new file", errno);
	e = close(of->fd) != 0 ? errno : 0;
	of->fd = -1;
	if (e != 0)
		return outfile_commit_fail(of, err, errsize, "cannot write", e);
	if (of->kind == OUTFILE_REPLACE) {
		if (rename(of->temp, of->target) != 0)
			return outfile_commit_fail(of, err, errsize, "cannot replace it", errno);
		fatal_temp_drop(of->temp_slot);
		of->temp_slot = -1;
		free(of->temp);
		of->temp = NULL;	/* it is the target now */
	}
	outfile_release(of);
	return 0;
}

void
outfile_discard(struct outfile *of)
{
	if (of->stream != NULL && of->kind != OUTFILE_REPLACE)
		fflush(of->stream);
	if (of->stream != NULL && of->kind == OUTFILE_REPLACE)
		of->error = ECANCELED;	/* fclose's flush writes nothing more */
	outfile_release(of);
}
