#!/bin/sh
# SPDX-License-Identifier: MIT
# Attack round 3, leftovers: without /proc an output's temporary is a
# named mkstemp file (".NAME.XXXXXX"); a signal that ends spillway, or a
# run that runs out of memory, removes it, and the old file stays.  Case
# tmpfile-on-sigterm of tests/attacks/repro3, and the other signals.  Needs root
# and unshare -m, to hide /proc in a mount namespace of its own.
. "${srcdir:-.}/tests/lib/lib.sh"

if [ "$(id -u)" != 0 ] || ! unshare -m --propagation private true 2>/dev/null; then
	echo "needs root and unshare -m: skipped"
	exit 77
fi
cd "$TMP" || exit 1
mkdir out
echo "the old file" >out/r.csv

# Without /proc, spillway reads its input from a pipe that stays open, so
# that it waits with its temporary made; then gets SIGNAL.  Prints how it
# ended and what the folder holds.
cat >sigend.py <<'EOF'
import os, signal, subprocess, sys, time
sig, spillway, out = getattr(signal, sys.argv[1]), sys.argv[2], sys.argv[3]
def dfl():
    for s in (signal.SIGINT, signal.SIGQUIT, signal.SIGHUP, signal.SIGTERM):
        signal.signal(s, signal.SIG_DFL)
p = subprocess.Popen([spillway, "--list", "-o", out + "/r.csv", "-"], stdin=subprocess.PIPE,
                     stderr=subprocess.DEVNULL, preexec_fn=dfl)
for _ in range(600):
    if [n for n in os.listdir(out) if n.startswith(".r.csv.")]:
        break
    time.sleep(0.05)
made = sorted(n for n in os.listdir(out) if n != "r.csv")
p.send_signal(sig)
rc = p.wait()
p.stdin.close()
left = sorted(n for n in os.listdir(out) if n != "r.csv")
print("made=%s rc=%d left=%s" % (",".join(made) or "-", rc, ",".join(left) or "-"))
EOF

for sig in SIGTERM SIGINT SIGHUP SIGQUIT SIGUSR1 SIGXCPU; do
	unshare -m --propagation private sh -c \
		"mount -t tmpfs none /proc && exec python3 sigend.py $sig '$SPILLWAY' out" >res 2>&1
	num=$(python3 -c "import signal; print(int(signal.$sig))")
	check "$sig: a named temporary was made (no /proc): $(cat res)" grep -q "^made=\.r\.csv\." res
	check "$sig: spillway ended by the signal" grep -q " rc=-$num " res
	check "$sig: the temporary removed" grep -q " left=-$" res
	check "$sig: the old file as it was" grep -qx "the old file" out/r.csv
done

# Out of memory while the temporary exists: exit 2, nothing left (not
# under ASan, whose shadow memory needs terabytes of address space).  The
# page of 100,000 kernels takes about 106 MB: past a 100 MB address space
# (20,000 kernels fitted once the HTML was written a piece at a time).
[ "$SANITIZED" = 1 ] && finish
python3 "$srcdir/tests/attacks/repro3/gen/gen.py" kernels k.cubin 100000
unshare -m --propagation private sh -c \
	"mount -t tmpfs none /proc && ulimit -v 100000 && exec '$SPILLWAY' --report=html -o out/r.csv k.cubin" 2>err
check "ulimit -v, no /proc: exit 2 (exit $?)" [ $? -eq 2 ]
check "ulimit -v, no /proc: out of memory, said" grep -q "out of memory" err
check "ulimit -v, no /proc: no temporary left" sh -c "[ \"\$(ls -A out)\" = r.csv ]"
check "ulimit -v, no /proc: the old file as it was" grep -qx "the old file" out/r.csv
finish
