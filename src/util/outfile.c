/*
 * The output file: a temporary beside the target, renamed over it once
 * complete.  The temporary is an unnamed O_TMPFILE inode where the file
 * system has them: invisible to a scan that walks the same directory, and
 * gone by itself if spillway is killed.  It gets a name (linkat through
 * /proc/self/fd) only just before the rename.  Elsewhere it is a mkstemp
 * file, ".NAME.XXXXXX".
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outfile.h"
#include "xalloc.h"

/* Symbolic links followed to find the file to replace: Linux's own limit
 * (MAXSYMLINKS), past which open(2) says ELOOP. */
#define MAX_LINK_HOPS	40
/* Names tried for the O_TMPFILE inode before the rename: each is
 * ".NAME.PID.N", taken only when an earlier run of the same pid left one. */
#define LINK_NAME_TRIES	100

/* Paths that name streams rather than files (/dev/stdout, /proc/self/fd/N):
 * written in place, never replaced. */
static const char *const stream_prefixes[] = { "/dev/", "/proc/" };

/* The stream's write: every byte, or the errno kept and 0 (fopencookie's
 * "error"); once one write failed, every later one fails at once. */
static ssize_t
outfile_cookie_write(void *cookie, const char *buf, size_t len)
{
	struct outfile *of = cookie;
	size_t done = 0;

	while (of->error == 0 && done < len) {
		ssize_t n = write(of->fd, buf + done, len - done);

		if (n > 0)
			done += (size_t)n;
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

static int
is_stream_path(const char *name)
{
	for (size_t i = 0; i < sizeof stream_prefixes / sizeof stream_prefixes[0]; i++)
		if (strncmp(name, stream_prefixes[i], strlen(stream_prefixes[i])) == 0)
			return 1;
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
	if (of->fd == -1) {
		of->temp = xasprintf("%s/.%s.XXXXXX", of->dir, base_of(of->target));
		of->fd = mkostemp(of->temp, O_CLOEXEC);
	}
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

/* A device, FIFO or socket: opened as fopen(name, "w") would. */
static int
open_in_place(struct outfile *of, char *err, size_t errsize)
{
	of->kind = OUTFILE_STREAM;
	of->fd = open(of->name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (of->fd < 0)
		return outfile_fail(err, errsize, of->name, "", errno);
	return 0;
}

static int
open_replace(struct outfile *of, char *err, size_t errsize)
{
	struct stat st;
	int exists = stat(of->name, &st) == 0;

	if (exists && S_ISDIR(st.st_mode))
		return outfile_fail(err, errsize, of->name, "", EISDIR);
	if (is_stream_path(of->name) || (exists && !S_ISREG(st.st_mode)))
		return open_in_place(of, err, errsize);
	of->kind = OUTFILE_REPLACE;
	of->target = follow_links(of->name);
	if (of->target == NULL)
		return outfile_fail(err, errsize, of->name, "", errno);
	return open_temporary(of, err, errsize);
}

int
outfile_open(struct outfile *of, const char *name, char *err, size_t errsize)
{
	memset(of, 0, sizeof *of);
	of->fd = -1;
	if (name == NULL || strcmp(name, "-") == 0) {
		of->kind = OUTFILE_STDOUT;
		of->name = "standard output";
		of->fd = STDOUT_FILENO;
	} else {
		of->name = name;
		if (open_replace(of, err, errsize) < 0) {
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
		of->temp = xasprintf("%s/.%s.%ld.%d", of->dir, base_of(of->target), (long)getpid(), i);
		if (linkat(AT_FDCWD, proc, AT_FDCWD, of->temp, AT_SYMLINK_FOLLOW) == 0)
			return 0;
		free(of->temp);
		of->temp = NULL;
		if (errno != EEXIST)
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
	free(of->temp);
	free(of->target);
	XFREE_OWNER(of, dir);
	of->fd = -1;
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

	if (fflush(of->stream) != 0 || ferror(of->stream) || of->error != 0)
		return outfile_commit_fail(of, err, errsize, "cannot write",
		    of->error ? of->error : EIO);
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
