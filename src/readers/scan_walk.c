/* SPDX-License-Identifier: MIT */
/*
 * The directory walk: paths selected by --include and --exclude, each
 * file and directory read once (by device and inode), symbolic links
 * read after the tree (or named: follow_link), notices for what is not
 * read.  A file is opened
 * (scan_source.c) and handed to scan_image.c.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fatal.h"
#include "infile.h"
#include "scan_int.h"
#include "xalloc.h"

/*
 * Directories deeper than this are named in a notice, not read: each level
 * holds a descriptor while the walk is below it.
 */
#define DIR_DEPTH_MAX	256

static int
path_selected(const struct scan_config *cfg, const char *path)
{
	if (cfg->includes && cfg->includes->n > 0) {
		int hit = 0;
		for (size_t i = 0; i < cfg->includes->n && !hit; i++)
			hit = fnmatch(cfg->includes->v[i], path, 0) == 0;
		if (!hit)
			return 0;
	}
	if (cfg->excludes)
		for (size_t i = 0; i < cfg->excludes->n; i++)
			if (fnmatch(cfg->excludes->v[i], path, 0) == 0)
				return 0;
	return 1;
}

static hashval_t
inode_key_hash(const void *e)
{
	const struct inode_key *k = e;
	uint64_t h = (k->dev * 0x9e3779b97f4a7c15ull) ^ (k->ino * 0xc2b2ae3d27d4eb4full);

	return (hashval_t)(h ^ (h >> 29) ^ (h >> 32));
}

static int
inode_key_eq(const void *a, const void *b)
{
	const struct inode_key *x = a, *y = b;

	return x->dev == y->dev && x->ino == y->ino;
}

/* Whether the file or directory dev, ino was read before; record:
 * remember it now. */
static int
inode_seen(struct scan *s, uint64_t dev, uint64_t ino, int record)
{
	struct inode_key key = { dev, ino };
	void **slot;

	if (s->seen == NULL) {
		if (!record)
			return 0;
		s->seen = htab_create_alloc(1024, inode_key_hash, inode_key_eq, free, xcalloc, free);
	}
	slot = htab_find_slot(s->seen, &key, record ? INSERT : NO_INSERT);
	if (slot == NULL)
		return 0;
	if (*slot != NULL)
		return 1;
	*slot = xmalloc(sizeof key);
	memcpy(*slot, &key, sizeof key);
	return 0;
}

int
scan_inode_seen(struct scan *s, const struct stat *st, int record)
{
	return inode_seen(s, (uint64_t)st->st_dev, (uint64_t)st->st_ino, record);
}

/* The file shrank while the walk read it (it read zeros past the new end):
 * what it said of those zeros goes, one message stays. */
static void
walk_shrank(struct scan *s, struct place *p, size_t diags_before)
{
	struct stat now;
	long long size = fstat(p->src->map.fd, &now) == 0 ? (long long)now.st_size : -1;

	diag_truncate(s->diags, diags_before);
	diag_add(s->diags, s->order, p->library, NULL, DIAG_NO_OFFSET,
	    "shrank from %zu to %lld bytes while it was read", p->src->map.size, size);
	s->stats->unreadable++;
	(void)scan_changed_said(s, p->library);
}

