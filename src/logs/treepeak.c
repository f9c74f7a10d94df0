/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "treepeak.h"
#include "xalloc.h"

/* The whole of a small file (at most size-1 bytes), NUL-ended; -1 when it
 * cannot be read. */
static ssize_t
read_small(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n, got = 0;

	if (fd < 0)
		return -1;
	while ((size_t)got < size - 1 && (n = read(fd, buf + got, size - 1 - (size_t)got)) > 0)
		got += n;
	close(fd);
	buf[got] = '\0';
	return got;
}

/*
 * The cgroup hierarchies a peak can be read from, in the order tried: a
 * cgroup v2 one (memory.peak), else a cgroup v1 memory controller
 * (memory.max_usage_in_bytes: the same high-water mark of the pages
 * charged to the group, page cache included).
 */
static const struct cg_kind {
	const char	*how;		/* what the record says */
	const char	*fstype;	/* "cgroup2 " or "cgroup " in mountinfo */
	const char	*option;	/* a super option the mount must have, or NULL */
	const char	*self;		/* the prefix of our line in /proc/self/cgroup */
	const char	*peak;		/* the file of the peak */
} cg_kinds[] = {
	{ "cgroup2", "cgroup2 ", NULL, "0::", "memory.peak" },
	{ "cgroup1", "cgroup ", "memory", ":memory:", "memory.max_usage_in_bytes" },
};

/* Whether the comma list of super options holds opt. */
static int
has_option(const char *opts, const char *opt)
{
	size_t n = strlen(opt);

	for (const char *p = opts; p != NULL; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
		if (strncmp(p, opt, n) == 0 && (p[n] == ',' || p[n] == '\n' || p[n] == '\0'))
			return 1;
	return 0;
}

/* The mount point of the kind's hierarchy, from /proc/self/mountinfo. */
static char *
cgroup_mount(const struct cg_kind *k)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	char line[4096], *found = NULL;

	if (f == NULL)
		return NULL;
	while (found == NULL && fgets(line, sizeof line, f) != NULL) {
		char mnt[2048], fstype[64], source[1024], opts[1024], *dash = strstr(line, " - ");

		/* id parent major:minor root mountpoint ... - fstype source super-options */
		if (dash == NULL || sscanf(dash + 3, "%63s %1023s %1023s", fstype, source, opts) != 3 ||
		    strncmp(dash + 3, k->fstype, strlen(k->fstype)) != 0 ||
		    (k->option != NULL && !has_option(opts, k->option)))
			continue;
		if (sscanf(line, "%*s %*s %*s %*s %2047s", mnt) == 1)
			found = xstrdup(mnt);
	}
	fclose(f);
	return found;
}

/* Our own cgroup's path in the kind's hierarchy, from /proc/self/cgroup
 * ("0::/path", "4:memory:/path"). */
static char *
cgroup_self(const struct cg_kind *k)
{
	char buf[8192], *p;

	if (read_small("/proc/self/cgroup", buf, sizeof buf) < 0)
		return NULL;
	for (p = buf; p != NULL && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
		char *at = strstr(p, k->self), *nl = strchr(p, '\n');

		if (at != NULL && (nl == NULL || at < nl) && (k->self[0] != '0' || at == p)) {
			at += strlen(k->self);
			return xstrndup(at, strcspn(at, "\n"));
		}
	}
	return NULL;
}

static void
drop_cgroup(struct treepeak *t)
{
	if (t->procs_fd >= 0)
		close(t->procs_fd);
	t->procs_fd = -1;
	if (t->cgroup != NULL && rmdir(t->cgroup) < 0 && errno != ENOENT)
		fprintf(stderr, "spillway record: %s: not removed: %s\n", t->cgroup, strerror(errno));
	free(t->cgroup);
	t->cgroup = NULL;
}

/*
 * The groups earlier records left where they were killed before they could
 * remove theirs (SIGKILL, a signal before the handlers): a
 * spillway-record.PID whose process is gone is removed when empty.
 */
static void
sweep_stale(const char *parent)
{
	DIR *d = opendir(parent);
	struct dirent *e;

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		char *end, *path;
		long pid;

		if (strncmp(e->d_name, "spillway-record.", 16) != 0)
			continue;
		pid = strtol(e->d_name + 16, &end, 10);
		if (*end != '\0' || pid <= 0 || pid == (long)getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		path = xasprintf("%s/%s", parent, e->d_name);
		(void)rmdir(path);	/* refused while a process is in it */
		free(path);
	}
	closedir(d);
}

