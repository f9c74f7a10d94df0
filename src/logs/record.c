/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <sched.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "nvccargs.h"
#include "clock.h"
#include "fatal.h"
#include "outfile.h"
#include "record.h"
#include "treepeak.h"
#include "xalloc.h"

static volatile sig_atomic_t child_pid;

/* SIGTERM and SIGHUP sent to spillway go on to the compile; spillway
 * stays to record how it ended. */
static void
forward(int sig)
{
	if (child_pid > 0)
		kill((pid_t)child_pid, sig);
}

/* The cores this process may run on and the load when the compile began. */
static void
record_machine(struct record_result *r)
{
	cpu_set_t set;
	FILE *f;

	r->cores = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : (int)sysconf(_SC_NPROCESSORS_ONLN);
	r->load = -1;
	if ((f = fopen("/proc/loadavg", "re")) != NULL) {
		if (fscanf(f, "%lf", &r->load) != 1)
			r->load = -1;
		fclose(f);
	}
}

/* The dispositions record_run changes, kept to put back. */
struct saved_signals {
	struct sigaction	 intr, quit, term, hup;
};

static void
set_handler(int sig, void (*handler)(int), struct sigaction *old)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, old);
}

/* Like system(3): the terminal's ^C and ^\ reach the compile, which is in
 * the same process group; spillway itself waits to record it. */
static void
ignore_terminal(struct saved_signals *old)
{
	set_handler(SIGINT, SIG_IGN, &old->intr);
	set_handler(SIGQUIT, SIG_IGN, &old->quit);
}

static void
restore_terminal(const struct saved_signals *old)
{
	sigaction(SIGINT, &old->intr, NULL);
	sigaction(SIGQUIT, &old->quit, NULL);
}

/*
 * Two pipes, every end closed on exec but the child's go end: err tells
 * the parent whether exec failed (closed on a good exec, an errno
 * otherwise); the child waits on go until the parent has put it in its
 * cgroup.  0, or -1 with a message.
 */
static int
open_pipes(int err_pipe[2], int go_pipe[2])
{
	if (pipe(err_pipe) < 0 || fcntl(err_pipe[1], F_SETFD, FD_CLOEXEC) < 0 ||
	    pipe(go_pipe) < 0 || fcntl(go_pipe[0], F_SETFD, FD_CLOEXEC) < 0 ||
	    fcntl(go_pipe[1], F_SETFD, FD_CLOEXEC) < 0) {
		perror("spillway record: pipe");
		return -1;
	}
	return 0;
}

/* The child: the terminal's signals back, the word go awaited, then the
 * compile; an exec that fails sends its errno up err and exits as a shell
 * would (127 not found, 126 otherwise). */
_Noreturn static void
exec_child(char *const argv[], const struct saved_signals *old, const int err_pipe[2], const int go_pipe[2])
{
	int e;
	char go;

	restore_terminal(old);
	fatal_child();
	close(err_pipe[0]);
	close(go_pipe[1]);
	while (read(go_pipe[0], &go, 1) < 0 && errno == EINTR)
		;
	execvp(argv[0], argv);
	e = errno;
	if (write(err_pipe[1], &e, sizeof e) < 0)
		_exit(127);
	_exit(e == ENOENT ? 127 : 126);
}

/* The child's exec failure, if err brings one: said on stderr. */
static void
report_exec_error(int fd, const char *cmd)
{
	int e;
	ssize_t n;

	do
		n = read(fd, &e, sizeof e);
	while (n < 0 && errno == EINTR);
	close(fd);
	if (n == (ssize_t)sizeof e)
		fprintf(stderr, "spillway record: %s: %s\n", cmd, strerror(e));
}

/* Waits for the child: its wait status and usage (126 and none when
 * wait4 fails). */
static void
wait_child(pid_t pid, int *status, struct rusage *ru)
{
	while (wait4(pid, status, 0, ru) < 0) {
		if (errno != EINTR) {
			perror("spillway record: wait4");
			*status = 126 << 8;
			memset(ru, 0, sizeof *ru);
			return;
		}
	}
}

/* The peaks of the compile once it has ended: its largest process and the
 * whole tree. */
static void
record_peaks(struct record_result *r, const struct rusage *ru, struct treepeak *tree)
{
	/* ru_maxrss (KiB on Linux) of the child, which the kernel raises to the
	 * largest of its waited-for descendants: the largest single process of
	 * the compile, as GNU time's %M. */
	r->peak_kib = ru->ru_maxrss;
	treepeak_end(tree);
	r->tree_kib = tree->peak >= 0 ? (long)(tree->peak / 1024) : -1;
	r->compiled = tree->compiled;
	snprintf(r->tree_how, sizeof r->tree_how, "%s", treepeak_how_name(tree));
	/* A sampled tree can miss the largest process between two samples:
	 * the tree held at least that one. */
	if (tree->how == TREEPEAK_PROC && r->tree_kib >= 0 && r->tree_kib < r->peak_kib)
		r->tree_kib = r->peak_kib;
}

/* A wait status as a shell's $?: the code, 128+signal, 126 otherwise. */
static int
shell_status(int status)
{
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return 126;
}

