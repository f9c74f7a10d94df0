/* SPDX-License-Identifier: MIT */
/*
 * How spillway ends when it cannot go on, and when a signal ends it: never
 * by abort(), never by a signal it could have turned into a message, never
 * leaving a temporary behind.
 *
 * - SIGPIPE and SIGXFSZ are ignored: a pipe whose reader left and a file
 *   past ulimit -f come back from write(2) as EPIPE and EFBIG, which the
 *   writers handle (outfile.h).  A command spillway runs (record) gets
 *   them as spillway found them.
 * - A temporary that has a name (outfile's, where the file system or a
 *   missing /proc gives no unnamed one) is registered while it exists: a
 *   signal that ends the process removes it first, and so does fatal().
 * - Running out of memory or of threads is fatal(): one message that
 *   names what the thread was doing (fatal_doing), and the exit status of
 *   input that could not be read.
 */
#ifndef SPILLWAY_FATAL_H
#define SPILLWAY_FATAL_H

/* Ignores SIGPIPE and SIGXFSZ; status is what fatal() exits with. */
void	fatal_init(int status);

/* In a child about to run another program: SIGPIPE and SIGXFSZ as
 * spillway found them. */
void	fatal_child(void);

/*
 * What the calling thread is doing, for fatal()'s message: "reading" and a
 * path, "writing" and an output.  Both must outlive the call (string
 * literals, interned names); a NULL verb clears it.
 */
void	fatal_doing(const char *verb, const char *name);

/* Prints "spillway: MESSAGE while VERB NAME", removes the registered
 * temporaries and exits with fatal_init's status.  Safe from any thread. */
_Noreturn void fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * Registers a temporary's path (copied; at most PATH_MAX bytes), and from
 * the first one on, removes what is registered on SIGHUP, SIGINT,
 * SIGQUIT, SIGTERM, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGVTALRM and
 * SIGPROF before the signal ends the process (signals someone else set to
 * be ignored or caught are left so).  Returns a slot for fatal_temp_drop,
 * or -1 when every slot is taken.
 */
int	fatal_temp_add(const char *path);
/* The temporary is gone, or has become the file it stood for. */
void	fatal_temp_drop(int slot);

/*
 * A function the handler of those signals calls first, before it removes
 * the temporaries and lets the signal end the process (SIGINT: status
 * 130 to the shell): the browser gives the terminal back, as curses' own
 * handler would (which exits 1, the status of a violation).  Sets the
 * handlers, temporaries or not; NULL: none again.
 */
void	fatal_on_signal(void (*fn)(void));

/* Removes the registered temporaries and ends the process at once with
 * status, other threads and all: the browser quit during the scan. */
_Noreturn void fatal_exit(int status);

#endif
