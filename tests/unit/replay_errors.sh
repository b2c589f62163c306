#!/usr/bin/env bash
# Damaged traces and indexes give one clear line and a non-zero status, never
# garbage actions, raw bytes or a deadlock of another rank: corrupt and cut
# gzip files, an empty rank file, a binary rank file or index, an empty
# index, an index with more files than -np, a program given with --replay,
# a trace cut at a line boundary (no finalize), trailing junk after a line's
# fields, and traces of runs that were
# stopped (a signal) or deadlocked, whose replay stops where they stopped.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
"$top/wrappers/simcc" "$top/samples/ring.c" -o ring || exit 1
"$top/wrappers/simcc" "$top/samples/deadlock.c" -o deadlock || exit 1
"$top/wrappers/simrun" -q -np 3 --trace-ti=t.ti ./ring 5 >/dev/null || exit 1
r1=t.ti_files/simpi_rank-1.txt r3=t.ti_files/simpi_rank-3.txt
index() { printf '%s\n' "$r1" "$1" "$r3" > "$2"; }
gzip -c t.ti_files/simpi_rank-2.txt > good.gz
python3 -c 'import sys; d = bytearray(open("good.gz", "rb").read()); d[40] ^= 0xff; d[41] ^= 0x55; open("bad.gz", "wb").write(d)'
head -c 60 good.gz > cut.gz
: > empty.txt
head -c 3000 "$top/src/.libs/libsimpi.so" > binary.txt
head -n 4 t.ti_files/simpi_rank-2.txt > nofinalize.txt
index bad.gz bad.ti; index cut.gz cutgz.ti; index empty.txt empty.ti; index binary.txt binary.ti
index nofinalize.txt nofinalize.ti; index good.gz good.ti
: > none.ti
fail=0
# expect WHAT REGEX simrun-arguments...
expect() {
  local what=$1 re=$2
  shift 2
  "$top/wrappers/simrun" "$@" >out 2>err
  local rc=$?
  if [ "$rc" = 0 ]; then
    echo "FAIL: $what: exit status 0"; fail=1
  elif ! grep -Eq -- "$re" err; then
    echo "FAIL: $what: no line matching '$re' in:"; head -5 err | cat -v; fail=1
  elif grep -q 'MPI_Abort\|deadlock' err || LC_ALL=C grep -q '[^[:print:][:space:]]' err; then
    echo "FAIL: $what: misleading or raw output:"; head -5 err | cat -v; fail=1
  else
    echo "ok: $what: $(head -1 err)"
  fi
}
"$top/wrappers/simrun" -q --replay=good.ti >/dev/null 2>err || { echo "FAIL: a good .gz rank file: $(cat err)"; fail=1; }
expect "corrupt gzip data" "^simpi: bad.gz(:[0-9]+)?: corrupt gzip data" --replay=bad.ti
expect "cut gzip data" "^simpi: cut.gz(:[0-9]+)?: corrupt gzip data \(.*unexpected end of file\)" --replay=cutgz.ti
expect "an empty rank file" "^simpi: empty.txt: the file is empty" --replay=empty.ti
expect "a binary rank file" "^simpi: binary.txt:1: line 1 is not text" --replay=binary.ti
expect "a binary index" "is not a trace index" --replay="$top/src/.libs/libsimpi.so"
expect "an empty index" "the trace index 'none.ti' lists no trace file" --replay=none.ti
expect "fewer ranks than files" "lists 3 file\(s\) but -np is 1: replay it with -np 3" -np 1 --replay=t.ti
expect "a program with --replay" "--replay runs the trace 't.ti' without a program: drop './ring'" --replay=t.ti ./ring
expect "a trace cut at a line boundary" "^simpi: nofinalize.txt:4: the trace ends without a finalize line" --replay=nofinalize.ti
# amounts that are not amounts: negative, NaN or infinite flops replay as nothing else would
for v in -1112 nan inf; do
  mkdir -p "c$v.ti_files"
  sed "s/ compute [0-9]*/ compute $v/" "$r1" > "c$v.ti_files/r1.txt"
  printf '%s\n' "c$v.ti_files/r1.txt" t.ti_files/simpi_rank-2.txt "$r3" > "c$v.ti"
  expect "compute $v" "^simpi: c$v.ti_files/r1.txt:[0-9]+: flops must be a finite number of 0 or more" --replay="c$v.ti"
done
# trailing junk after a line's fields: a damaged line, not a shorter one
junk() { # NAME SED-EXPRESSION ACTION: rank 1's file edited, the line named
  mkdir -p "$1.ti_files"
  sed "$2" "$r1" > "$1.ti_files/r1.txt"
  printf '%s\n' "$1.ti_files/r1.txt" t.ti_files/simpi_rank-2.txt "$r3" > "$1.ti"
  expect "trailing junk on a $3 line" "^simpi: $1.ti_files/r1.txt:[0-9]+: unexpected '$4' after the fields of this $3 line" \
    --replay="$1.ti"
}
junk junk_compute "0,/ compute [0-9.e+]*/s//& 17/" compute 17
junk junk_send "0,/ send [0-9 ]*/s/ send [0-9 ]*[0-9]/& 3/" send 3
junk junk_finalize "s/ finalize$/ finalize now/" finalize now
# a trace whose wait lines were deleted: the replay warns as MPI_Finalize would on-line
cat > nb.c <<'C'
#include <mpi.h>
int main(int argc, char **argv)
{
  int r, x = 1, y;
  MPI_Request q[2];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Irecv(&y, 1, MPI_INT, 1 - r, 0, MPI_COMM_WORLD, &q[0]);
  MPI_Isend(&x, 1, MPI_INT, 1 - r, 0, MPI_COMM_WORLD, &q[1]);
  MPI_Waitall(2, q, MPI_STATUSES_IGNORE);
  MPI_Finalize();
  return 0;
}
C
"$top/wrappers/simcc" nb.c -o nb >/dev/null 2>&1 &&
  "$top/wrappers/simrun" -q -np 2 --trace-ti=nb.ti ./nb >/dev/null 2>&1