/* The parent once the child is forked: SIGTERM and SIGHUP forwarded to it,
 * the go given once it is adopted, then the wait. */
static void
watch_child(pid_t pid, char *const argv[], struct record_result *r, double t0, struct treepeak *tree,
    struct saved_signals *old, const int err_pipe[2], const int go_pipe[2])
{
	struct rusage ru;
	int status;

	child_pid = pid;
	set_handler(SIGTERM, forward, &old->term);
	set_handler(SIGHUP, forward, &old->hup);
	close(err_pipe[1]);
	close(go_pipe[0]);
	treepeak_adopt(tree, pid);
	close(go_pipe[1]);	/* go */
	report_exec_error(err_pipe[0], argv[0]);
	if (treepeak_watch(tree, pid) < 0)
		perror("spillway record: waitid");
	wait_child(pid, &status, &ru);
	r->wall = clock_seconds(CLOCK_MONOTONIC) - t0;
	child_pid = 0;
	restore_terminal(old);
	sigaction(SIGTERM, &old->term, NULL);
	sigaction(SIGHUP, &old->hup, NULL);
	record_peaks(r, &ru, tree);
	r->status = shell_status(status);
}

int
record_run(char *const argv[], struct record_result *r)
{
	struct saved_signals old;
	struct treepeak tree;
	int err_pipe[2], go_pipe[2];
	double t0;
	pid_t pid;

	memset(r, 0, sizeof *r);
	if (open_pipes(err_pipe, go_pipe) < 0) {
		r->status = 126;
		return r->status;
	}
	record_machine(r);
	treepeak_begin(&tree);
	ignore_terminal(&old);
	r->start = clock_seconds(CLOCK_REALTIME);
	t0 = clock_seconds(CLOCK_MONOTONIC);
	pid = fork();
	if (pid < 0) {
		perror("spillway record: fork");
		restore_terminal(&old);
		close(err_pipe[0]);
		close(err_pipe[1]);
		close(go_pipe[0]);
		close(go_pipe[1]);
		treepeak_end(&tree);
		r->status = 126;
		return r->status;
	}
	if (pid == 0)
		exec_child(argv, &old, err_pipe, go_pipe);
	watch_child(pid, argv, r, t0, &tree, &old, err_pipe, go_pipe);
	return r->status;
}

/* The length of s cut to at most max bytes, at the start of a UTF-8
 * character (continuation bytes are 10xxxxxx). */
static size_t
utf8_cut(const char *s, size_t len, size_t max)
{
	if (len <= max)
		return len;
	while (max > 0 && ((unsigned char)s[max] & 0xc0) == 0x80)
		max--;
	return max;
}

/* The arch list cut at its last comma within RECORD_ARCHES_MAX. */
static size_t
arches_cut(const char *a, size_t len)
{
	size_t n = RECORD_ARCHES_MAX;

	if (len <= n)
		return len;
	while (n > 0 && a[n] != ',')
		n--;
	return n;
}

char *
record_line(const struct record_result *r, const char *arches, const char *module)
{
	const char *a = arches && *arches ? arches : "-";
	size_t mlen, alen = strlen(a), mcut, acut = arches_cut(a, alen);
	char *m = xstrdup(module && *module ? module : "-"), *line, threads[16];

	mlen = strlen(m);
	mcut = utf8_cut(m, mlen, RECORD_TARGET_MAX);
	for (char *p = m; *p; p++)
		if (*p == '\t' || *p == '\n' || *p == '\r')
			*p = ' ';
	if (mcut < mlen)
		fprintf(stderr, "spillway record: target of %zu bytes recorded as its first %zu "
		    "(a record's target holds at most %d)\n", mlen, mcut, RECORD_TARGET_MAX);
	if (acut < alen)
		fprintf(stderr, "spillway record: arch list of %zu bytes recorded as its first %zu "
		    "(a record's list holds at most %d)\n", alen, acut, RECORD_ARCHES_MAX);
	if (acut == 0) {
		a = "-";
		acut = 1;
	}
	snprintf(threads, sizeof threads, "%d", r->threads);
	line = xasprintf("%.3f\t%.3f\t%ld\t%d\t%.*s\t%.*s\t%ld\t%s\t%d\t%.2f\t%s\t%s\n", r->start, r->wall,
	    r->peak_kib, r->status, (int)acut, a, (int)mcut, m, r->tree_kib, r->tree_how[0] ? r->tree_how : "-",
	    r->cores, r->load, r->cache == 1 ? "hit" : r->cache == 0 ? "miss" : "-",
	    r->threads >= 0 ? threads : "-");
	free(m);
	return line;
}

/* Whether the file's last byte is a newline (or the file is empty). */
static int
ends_with_newline(int fd, off_t size)
{
	char c;

	return size == 0 || (pread(fd, &c, 1, size - 1) == 1 && c == '\n');
}

/*
 * One write of the whole buffer.  A short write is asked again for the
 * rest only to learn why (the kernel says ENOSPC on the second call); when
 * that second call goes through after all (a signal cut the first), the
 * line is whole.  0, or -1 with errno set and *wrote what went out.
 */
