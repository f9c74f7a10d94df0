/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "exitstatus.h"
#include "fatal.h"

/* Temporaries with a name at once: -o, --junit and --update-allow's. */
#define FATAL_TEMPS	8

/* A registered path, copied: a handler running on another thread never
 * reads memory its owner freed.  state: SLOT_FREE, SLOT_FILLING, SLOT_SET,
 * through __atomic. */
enum { SLOT_FREE, SLOT_FILLING, SLOT_SET };
static struct {
	int	state;
	char	path[PATH_MAX];
} temps[FATAL_TEMPS];

static int fatal_status = EXIT_TROUBLE;
static __thread const char *doing_verb, *doing_name;
static int handlers_set;
static void (*volatile signal_first)(void);

/* The signals whose default ends the process and that a temporary
 * outlives unless spillway removes it. */
static const int ending_signals[] = {
	SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGVTALRM, SIGPROF,
};
#define NENDING	(sizeof ending_signals / sizeof ending_signals[0])

/* SIGPIPE and SIGXFSZ as spillway found them, for its children. */
static const int quiet_signals[] = { SIGPIPE, SIGXFSZ };
#define NQUIET	(sizeof quiet_signals / sizeof quiet_signals[0])
static struct sigaction quiet_were[NQUIET];
static int quiet_saved;

void
fatal_init(int status)
{
	struct sigaction ign;

	fatal_status = status;
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	for (size_t i = 0; i < NQUIET; i++)
		sigaction(quiet_signals[i], &ign, &quiet_were[i]);
	quiet_saved = 1;
}

void
fatal_child(void)
{
	for (size_t i = 0; quiet_saved && i < NQUIET; i++)
		sigaction(quiet_signals[i], &quiet_were[i], NULL);
}

void
fatal_doing(const char *verb, const char *name)
{
	doing_verb = verb;
	doing_name = verb != NULL ? name : NULL;
}

/* unlink(2) only: safe in a signal handler. */
static void
remove_temps(void)
{
	for (size_t i = 0; i < FATAL_TEMPS; i++)
		if (__atomic_load_n(&temps[i].state, __ATOMIC_ACQUIRE) == SLOT_SET)
			unlink(temps[i].path);
}

static void
on_ending_signal(int sig)
{
	struct sigaction dfl;
	void (*first)(void) = signal_first;

	if (first != NULL)
		first();
	remove_temps();
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(sig, &dfl, NULL);
	/* Pending until the handler returns (sig is blocked in it), then it
	 * ends the process as it would have. */
	raise(sig);
}

void
fatal(const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (doing_verb != NULL)
		fprintf(stderr, "spillway: %s while %s %s\n", msg, doing_verb,
		    doing_name != NULL ? doing_name : "");
	else
		fprintf(stderr, "spillway: %s\n", msg);
	remove_temps();
	_exit(fatal_status);
}

/* Ours where the signal still does what it does by default. */
static void
set_handlers(void)
{
	struct sigaction sa, old;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_ending_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < NENDING; i++)
		if (sigaction(ending_signals[i], NULL, &old) == 0 && old.sa_handler == SIG_DFL &&
		    !(old.sa_flags & SA_SIGINFO))
			sigaction(ending_signals[i], &sa, NULL);
}

void
fatal_on_signal(void (*fn)(void))
{
	signal_first = fn;
	if (fn != NULL && !handlers_set) {
		set_handlers();
		handlers_set = 1;
	}
}

void
fatal_exit(int status)
{
	remove_temps();
	_exit(status);
}

int
fatal_temp_add(const char *path)
{
	size_t len = strlen(path);

	if (len >= PATH_MAX)
		return -1;
	if (!handlers_set) {
		set_handlers();
		handlers_set = 1;
	}
	for (int i = 0; i < FATAL_TEMPS; i++) {
		int free_slot = SLOT_FREE;

		if (__atomic_compare_exchange_n(&temps[i].state, &free_slot, SLOT_FILLING, 0,
		    __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
			memcpy(temps[i].path, path, len + 1);
			__atomic_store_n(&temps[i].state, SLOT_SET, __ATOMIC_RELEASE);
			return i;
		}
	}
	return -1;
}

void
fatal_temp_drop(int slot)
{
	if (slot >= 0 && slot < FATAL_TEMPS)
		__atomic_store_n(&temps[slot].state, SLOT_FREE, __ATOMIC_RELEASE);
}