void
scan_walk_file(struct scan *s, int dirfd, const char *name, const char *path, const char *shown,
    int named, int as_log)
{
	struct source *src;
	struct place p;
	char err[ERRBUF];
	size_t diags_before;

	if (!path_selected(s->cfg, shown))
		return;
	s->order++;
	src = scan_source_open(s, dirfd, name, path, err, sizeof err);
	if (src == NULL) {
		diag_add(s->diags, s->order, shown, NULL, DIAG_NO_OFFSET, "cannot read: %s", err);
		s->stats->unreadable++;
		return;
	}
	if (!src->map.stream)
		(void)scan_inode_seen(s, &src->map.st, 1);
	if (src->map.data == NULL) {
		if (named) {
			diag_add(s->diags, s->order, shown, NULL, DIAG_NO_OFFSET, "empty file");
			s->stats->unreadable++;
		}
		scan_source_release(s, src);
		return;
	}
	memset(&p, 0, sizeof p);
	p.scan = s;
	p.library = strpool_intern_str(&s->model->pool, shown);
	fatal_doing("reading", p.library);
	p.member = strpool_intern_str(&s->model->pool, "");
	p.src = src;
	p.as_log = as_log;
	diags_before = s->diags->n;
	/* The walk reads through the mapping: a file cut meanwhile reads as
	 * zeros past its new end, and says so once. */
	mapfile_guard(&src->map);
	scan_read_buffer(&p, src->map.data, src->map.size, named);
	if (mapfile_unguard())
		walk_shrank(s, &p, diags_before);
	/* The workers copy what they read with pread: the mapping goes now,
	 * so that a tree of many files keeps neither pages nor mappings. */
	mapfile_unmap(&src->map);
	if (!src->shared_fd && src->map.fd >= 0) {
		infile_close(src->map.fd);
		src->map.fd = -1;
	}
	scan_source_release(s, src);
}

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(((const struct walk_entry *)a)->name, ((const struct walk_entry *)b)->name);
}

/*
 * A file the probe found to hold nothing spillway reads: what
 * scan_walk_file does with one, without opening it again: counted in the
 * order, and remembered, so that a link to it is not read.
 */
static void
walk_nothing(struct scan *s, const char *shown, const struct walk_entry *e)
{
	if (!path_selected(s->cfg, shown))
		return;
	s->order++;
	(void)inode_seen(s, e->dev, e->ino, 1);
}

/* A notice about something the walk does not read. */
static void
walk_notice(struct scan *s, const char *shown, const char *what)
{
	if (!path_selected(s->cfg, shown))
		return;
	diag_add(s->diags, ++s->order, shown, NULL, DIAG_NO_OFFSET, "%s", what);
	s->stats->unreadable++;
}

/* What a walk says of a file that is neither a file nor a directory. */
static const char *
special_notice(mode_t mode)
{
	if (S_ISFIFO(mode))
		return "is a FIFO (named pipe): not read in a directory walk";
	if (S_ISSOCK(mode))
		return "is a socket: not read in a directory walk";
	return infile_refusal(mode) ? infile_refusal(mode) : "is not a file";
}

static const char *
shown_under(const char *path, const char *root)
{
	const char *shown = path + strlen(root);

	while (*shown == '/')
		shown++;
	return shown;
}

static void scan_dir(struct scan *, int fd, const char *dir, const char *root, int depth);

/*
 * What CMake writes for its own checks under a CMakeFiles folder: the
 * compiler identification and ABI probes of each version (CMakeFiles/3.25.1/
 * CompilerIdCUDA/a.out, CMakeDetermineCompilerABI_CUDA.bin) and the
 * try_compile scratch folders.  Their objects are no part of the build.
 */
static int
cmake_check_dir(const char *dir, const char *name)
{
	const char *base = strrchr(dir, '/');
	size_t digits = strspn(name, "0123456789.");

	base = base ? base + 1 : dir;
	if (strcmp(base, "CMakeFiles") != 0)
		return 0;
	return (digits > 0 && name[digits] == '\0' && strchr(name, '.') != NULL && name[0] != '.') ||
	    strcmp(name, "CMakeScratch") == 0 || strcmp(name, "CMakeTmp") == 0;
}

/* The files under a folder not scanned, for the notice; as deep as the
 * walk goes, and no further than CMAKE_COUNT_MAX entries. */
