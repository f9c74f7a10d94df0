/* SPDX-License-Identifier: MIT */
/*
 * A helper of tests/e2e/record-tree.sh: a process tree of known sizes.
 * hold_tree N MIB MS forks N children; each touches MIB MiB, says so,
 * and holds it until all N have (so that N x MIB are resident at once),
 * then MS milliseconds more, and exits.  The parent touches nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	int ready[2], go[2], n, mib, ms;

	if (argc != 4 || (n = atoi(argv[1])) < 1 || n > 64 || (mib = atoi(argv[2])) < 1 ||
	    (ms = atoi(argv[3])) < 0) {
		fprintf(stderr, "usage: hold_tree N MIB MS\n");
		return 2;
	}
	if (pipe(ready) < 0 || pipe(go) < 0)
		return 2;
	for (int i = 0; i < n; i++) {
		pid_t p = fork();

		if (p < 0)
			return 2;
		if (p == 0) {
			size_t size = (size_t)mib << 20;
			char *b = malloc(size), c;
			struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };

			if (b == NULL)
				_exit(3);
			memset(b, 1, size);
			close(ready[0]);
			close(go[1]);
			if (write(ready[1], "r", 1) != 1 || read(go[0], &c, 1) < 0)
				_exit(4);
			nanosleep(&t, NULL);
			_exit(b[size - 1] == 1 ? 0 : 5);
		}
	}
	close(ready[1]);
	close(go[0]);
	for (int i = 0; i < n; i++) {
		char c;

		if (read(ready[0], &c, 1) != 1)
			return 2;
	}
	close(go[1]);	/* all hold theirs now: go on */
	for (int i = 0; i < n; i++) {
		int st;

		if (wait(&st) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
			return 1;
	}
	return 0;
}
