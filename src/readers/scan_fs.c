/* SPDX-License-Identifier: MIT */
/*
 * Where the walk may go: the file systems of the paths it was given, and
 * none of the pseudo file systems (/proc, /sys, /dev/pts...) whose files
 * are the kernel's, not a build's: a link to /proc would walk every
 * process's root (/proc/N/root), the whole machine; nor, through a link,
 * the top of a file system (/, or what /proc/N/root leads to).  And how a
 * link whose path is past PATH_MAX is reached: its folder opened a piece
 * at a time.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/magic.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "scan_int.h"
#include "xalloc.h"

/* Pseudo file systems, by statfs's f_type (linux/magic.h). */
static const struct {
	unsigned long	 magic;
	const char	*name;
} pseudo_fs[] = {
	{ PROC_SUPER_MAGIC,	"proc" },
	{ SYSFS_MAGIC,		"sysfs" },
	{ DEVPTS_SUPER_MAGIC,	"devpts" },
	{ DEBUGFS_MAGIC,	"debugfs" },
	{ TRACEFS_MAGIC,	"tracefs" },
	{ SECURITYFS_MAGIC,	"securityfs" },
	{ CGROUP_SUPER_MAGIC,	"cgroup" },
	{ CGROUP2_SUPER_MAGIC,	"cgroup2" },
	{ BPF_FS_MAGIC,		"bpf" },
	{ PSTOREFS_MAGIC,	"pstore" },
	{ NSFS_MAGIC,		"nsfs" },
	{ EFIVARFS_MAGIC,	"efivarfs" },
	{ SELINUX_MAGIC,	"selinuxfs" },
	{ SMACK_MAGIC,		"smackfs" },
	{ BINFMTFS_MAGIC,	"binfmt_misc" },
	{ 0x62656570,		"configfs" },	/* CONFIGFS_MAGIC, not in linux/magic.h */
	{ 0x65735543,		"fusectl" },	/* FUSE_CTL_SUPER_MAGIC, idem */
	{ 0x19800202,		"mqueue" },	/* MQUEUE_MAGIC, idem */
};

const char *
scan_fs_pseudo(int fd)
{
	struct statfs fs;

	if (fstatfs(fd, &fs) != 0)
		return NULL;
	for (size_t i = 0; i < sizeof pseudo_fs / sizeof pseudo_fs[0]; i++)
		if ((unsigned long)fs.f_type == pseudo_fs[i].magic)
			return pseudo_fs[i].name;
	return NULL;
}

int
scan_fs_is_top(int fd, const struct stat *st)
{
	struct stat up;

	if (fstatat(fd, "..", &up, 0) != 0)
		return 0;
	return up.st_dev != st->st_dev || up.st_ino == st->st_ino;
}

void
scan_fs_add_root(struct scan *s, const struct stat *st)
{
	for (size_t i = 0; i < s->nroot_devs; i++)
		if (s->root_devs[i] == st->st_dev)
			return;
	xgrow((void **)&s->root_devs, &s->caproot_devs, s->nroot_devs + 1, sizeof *s->root_devs);
	s->root_devs[s->nroot_devs++] = st->st_dev;
}

int
scan_fs_is_root(const struct scan *s, const struct stat *st)
{
	for (size_t i = 0; i < s->nroot_devs; i++)
		if (s->root_devs[i] == st->st_dev)
			return 1;
	return 0;
}

int
scan_fs_open_parent(const char *path, const char **base)
{
	const char *slash = strrchr(path, '/'), *p = path;
	int fd = AT_FDCWD;

	*base = path;
	if (strlen(path) < PATH_MAX || slash == NULL)
		return AT_FDCWD;
	*base = slash + 1;
	while (p < slash) {
		char piece[PATH_MAX];
		const char *end = slash;
		int next;

		if (end - p >= PATH_MAX) {	/* whole names, as many as fit */
			end = p + PATH_MAX - 1;
			while (end > p + 1 && *end != '/')
				end--;
			if (end <= p + 1) {
				errno = ENAMETOOLONG;
				goto fail;
			}
		}
		memcpy(piece, p, (size_t)(end - p));
		piece[end - p] = '\0';
		next = openat(fd, piece, O_PATH | O_DIRECTORY | O_CLOEXEC);
		if (fd != AT_FDCWD)
			close(fd);
		if ((fd = next) < 0)
			return -1;
		for (p = end; *p == '/'; p++)
			;
	}
	return fd;
fail:
	if (fd != AT_FDCWD)
		close(fd);
	return -1;
}