#define CMAKE_COUNT_MAX	100000
static size_t
count_files(int at, const char *name, int depth, size_t *seen)
{
	int fd = depth > DIR_DEPTH_MAX ? -1 : openat(at, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *de;
	size_t n = 0;

	if (d == NULL) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	while ((de = readdir(d)) != NULL && ++*seen < CMAKE_COUNT_MAX) {
		struct stat st;

		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0 ||
		    fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		if (S_ISDIR(st.st_mode))
			n += count_files(dirfd(d), de->d_name, depth + 1, seen);
		else if (S_ISREG(st.st_mode))
			n++;
	}
	closedir(d);
	return n;
}

static void
skip_cmake_check(struct scan *s, int at, const char *name, const char *shown, int depth)
{
	size_t seen = 0, n = count_files(at, name, depth, &seen);
	struct build_notes *notes = &s->model->notes;

	if (notes->cmake_dirs++ == 0)
		notes->cmake_first = strpool_intern_str(&s->model->pool, shown);
	notes->cmake_checks += n;
}

/* Opens the directory name in dirfd and walks it, unless it was walked. */
void
scan_walk_dir(struct scan *s, int dirfd, const char *name, const char *path, const char *root,
    int depth, int follow)
{
	const char *pseudo;
	struct stat st;
	int fd;

	if (depth > DIR_DEPTH_MAX) {
		walk_notice(s, shown_under(path, root), "directories nested deeper than 256 levels: not read");
		return;
	}
	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW));
	if (fd < 0 || fstat(fd, &st) != 0) {
		diag_add(s->diags, ++s->order, path, NULL, DIAG_NO_OFFSET, "cannot open directory: %s",
		    strerror(errno));
		s->stats->unreadable++;
		if (fd >= 0)
			close(fd);
		return;
	}
	if (scan_inode_seen(s, &st, 1)) {	/* reached again through a link */
		close(fd);
		return;
	}
	if ((pseudo = scan_fs_pseudo(fd)) != NULL) {	/* a mount point in the tree */
		char what[96];

		snprintf(what, sizeof what, "a folder on a pseudo file system (%s): not read", pseudo);
		walk_notice(s, depth == 0 ? path : shown_under(path, root), what);
		close(fd);
		return;
	}
	scan_dir(s, fd, path, root, depth);
}

/* The names in d but . and .., in name order; *n of them. */
static struct walk_entry *
list_dir(DIR *d, size_t *n)
{
	struct walk_entry *e = NULL;
	struct dirent *de;
	size_t cap = 0;

	*n = 0;
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		xgrow((void **)&e, &cap, *n + 1, sizeof *e);
		memset(&e[*n], 0, sizeof *e);
		e[*n].name = xstrdup(de->d_name);
		e[*n].type = de->d_type;
		(*n)++;
	}
	if (*n > 1)
		qsort(e, *n, sizeof *e, name_cmp);
	return e;
}

/* One name of the directory dir (open as d), by what lstat says it is;
 * path: its path, taken by the list of links when it is one. */
