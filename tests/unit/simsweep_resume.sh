#!/usr/bin/env bash
# simsweep stopped and resumed: Ctrl-C (SIGINT) while a point runs ends the sweep with status
# 130, keeps the finished points and writes the report of those; the interrupted point has no
# result, and simrun was stopped cleanly (its own message). The same command then runs only
# that point, leaves the kept ones untouched, and its numbers are simrun's own. A program
# rebuilt since makes every point run again. On a terminal, the progress line is drawn.
# time limit: 300
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=1; }
nosim=--cfg=smpi/simulate-computation:no
"$top/wrappers/simcc" -O2 "$top/tests/unit/sweep_work.c" -o sweep_work || exit 1
# hold=4: the 4-rank point waits (in wall time) until the file "release" exists
cmd=("$top/wrappers/simsweep" -j 2 -np 1,2,4 $nosim -o r.html -- ./sweep_work 0.008 hold=4)

"${cmd[@]}" > first.out 2> first.err &
pid=$!
# wait (for progress, not for a time) until 1 and 2 ranks have their result and 4 ranks hold
for _ in $(seq 3000); do
  n=$(ls r.points/*/result.json 2>/dev/null | wc -l)
  [ "$n" -ge 2 ] && grep -qs holding r.points/np4-*/stdout && break
  kill -0 $pid 2> /dev/null || break
  sleep 0.1
done
kill -INT $pid
wait $pid
rc=$?
[ $rc = 130 ] && ok "Ctrl-C: status 130" || bad "Ctrl-C: status $rc"
grep -q "interrupted: 2 of 3 points done, kept in r.points; the same command resumes" first.err &&
  ok "Ctrl-C: says what is kept and how to resume" || bad "Ctrl-C: stderr: $(cat first.err)"
if [ -e r.points/np4-*/result.json ]; then bad "the interrupted point has a result"; else
  ok "the interrupted point has no result"; fi
grep -q "stopped by SIGINT" r.points/np4-*/stderr && ok "its simrun was stopped cleanly (stopped by SIGINT)" ||
  bad "its simrun's stderr: $(head -3 r.points/np4-*/stderr)"
grep -q '^np4-[0-9a-f]*,4,not run,' r.csv && grep -c ',ok,' r.csv | grep -qx 2 &&
  ok "the report of what ran: 2 points ok, 1 not run" || bad "the report after Ctrl-C: $(cat r.csv)"
md5sum r.points/np[12]-*/result.json r.points/np[12]-*/stdout > kept.md5

touch release
"${cmd[@]}" > second.out 2> second.err
rc=$?
[ $rc = 0 ] && ok "resumed: status 0" || bad "resumed: status $rc ($(cat second.err))"
grep -q "2 of 3 points kept from an earlier run" second.out && md5sum --quiet -c kept.md5 &&
  ok "resumed: the 2 finished points were kept, not run again" || bad "resumed: $(cat second.out)"
for n in 1 2 4; do
  t=$("$top/wrappers/simrun" -np $n $nosim ./sweep_work 0.008 2>&1 >/dev/null |
    sed -n 's/^simpi: simulated time \([0-9.]*\) s.*/\1/p')
  got=$(awk -F, -v n=$n '$2 == n && $3 == "ok" { print $5 }' r.csv)
  if [ -n "$t" ] && python3 -c "import sys; sys.exit(abs($got - $t) > 5e-7)" 2> /dev/null; then
    ok "resumed: $n ranks took $got s, as simrun's own run ($t s)"
  else
    bad "resumed: $n ranks: CSV '$got', simrun '$t'"
  fi
done

touch sweep_work  # as if rebuilt
"${cmd[@]}" > third.out 2>&1
if ! grep -q "kept from an earlier run" third.out && ! md5sum --quiet -c kept.md5 > /dev/null 2>&1; then
  ok "a rebuilt program runs every point again"
else
  bad "a rebuilt program: $(cat third.out)"
fi

# on a terminal: the progress line (done/total, failed, running) under the rows
script -qc "$top/wrappers/simsweep -j 1 -np 1,2 $nosim -o tty.html -- ./sweep_work 0.008" tty.txt > /dev/null
if grep -aq "simsweep: [0-9]/2 points done, 0 failed, 1 running" tty.txt &&
   grep -aq "2 points: 2 ran, 0 failed" tty.txt; then
  ok "on a terminal: the progress line"
else
  bad "on a terminal: $(tr '\r' '\n' < tty.txt | head -20)"
fi
exit $fail