if [ -f nb.ti ] && grep -q ' wait' nb.ti_files/simpi_rank-1.txt; then
  sed -i '/ wait/d' nb.ti_files/simpi_rank-1.txt
  "$top/wrappers/simrun" --replay=nb.ti >/dev/null 2>err
  if grep -q "^simpi: warning: nb.ti_files/simpi_rank-1.txt: the trace ends with [0-9]* requests\? that no wait line completes (started on line" err
  then echo "ok: deleted wait lines: $(head -1 err)"
  else echo "FAIL: deleted wait lines: no warning: $(head -2 err)"; fail=1; fi
else
  echo "FAIL: could not record p2p_nonblocking's trace"; fail=1
fi
# a duplicated send line: the report names the trace line, not the replayer's code; a message of
# a terabyte replays (buffers are mapped, not allocated) and takes the model's time
if [ -f nb.ti ]; then
  "$top/wrappers/simrun" -q -np 2 --trace-ti=dup.ti ./nb >/dev/null 2>&1
  sed -i '0,/ isend /{s/\(.* isend .*\)/\1\n\1/}' dup.ti_files/simpi_rank-1.txt
  "$top/wrappers/simrun" --replay=dup.ti >/dev/null 2>err
  if grep -q "sent at dup.ti_files/simpi_rank-1.txt:[0-9]* was never received" err && ! grep -q "replay.c" err
  then echo "ok: a duplicated send line: $(head -1 err)"
  else echo "FAIL: a duplicated send line: $(head -2 err)"; fail=1; fi
  "$top/wrappers/simrun" -q -np 2 --trace-ti=tb.ti ./nb >/dev/null 2>&1
  sed -i 's/\( i[sr][ec][nc][dv] [0-9]* [0-9]*\) 1 /\1 1099511627776 /' tb.ti_files/simpi_rank-*.txt
  if grep -q 1099511627776 tb.ti_files/simpi_rank-1.txt && out=$("$top/wrappers/simrun" --replay=tb.ti 2>&1) &&
     awk -v t="$(sed -n 's/^simpi: simulated time \([0-9.]*\) s.*/\1/p' <<< "$out")" 'BEGIN { exit !(t > 100) }'
  then echo "ok: a message of a terabyte replays: $(tail -1 <<< "$out" | cut -c1-60)"
  else echo "FAIL: a message of a terabyte: $(head -2 <<< "${out:-}")"; fail=1; fi
fi
# an index may name any file: one that is not a trace is said to be so, none of its bytes shown,
# with the index line that named it; blank lines in an index name no file (issue 26, items 8, 13)
printf 'secret line: do not show\nmore\n' > secret.txt
printf '%s\n\n%s\n' "$r1" "$PWD/secret.txt" > secret.ti
expect "an index naming a file that is not a trace" \
  "^simpi: .*secret.txt:1: not a time-independent trace \(line 3 of the index secret.ti names it\)" --replay=secret.ti
! grep -q "do not show" err || { echo "FAIL: the bytes of a file that is not a trace are shown"; fail=1; }
printf '\n%s\n\n%s\n\n%s\n\n' "$r1" "t.ti_files/simpi_rank-2.txt" "$r3" > blanks.ti
if "$top/wrappers/simrun" -q --replay=blanks.ti >/dev/null 2>err; then echo "ok: blank lines in an index name no file"
else echo "FAIL: blank lines in an index: $(head -2 err)"; fail=1; fi
# the traces of deadlocked runs (blocked in Ssend, blocked in Recv): each ends
# with a line that says why; the replay deadlocks at the same calls, or stops
# where the run stopped and says why
"$top/wrappers/simcc" "$top/tests/errors/deadlock.c" -o recv_deadlock || exit 1
for prog in deadlock recv_deadlock; do
  "$top/wrappers/simrun" -q -np 2 --trace-ti=$prog.ti ./$prog >/dev/null 2>&1
  tail -n 1 $prog.ti_files/simpi_rank-1.txt | grep -q '^# stopped: deadlock' ||
    { echo "FAIL: $prog: the trace does not end with why it stopped"; fail=1; }
  "$top/wrappers/simrun" --replay=$prog.ti >out 2>err
  rc=$?
  if [ $rc = 0 ] || ! { grep -q "the recorded run stopped here (deadlock" err ||
                          { grep -q "^simpi: deadlock at" err && grep -q ", replaying " err; }; }; then
    echo "FAIL: $prog: replay of the deadlocked run's trace:"; head -3 err; fail=1
  else
    echo "ok: $prog: the deadlocked run's trace: $(head -1 err)"
  fi
done
exit $fail