static void
walk_name(struct scan *s, DIR *d, const char *dir, const char *name, char **path,
    const char *root, int depth)
{
	const char *shown = shown_under(*path, root);
	struct stat st;

	if (fstatat(dirfd(d), name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
		if (errno != ENOENT) {	/* else gone since it was listed */
			char what[96];

			snprintf(what, sizeof what, "cannot read: %s", strerror(errno));
			walk_notice(s, shown, what);
		}
	} else if (S_ISDIR(st.st_mode) && cmake_check_dir(dir, name))
		skip_cmake_check(s, dirfd(d), name, shown, depth + 1);
	else if (S_ISDIR(st.st_mode))
		scan_walk_dir(s, dirfd(d), name, *path, root, depth + 1, 0);
	else if (S_ISREG(st.st_mode))
		scan_walk_file(s, dirfd(d), name, *path, shown, 0, 0);
	else if (S_ISLNK(st.st_mode)) {
		xgrow((void **)&s->links, &s->caplinks, s->nlinks + 1, sizeof *s->links);
		s->links[s->nlinks].path = *path;
		s->links[s->nlinks].shown = xstrdup(shown);
		s->nlinks++;
		*path = NULL;
	} else
		walk_notice(s, shown, special_notice(st.st_mode));
}

/*
 * Walks a directory (open as fd, closed here) in name order, relative to
 * its descriptor, so that no path is too long to open.  Symbolic links are
 * read after the whole tree (scan_walk_links), so that a library and its
 * versioned links are read once, by the library's own name.  Its regular
 * files are probed ahead (scan_probe.c): one that holds nothing spillway
 * reads is not opened again.
 */
static void
scan_dir(struct scan *s, int fd, const char *dir, const char *root, int depth)
{
	DIR *d;
	struct walk_entry *e;
	struct probe_dir pd;
	size_t n;

	d = fdopendir(fd);
	if (d == NULL) {
		diag_add(s->diags, ++s->order, dir, NULL, DIAG_NO_OFFSET, "cannot open directory: %s", strerror(errno));
		s->stats->unreadable++;
		close(fd);
		return;
	}
	e = list_dir(d, &n);
	scan_probe_dir_begin(s, &pd, dirfd(d), e, n);
	for (size_t i = 0; i < n; i++) {
		char *path = xasprintf("%s/%s", dir, e[i].name);
		enum probe_verdict v = e[i].type == DT_REG ? scan_probe_wait(s, &pd, i) : PROBE_UNKNOWN;

		if (v == PROBE_NOTHING)
			walk_nothing(s, shown_under(path, root), &e[i]);
		else if (v == PROBE_READ)
			scan_walk_file(s, dirfd(d), e[i].name, path, shown_under(path, root), 0, 0);
		else
			walk_name(s, d, dir, e[i].name, &path, root, depth);
		free(path);
	}
	scan_probe_dir_end(s, &pd);
	for (size_t i = 0; i < n; i++)
		free(e[i].name);
	free(e);
	closedir(d);
}

/*
 * What one link leads to: read, or named (walk_notice: a gate does not
 * pass on it), never skipped without a word.  Its folder is opened a
 * piece at a time when its path is past PATH_MAX.  A link that leads
 * nowhere (ENOENT, ENOTDIR) has nothing to read; a file or folder read
 * already is not read again, so links that make a loop end there.  Not
 * followed, and named: a link into a pseudo file system (/proc, /sys:
 * scan_fs.c), and a link to a folder on a file system none of the paths
 * given lies on (a file there is read: it is one file, a folder is a
 * walk of anything), or to the top of one (/, /proc/1/root: every folder).
 */
static void
follow_link(struct scan *s, const struct link_rec *l, const char *root)
{
	const char *base, *pseudo;
	char what[200];
	struct stat st;
	int dirfd = scan_fs_open_parent(l->path, &base), fd = -1;

	if (dirfd == -1 || (fd = openat(dirfd, base, O_PATH | O_CLOEXEC)) < 0 ||
	    fstat(fd, &st) != 0) {
		if (errno != ENOENT && errno != ENOTDIR) {
			snprintf(what, sizeof what, "a link that cannot be followed: %s", strerror(errno));
			walk_notice(s, l->shown, what);
		}
	} else if ((pseudo = scan_fs_pseudo(fd)) != NULL) {
		snprintf(what, sizeof what, "a link into a pseudo file system (%s): not followed", pseudo);
		walk_notice(s, l->shown, what);
	} else if (scan_inode_seen(s, &st, 0))
		;
	else if (S_ISREG(st.st_mode))
		scan_walk_file(s, dirfd, base, l->path, l->shown, 0, 0);
	else if (!S_ISDIR(st.st_mode))
		walk_notice(s, l->shown, special_notice(st.st_mode));
	else if (!scan_fs_is_root(s, &st))
		walk_notice(s, l->shown, "a link to a folder on another file system than the paths "
		    "given: not followed (name the folder to read it)");
	else if (scan_fs_is_top(fd, &st))
		walk_notice(s, l->shown, "a link to the top of a file system (/ or a mount point): "
		    "not followed (name the folder to read it)");
	else
		scan_walk_dir(s, dirfd, base, l->path, root, 1, 1);
	if (fd >= 0)
		close(fd);
	if (dirfd >= 0)
		close(dirfd);
}

/* The links the walk of root met, each followed or named (follow_link). */
void
scan_walk_links(struct scan *s, const char *root)
{
	for (size_t i = 0; i < s->nlinks; i++) {
		struct link_rec l = s->links[i];	/* the list grows meanwhile */

		follow_link(s, &l, root);
		free(l.path);
		free(l.shown);
	}
	s->nlinks = 0;
}