/*
 * A cgroup of our own: a child of the one we are in.  Under cgroup v2 it
 * has memory.peak only when the memory controller is enabled for the
 * children of ours (a delegated subtree, or root).  Returns whether made.
 */
static int
make_cgroup(struct treepeak *t, const struct cg_kind *k)
{
	char *mnt = cgroup_mount(k), *self = mnt ? cgroup_self(k) : NULL, *peak;

	if (mnt != NULL && self != NULL) {
		char *parent = xasprintf("%s%s", mnt, strcmp(self, "/") == 0 ? "" : self);

		sweep_stale(parent);
		t->cgroup = xasprintf("%s/spillway-record.%ld", parent, (long)getpid());
		free(parent);
		if (mkdir(t->cgroup, 0755) < 0) {
			free(t->cgroup);
			t->cgroup = NULL;
		}
	}
	free(mnt);
	free(self);
	if (t->cgroup == NULL)
		return 0;
	peak = xasprintf("%s/%s", t->cgroup, k->peak);
	if (access(peak, R_OK) == 0) {
		char *procs = xasprintf("%s/cgroup.procs", t->cgroup);

		t->procs_fd = open(procs, O_WRONLY | O_CLOEXEC);
		free(procs);
	}
	free(peak);
	if (t->procs_fd < 0)
		drop_cgroup(t);
	else
		t->kind = k;
	return t->procs_fd >= 0;
}

void
treepeak_begin(struct treepeak *t)
{
	const char *force = getenv("SPILLWAY_RECORD_TREE");

	memset(t, 0, sizeof *t);
	t->procs_fd = -1;
	t->peak = -1;
	t->how = TREEPEAK_PROC;
	if (force != NULL && strcmp(force, "proc") == 0)
		return;
	for (size_t i = 0; i < sizeof cg_kinds / sizeof cg_kinds[0]; i++)
		if (make_cgroup(t, &cg_kinds[i])) {
			t->how = TREEPEAK_CGROUP;
			break;
		}
}

void
treepeak_adopt(struct treepeak *t, pid_t child)
{
	char pid[32];
	int n;

	if (t->how != TREEPEAK_CGROUP)
		return;
	n = snprintf(pid, sizeof pid, "%ld\n", (long)child);
	if (write(t->procs_fd, pid, (size_t)n) != n) {
		drop_cgroup(t);
		t->how = TREEPEAK_PROC;
	}
}

/*
 * The proportional set size of one process (smaps_rollup's Pss: a page
 * shared by k processes counts 1/k in each), so that the text of a cicc
 * that four processes map is counted once in the tree's sum, as a cgroup
 * charges it once.  Without smaps_rollup (Linux before 4.14), the resident
 * size of statm.  0 when the process is gone.
 */
static int64_t
rss_of(long pid, long page)
{
	char path[64], buf[2048], *q;
	long size, resident;

	snprintf(path, sizeof path, "/proc/%ld/smaps_rollup", pid);
	if (read_small(path, buf, sizeof buf) > 0 && (q = strstr(buf, "\nPss:")) != NULL)
		return (int64_t)strtol(q + 5, NULL, 10) * 1024;
	snprintf(path, sizeof path, "/proc/%ld/statm", pid);
	if (read_small(path, buf, sizeof buf) <= 0 || sscanf(buf, "%ld %ld", &size, &resident) != 2)
		return 0;
	return (int64_t)resident * page;
}

/* Appends the children of pid, from every thread's children file, to
 * list (of at most TREEPEAK_PROCS_MAX). */
static size_t
add_children(long pid, long *list, size_t n, int *cut)
{
	char path[64], buf[8192];
	DIR *d;
	struct dirent *e;

	snprintf(path, sizeof path, "/proc/%ld/task", pid);
	if ((d = opendir(path)) == NULL)
		return n;
	while ((e = readdir(d)) != NULL) {
		char *p, *q;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "/proc/%ld/task/%.20s/children", pid, e->d_name);
		if (read_small(path, buf, sizeof buf) <= 0)
			continue;
		for (p = buf; *p; p = q) {
			long c = strtol(p, &q, 10);

			if (q == p)
				break;
			if (n == TREEPEAK_PROCS_MAX) {
				*cut = 1;
				break;
			}
			list[n++] = c;
		}
	}
	closedir(d);
	return n;
}