static int
write_whole(int fd, const char *buf, size_t len, size_t *wrote)
{
	ssize_t n;

	*wrote = 0;
	while (*wrote < len) {
		do
			n = write(fd, buf + *wrote, len - *wrote);
		while (n < 0 && errno == EINTR);
		if (n < 0)
			return -1;
		if (n == 0) {
			errno = EIO;
			return -1;
		}
		*wrote += (size_t)n;
	}
	return 0;
}

/*
 * The log, opened without blocking: a regular file read and written (its
 * last byte is looked at), else what it is, write-only and left
 * non-blocking (a FIFO no one reads is waited on OUTFILE_READER_WAIT at
 * most at open, and a full one says EAGAIN rather than hold the build).
 */
static int
open_log(const char *path, struct stat *st, char *err, size_t errsize)
{
	int fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0666);

	if (fd >= 0 && fstat(fd, st) == 0 && S_ISREG(st->st_mode))
		return fd;
	if (fd >= 0)
		close(fd);
	else if (errno != EACCES) {
		snprintf(err, errsize, "%s: %s", path, strerror(errno));
		return -1;
	}
	return outfile_open_as_is(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK, st, err, errsize);
}

/*
 * The lock every record takes, waited on RECORD_LOCK_WAIT at most.
 * Returns 1 locked, 0 where the file system has no flock (the line is
 * written without), -1 when another process held it all along.
 */
static int
lock_log(int fd)
{
	double until = clock_seconds(CLOCK_MONOTONIC) + RECORD_LOCK_WAIT;
	struct timespec gap = { 0, 1000 * 1000 };	/* 1 ms, doubled up to 64 */

	for (;;) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			return 1;
		if (errno != EWOULDBLOCK && errno != EINTR)
			return 0;
		if (clock_seconds(CLOCK_MONOTONIC) >= until)
			return -1;
		nanosleep(&gap, NULL);
		if (gap.tv_nsec < 64 * 1000 * 1000)
			gap.tv_nsec *= 2;
	}
}

int
record_append(const char *path, const char *line, char *err, size_t errsize)
{
	struct stat st;
	char *buf;
	size_t len, wrote = 0;
	int fd, e = 0, locked = 0, rc;
	off_t begin = -1;

	if ((fd = open_log(path, &st, err, errsize)) < 0)
		return -1;
	/* Every record takes the lock: under it no other record moves the end
	 * of the file, so a line cut short can be cut back to where it began.
	 * Without it (a file system that refuses flock) a cut line stays. */
	if (S_ISREG(st.st_mode) && (locked = lock_log(fd)) < 0) {
		close(fd);
		snprintf(err, errsize, "%s: locked by another process for %d s", path, RECORD_LOCK_WAIT);
		return -1;
	}
	if (S_ISREG(st.st_mode) && fstat(fd, &st) == 0) {
		begin = st.st_size;
		if (st.st_size == 0)
			buf = xasprintf("%s%s", RECORD_HEADER, line);
		else if (!ends_with_newline(fd, st.st_size))
			buf = xasprintf("\n%s", line);
		else
			buf = xstrdup(line);
	} else
		buf = xstrdup(line);
	len = strlen(buf);
	rc = write_whole(fd, buf, len, &wrote);
	e = errno;
	if (rc < 0 && wrote > 0 && locked && begin >= 0 && ftruncate(fd, begin) < 0)
		fprintf(stderr, "spillway record: %s: could not cut back the part of a record written: %s\n",
		    path, strerror(errno));
	free(buf);
	if (locked)
		flock(fd, LOCK_UN);
	if (close(fd) < 0 && rc == 0) {
		e = errno;
		rc = -1;
	}
	if (rc < 0)
		snprintf(err, errsize, "%s: %s", path, strerror(e));
	return rc;
}

int
record_main(const char *log, const char *module, char *const argv[])
{
	struct record_result r;
	char *arches, *line, err[PATH_MAX + 128];
	int argc = 0, status;

	while (argv[argc] != NULL)
		argc++;
	if (log == NULL || *log == '\0')
		log = getenv("SPILLWAY_LOG");
	status = record_run(argv, &r);
	/* Under ccache (a launcher before the compiler), a compile in which
	 * no compile tool ran was answered from the cache. */
	{
		const char *cc = nvccargs_compiler(argc, argv);

		r.cache = cc != NULL && cc != argv[0] ? !r.compiled : -1;
	}
	if (log == NULL || *log == '\0') {
		fprintf(stderr, "spillway record: no --log=FILE and no SPILLWAY_LOG: nothing recorded\n");
		return status;
	}
	if (module == NULL || *module == '\0')
		module = nvccargs_output(argc, argv);
	if (module == NULL)
		module = nvccargs_guess_module(argc, argv);
	arches = nvccargs_arches(argc, argv);
	r.threads = nvccargs_threads(argc, argv);
	line = record_line(&r, arches, module);
	if (record_append(log, line, err, sizeof err) < 0)
		fprintf(stderr, "spillway record: %s: nothing recorded\n", err);
	free(line);
	free(arches);
	return status;
}
