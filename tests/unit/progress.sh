#!/usr/bin/env bash
# The progress line: a run longer than two seconds on a terminal shows an
# updating "simulated ..., wall ..., events/s" line on stderr, cleared at the
# end; without a terminal there is none.
# time limit: 180
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/wrappers/simcc" -O2 "$top/samples/ring.c" -o "$work/ring"
command -v script >/dev/null || { echo "SKIP: no script(1) to make a terminal"; exit 0; }
fail=0
# long enough to pass two seconds of wall time on an idle machine (about 5 s)
script -qc "$top/wrappers/simrun -np 64 $work/ring 20000" "$work/tty.txt" >/dev/null
if grep -aq $'\rsimpi: simulated [0-9.]* s, wall [0-9.]* s, [0-9]* events/s' "$work/tty.txt" &&
   grep -aq $'\r\e\[K' "$work/tty.txt"; then
  echo "ok: progress line on a terminal"
else
  echo "FAIL: no progress line on a terminal"; fail=1
fi
"$top/wrappers/simrun" -np 64 "$work/ring" 9000 > "$work/out.txt" 2> "$work/err.txt"
if grep -aq 'events/s' "$work/err.txt"; then echo "FAIL: progress line without a terminal"; fail=1; else echo "ok: no progress line without a terminal"; fi
exit $fail