/* The programs whose run means a compile took place: a cache that
 * answered ran none of them (ccache runs the compiler as its child). */
static const char *const compile_tools[] = {
	"nvcc", "cicc", "ptxas", "cudafe++", "cc1plus", "cc1", "clang",
};

/* Whether a descendant is one of compile_tools, from its comm. */
static int
is_compile_tool(long pid)
{
	char path[64], comm[32];
	ssize_t n;

	snprintf(path, sizeof path, "/proc/%ld/comm", pid);
	if ((n = read_small(path, comm, sizeof comm)) <= 0)
		return 0;
	if (comm[n - 1] == '\n')
		comm[n - 1] = '\0';
	for (size_t i = 0; i < sizeof compile_tools / sizeof compile_tools[0]; i++)
		if (strcmp(comm, compile_tools[i]) == 0)
			return 1;
	return 0;
}

/* The summed resident size of child and all its descendants now (when
 * sum is asked), noting whether a compile tool runs below the child. */
static int64_t
sample_tree(struct treepeak *t, pid_t child, long *list, long page, int sum_it)
{
	size_t n = 1, i;
	int64_t sum = 0;

	list[0] = (long)child;
	for (i = 0; i < n; i++) {
		if (sum_it)
			sum += rss_of(list[i], page);
		if (i > 0 && !t->compiled)
			t->compiled = is_compile_tool(list[i]);
		n = add_children(list[i], list, n, &t->cut);
	}
	return sum;
}

int
treepeak_watch(struct treepeak *t, pid_t child)
{
	/* The tree is walked in both ways: for its sum, and for the tools it
	 * runs (a cache hit runs none). */
	long *list = xcalloc(TREEPEAK_PROCS_MAX, sizeof *list);
	long page = sysconf(_SC_PAGESIZE);
	const struct timespec pause = { 0, TREEPEAK_INTERVAL_MS * 1000000L };
	int rc = 0, pidfd = -1;

#ifdef SYS_pidfd_open
	/* Readable when the child exits: the wait between samples ends then. */
	if (list != NULL)
		pidfd = (int)syscall(SYS_pidfd_open, child, 0);
#endif

	for (;;) {
		siginfo_t si;

		if (list != NULL) {
			int64_t now = sample_tree(t, child, list, page, t->how == TREEPEAK_PROC);

			if (t->how == TREEPEAK_PROC && now > t->peak)
				t->peak = now;
		}
		memset(&si, 0, sizeof si);
		if (waitid(P_PID, (id_t)child, &si, WEXITED | WNOWAIT | (list != NULL ? WNOHANG : 0)) < 0) {
			if (errno == EINTR)
				continue;
			rc = -1;
			break;
		}
		if (si.si_pid != 0)
			break;
		if (pidfd >= 0) {
			struct pollfd p = { pidfd, POLLIN, 0 };

			poll(&p, 1, TREEPEAK_INTERVAL_MS);
		} else
			nanosleep(&pause, NULL);
	}
	if (pidfd >= 0)
		close(pidfd);
	free(list);
	return rc;
}

void
treepeak_end(struct treepeak *t)
{
	if (t->how == TREEPEAK_CGROUP) {
		char *path = xasprintf("%s/%s", t->cgroup, t->kind->peak), buf[64];
		long long v;

		if (read_small(path, buf, sizeof buf) > 0 && sscanf(buf, "%lld", &v) == 1)
			t->peak = v;
		free(path);
	}
	drop_cgroup(t);
}

const char *
treepeak_how_name(const struct treepeak *t)
{
	if (t->peak < 0)
		return "-";
	if (t->how == TREEPEAK_CGROUP)
		return t->kind->how;
#define TREEPEAK_STR(x) #x
#define TREEPEAK_PROC_NAME(ms) "proc" TREEPEAK_STR(ms) "ms"
	return t->cut ? TREEPEAK_PROC_NAME(TREEPEAK_INTERVAL_MS) "-cut" : TREEPEAK_PROC_NAME(TREEPEAK_INTERVAL_MS);
}
