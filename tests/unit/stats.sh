#!/usr/bin/env bash
# --stats: the per-rank table counts the messages and bytes each rank sent and
# splits simulated time into computation and MPI families; the call sites
# table names the receive where the time went, with its source line; the
# critical path has a known length, computation, message count and ranks
# (a fan-in of unequal computations, the ring) and leaves out MPI overheads.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/st.c" <<'C'
#include <mpi.h>
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, buf[100] = {0};
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int i = 0; i < 3; i++)
    if (rank == 0)
      MPI_Send(buf, 100, MPI_INT, 1, 0, MPI_COMM_WORLD);
    else
      MPI_Recv(buf, 100, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* the waiting line */
  MPI_Finalize();
  return 0;
}
C
"$top/wrappers/simcc" "$work/st.c" -o "$work/st"
out=$("$top/wrappers/simrun" -q -np 2 --stats --cfg=smpi/simulate-computation:no "$work/st" 2>&1)
fail=0
want() {
  if grep -Eq -- "$1" <<< "$out"; then echo "ok: $2"; else echo "FAIL: $2 (no line matching $1)"; fail=1; fi
}
want '^  0 +0\.000000 +[0-9.]+ +0\.000000 +[0-9.]+ +3 +1200$' "rank 0 sent 3 messages, 1200 bytes, no computation"
want '^  1 +0\.000000 +0\.000[0-9]*[1-9][0-9]* +0\.000000 +[0-9.]+ +0 +0$' "rank 1 spent its time in point-to-point"
want '^ +0\.000[0-9]*[1-9][0-9]* +3 +MPI_Recv +st\.c:11 ' "the receive line leads the call sites"
printf '%s\n' "$out" | head -3

# The critical path. Rank k computes k+1 ms (injected: exact), then sends to rank 0,
# which receives from 1, 2, 3 in turn: the path is rank 3's 4 ms and its message
# to rank 0, and it spans the whole run.
cat > "$work/cp.c" <<'C'
#include <mpi.h>
#include <smpi/smpi.h>
int main(int argc, char **argv)
{
  int rank, size, x = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  smpi_execute(1e-3 * (rank + 1));
  if (rank)
    MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  else
    for (int i = 1; i < size; i++)
      MPI_Recv(&x, 1, MPI_INT, i, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
C
"$top/wrappers/simcc" "$work/cp.c" -o "$work/cp"
# cp_line OUT: "LENGTH TOTAL COMPUTATION MESSAGES" from the critical path line
cp_line() {
  sed -n 's/^simpi: critical path \([0-9.]*\) s of \([0-9.]*\) s simulated: computation \([0-9.]*\) s, message transfers [0-9.]* s (\([0-9]*\) messages*)$/\1 \2 \3 \4/p' <<< "$1"
}
out=$("$top/wrappers/simrun" -np 4 --stats --cfg=smpi/simulate-computation:no "$work/cp" 2>&1)
read -r len total comp msgs <<< "$(cp_line "$out")"
if [ -n "${len:-}" ] && [ "$len" = "$total" ] && [ "$comp" = 0.004000 ] && [ "$msgs" = 1 ] &&
   awk -v l="$len" 'BEGIN { exit !(l > 0.004 && l < 0.0041) }'; then
  echo "ok: critical path = the simulated time ($len s): rank 3's 4 ms of computation and one message"
else
  echo "FAIL: critical path of cp.c: want the simulated time, 0.004000 s of computation, 1 message"; fail=1
fi
want '^  through 2 ranks: 3 > 0$' "the critical path goes from rank 3 to rank 0"
# a 1 ms overhead per send (smpi/os) is MPI's cost, not on the path: the run is 1 ms longer, the path is not
out=$("$top/wrappers/simrun" -np 4 --stats --cfg=smpi/simulate-computation:no --cfg=smpi/os:0:0.001:0 "$work/cp" 2>&1)
read -r len2 total2 comp2 msgs2 <<< "$(cp_line "$out")"
if [ "${len2:-}" = "$len" ] && awk -v a="$total2" -v b="$total" 'BEGIN { d = a - b - 0.001; exit !(d < 1e-6 && d > -1e-6) }'; then
  echo "ok: with smpi/os 1 ms, the run takes 1 ms more ($total2 s), the critical path is the same ($len2 s)"
else
  echo "FAIL: with smpi/os 1 ms: critical path ${len2:-?} s of ${total2:-?} s (without: $len of $total)"; fail=1
fi
# The ring: each rank waits for the token, so the path is the whole run, through every rank in turn
"$top/wrappers/simcc" "$top/samples/ring.c" -o "$work/ring"
out=$("$top/wrappers/simrun" -np 4 --stats --cfg=smpi/simulate-computation:no "$work/ring" 3 2>&1) # no measured bursts: no noise
read -r len total comp msgs <<< "$(cp_line "$out")"
if [ -n "${len:-}" ] && [ "$msgs" = 12 ] && awk -v l="$len" -v t="$total" 'BEGIN { exit !(t - l <= 1e-6) }'; then
  echo "ok: ring: the critical path is the simulated time ($len of $total s), 12 messages"
else
  echo "FAIL: ring: critical path ${len:-?} s of ${total:-?} s, ${msgs:-?} messages (want the simulated time, 12)"; fail=1
fi
want '^  through 4 ranks: 0 > 1 > 2 > 3 > 0 > 1 > 2 > 3 > 0 > 1 > 2 > 3 > 0$' "ring: the path goes round the ranks three times"
# a run that stops early still gets the statistics of what ran, marked partial: a deadlock, MPI_Abort
cat > "$work/stop.c" <<'C'
#include <mpi.h>
#include <string.h>
int main(int argc, char **argv)
{
  int r, x = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Barrier(MPI_COMM_WORLD);
  if (r == 1 && argc > 1 && !strcmp(argv[1], "abort"))
    MPI_Abort(MPI_COMM_WORLD, 3);
  MPI_Recv(&x, 1, MPI_INT, 1 - r, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
C
"$top/wrappers/simcc" "$work/stop.c" -o "$work/stop"
for how in deadlock abort; do
  out=$("$top/wrappers/simrun" -np 2 --stats "$work/stop" "$how" 2>&1 || true)
  want '^simpi: statistics of what ran \(partial: .*\), in simulated seconds$' "$how: partial statistics"
  want '^ +[0-9.]+ +2  MPI_Barrier ' "$how: the barrier both ranks made is among the call sites"
done
exit $fail
