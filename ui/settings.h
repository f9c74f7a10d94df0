/* SPDX-License-Identifier: MIT */
/*
 * What the browser remembers between runs (htop's htoprc, tig's state):
 * the kernel table's sort and its direction, the arch shown and whether
 * device functions show, in $XDG_CONFIG_HOME/spillway/browser.conf
 * (~/.config/spillway/ without it), lines of "key=value".  Read
 * leniently: a file too large, not text or with a line it does not know
 * how to read is ignored whole, with a notice; a key it does not know
 * (a later version's) is passed over.  Written whole at quit, through a
 * temporary renamed over it (outfile.c).  SPILLWAY_CONFIG names another
 * file; empty or /dev/null, none is read or written.  Plain C, no curses.
 */
#ifndef SPILLWAY_SETTINGS_H
#define SPILLWAY_SETTINGS_H

#include <stddef.h>

#include "viewmodel.h"

/* A settings file past this is not one spillway wrote: ignored. */
#define SETTINGS_MAX	4096

/* The file's path into buf; 0 when none is to be read or written. */
int	settings_path(char *buf, size_t size);

/* Applies the file at path to vm.  Returns 0 (read, or no file), or -1
 * with a notice in msg when the file was ignored. */
int	settings_load(const char *path, struct viewmodel *vm, char *msg, size_t msgsize);

/* Writes vm's choices to path (its folder made when missing).  Returns 0,
 * or -1 with the reason in msg. */
int	settings_save(const char *path, const struct viewmodel *vm, char *msg, size_t msgsize);

#endif
