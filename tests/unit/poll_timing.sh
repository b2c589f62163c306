#!/usr/bin/env bash
# What polling costs: Test, Testany, Testall, Testsome and Iprobe sleep before
# they look, n times smpi/test (smpi/iprobe), n growing while they find
# nothing (smpi/grow-injected-times) and shared by all ranks, per family, as
# in SMPI. poll_time.c prints each sequence's cost in units of 1e-4 s, and
# bench/test_pingpong.c a polling ping-pong's simulated time; the expected
# values below are smpirun 3.32's, and when smpirun is installed its output
# must be the same. With the growth off, every call costs one unit.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/wrappers/simcc" "$top/tests/unit/poll_time.c" -o "$work/pt"
cat > "$work/expected" <<'OUT'
Test       until a message: 1 calls, 1
Testany    until a message: 1 calls, 1
Testall    until a message: 1 calls, 1
Testsome   until a message: 1 calls, 1
Testall of null requests             0
Testsome of null requests            0
Testany of null requests             0
3 failed Iprobe                      6
3 failed Test                        6
3 failed Testany                     6
3 failed Testall                     15
3 failed Testsome                    24
Test of a send to self               10
2 failed Test                        3
Iprobe that finds                    4
2 failed Iprobe                      3
5 failed Iprobe on both ranks at once: 31 and 35
OUT
args=(-np 2 -platform "$top/platforms/cluster.xml" --cfg=smpi/simulate-computation:no)
"$top/wrappers/simrun" -q "${args[@]}" "$work/pt" > "$work/simpi"
diff "$work/expected" "$work/simpi"
"$top/wrappers/simrun" -q "${args[@]}" --cfg=smpi/grow-injected-times:no "$work/pt" > "$work/flat"
grep -q '^3 failed Testsome  *3$' "$work/flat" && grep -q 'at once: 5 and 5$' "$work/flat" ||
  { echo "without growth:"; cat "$work/flat"; exit 1; }
# a ping-pong whose receives poll (the sends are eager: each shows smpirun's
# schedule, whose ties the shared multiplier turns into different times)
"$top/wrappers/simcc" "$top/bench/test_pingpong.c" -o "$work/pp"
for n in 10 200; do "$top/wrappers/simrun" -q "${args[@]}" "$work/pp" $n 1000; done > "$work/pp.simpi"
printf '10 round trips of 1000 bytes: 0.004600 s\n200 round trips of 1000 bytes: 0.102100 s\n' | diff - "$work/pp.simpi"
# the end of run report says when the model's pauses may make much of the
# time: the polling ping-pong above (the pauses before the looks that found
# its messages), not with short pauses
"$top/wrappers/simrun" "${args[@]}" "$work/pp" 200 1000 >/dev/null 2>"$work/pp.err"
grep -q "pauses before looks that found something make up to 0\.0[0-9]* s of rank 1's 0\.102100 s" "$work/pp.err" ||
  { echo "no note on the polling ping-pong:"; cat "$work/pp.err"; exit 1; }
"$top/wrappers/simrun" "${args[@]}" --cfg=smpi/grow-injected-times:no --cfg=smpi/test:1e-7 "$work/pp" 200 1000 \
  >/dev/null 2>"$work/pp0.err"
! grep -q 'note' "$work/pp0.err" || { echo "a note with short pauses:"; cat "$work/pp0.err"; exit 1; }
# a rank that polls for a second: the pauses grow past 100 times smpi/iprobe
cat > "$work/long.c" <<'C'
#include <mpi.h>
#include <smpi/smpi.h>
int main(int argc, char **argv)
{
  int me, flag = 0, v = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  if (me == 0) {
    smpi_execute_flops(1e9);
    MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  } else {
    while (!flag)
      MPI_Iprobe(0, 0, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
C
"$top/wrappers/simcc" "$work/long.c" -o "$work/long"
"$top/wrappers/simrun" "${args[@]}" "$work/long" 2>"$work/long.err"
# n pauses of 1..n units sum past 1 s (10,000 units) at n = 141
grep -q '^simpi: note: .* here up to 0\.014100 s (141 times smpi/test or smpi/iprobe)' "$work/long.err" ||
  { echo "no note on long polling:"; cat "$work/long.err"; exit 1; }
"$top/wrappers/simrun" "${args[@]}" --cfg=smpi/grow-injected-times:no "$work/long" 2>"$work/flat.err"
! grep -q 'note' "$work/flat.err" || { echo "a note without growth:"; cat "$work/flat.err"; exit 1; }
# a pause of 0 would hang a polling loop (SMPI's does): refused
for key in test iprobe; do
  if "$top/wrappers/simrun" "${args[@]}" --cfg=smpi/$key:0 "$work/long" >/dev/null 2>"$work/zero.err" ||
    ! grep -q "smpi/$key:0: the pause must be above 0" "$work/zero.err"; then
    echo "smpi/$key:0 not refused:"; cat "$work/zero.err"; exit 1
  fi
done
if command -v smpirun >/dev/null && command -v smpicc >/dev/null; then
  smpicc "$top/tests/unit/poll_time.c" -o "$work/pt_smpi" 2>/dev/null
  smpirun "${args[@]}" --log=root.thres:error "$work/pt_smpi" > "$work/smpi" 2>/dev/null
  diff "$work/smpi" "$work/simpi"
  smpicc "$top/bench/test_pingpong.c" -o "$work/pp_smpi" 2>/dev/null
  for n in 10 200; do smpirun "${args[@]}" --log=root.thres:error "$work/pp_smpi" $n 1000 2>/dev/null; done |
    diff - "$work/pp.simpi"
  echo "identical to smpirun"
fi
echo ok
