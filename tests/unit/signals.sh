#!/usr/bin/env bash
# Fault injection: SIGTERM and SIGINT at random moments of a run that records
# a timeline and a trace (20 times each), and SIGINT during the start-up of
# a large run. Every time: the exit status is 128+signal (or 0 when the run
# ended first), the timeline is valid JSON, each rank's trace file ends with
# its finalize line or with a "# stopped:" line that says why, stdout holds
# only whole lines in order, and stderr says what stopped the run. A run piped
# into head stops quietly (status 141, its files whole), two SIGINTs give one
# stop, and an external SIGALRM is not taken for --timeout.
# time limit: 180
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
cat > rounds.c <<'C'
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv)
{
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int i = 0; i < 30000; i++) {
    int v = i, sum;
    MPI_Allreduce(&v, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0 && i % 100 == 0)
      printf("round %d sum %d\n", i, sum);
  }
  MPI_Finalize();
  return 0;
}
C
"$top/wrappers/simcc" -O1 rounds.c -o rounds || exit 1
"$top/wrappers/simcc" -O1 "$top/samples/hello.c" -o hello || exit 1
fail=0 killed=0
bad() { echo "FAIL: $*"; fail=1; }
for sig in TERM INT; do
  num=$(kill -l "$sig")
  for i in $(seq 20); do
    rm -rf run.json run.ti run.ti_files
    "$top/wrappers/simrun" -np 6 --timeline=run.json --trace-ti=run.ti ./rounds >out 2>err &
    pid=$!
    for t in $(seq 100); do [ -e run.json ] && break; sleep 0.05; done # the program has started
    sleep "0.$((RANDOM % 20))"
    kill -"$sig" "$pid" 2>/dev/null
    wait "$pid"
    rc=$?
    case $rc in
      0) ;;
      $((128 + num)) ) killed=$((killed + 1))
        grep -q "stopped by SIG$sig" err || bad "SIG$sig run $i: no message: $(head -2 err)" ;;
      *) bad "SIG$sig run $i: exit status $rc: $(head -3 err)"; continue ;;
    esac
    python3 -c 'import json,sys; json.load(open("run.json"))' 2>/dev/null || bad "SIG$sig run $i: run.json is not valid JSON"
    for f in run.ti_files/*.txt; do
      last=$(tail -n 1 "$f")
      case $last in *" finalize" | "# stopped: "*) ;; *) bad "SIG$sig run $i: $f ends with '$last'" ;; esac
    done
    [ -z "$(tail -c 1 out)" ] || bad "SIG$sig run $i: stdout ends in the middle of a line"
    awk '{ if ($2 != NR * 100 - 100) exit 1 }' out || bad "SIG$sig run $i: stdout lost or mixed lines"
  done
done
# during the start-up of a large run: stopped cleanly, quickly, without a crash
"$top/wrappers/simrun" -np 100000 ./hello >out 2>err &
pid=$!
sleep 0.5
kill -INT "$pid"
wait "$pid"
rc=$?
[ "$rc" = 130 ] || bad "SIGINT at start-up: exit status $rc: $(head -3 err)"
grep -q "SIGINT" err || bad "SIGINT at start-up: no message: $(head -3 err)"
! grep -qi "crash\|assert\|malloc" err || bad "SIGINT at start-up: $(head -3 err)"
# a run piped into head: its output closes; the run stops quietly with SIGPIPE's status, its
# timeline whole (issue 26, item 9)
cat > chatty.c <<'C'
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv)
{
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int i = 0; i < 100000; i++) {
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
      printf("line %d of a long output\n", i);
  }
  MPI_Finalize();
  return 0;
}
C
"$top/wrappers/simcc" -O1 chatty.c -o chatty || exit 1
rm -f run.json
( "$top/wrappers/simrun" -np 4 --timeline=run.json ./chatty 2>err; echo $? >rc ) | head -n 2 >out
rc=$(cat rc)
[ "$rc" = 141 ] || bad "a run piped into head: exit status $rc (want 141): $(head -2 err)"
[ ! -s err ] || bad "a run piped into head prints: $(head -2 err)"
python3 -c 'import json,sys; json.load(open("run.json"))' 2>/dev/null || bad "a run piped into head: run.json is not valid JSON"
[ "$(wc -l <out)" = 2 ] || bad "a run piped into head: head got $(wc -l <out) lines"
# two Ctrl-C 50 ms apart: one stop, one line saying so, the report of where each rank was
rm -f run.json
"$top/wrappers/simrun" -np 6 --timeline=run.json ./rounds >out 2>err &
pid=$!
for t in $(seq 100); do [ -e run.json ] && break; sleep 0.05; done # the program has started
sleep 0.2
kill -INT "$pid"; sleep 0.05; kill -INT "$pid" 2>/dev/null
wait "$pid"
rc=$?
[ "$rc" = 130 ] || bad "two SIGINTs: exit status $rc"
[ "$(grep -c '^simpi: stopped by SIGINT' err)" = 1 ] || bad "two SIGINTs: $(grep -c '^simpi: stopped by SIGINT' err) stop lines: $(head -3 err)"
grep -q '^  rank 0: ' err || bad "two SIGINTs: no report of where the ranks were: $(head -3 err)"
# somebody else's SIGALRM (no --timeout given) is a signal like another, not a time limit
rm -f run.json
"$top/wrappers/simrun" -np 6 --timeline=run.json ./rounds >out 2>err &
pid=$!
for t in $(seq 100); do [ -e run.json ] && break; sleep 0.05; done # the program has started
sleep 0.2
kill -ALRM "$pid"
wait "$pid"
rc=$?
[ "$rc" = 142 ] || bad "an external SIGALRM: exit status $rc (want 142)"
grep -q '^simpi: stopped by SIGALRM' err || bad "an external SIGALRM: $(head -2 err)"
! grep -q 'time limit' err || bad "an external SIGALRM is reported as a time limit: $(head -2 err)"
[ "$killed" -ge 20 ] || bad "only $killed of 40 runs were stopped by the signal: the runs end too soon"
[ "$fail" = 0 ] && echo "ok: 40 signals at random moments ($killed runs stopped) and one at start-up"
exit $fail
