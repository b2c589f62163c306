#!/usr/bin/env bash
# OTF2 in: traces in Score-P's layout (written by otf2_scorep.c with the OTF2 writer API: its
# header lists the records and attributes) replay to the simulated time of the MPI program they
# describe, run on-line: blocking and nonblocking point-to-point, a Sendrecv, a Testsome that
# finds nothing then two Waitany, a collective on a split communicator, a broadcast; with the
# computation from the timestamps, from a PAPI_FP_OPS counter, or among OpenMP, I/O and user
# records (skipped, one line per kind); Score-P's one-sided records (windows, fences,
# post/start/complete/wait, locks, flushes, an accumulate, a request-based get) replay to the
# time of the program that makes those calls. simpi-trace otf2-to-ti writes the lines the replay
# performs; --otf2-speed scales computation. Bad archives, non-MPI traces and a wrong -np get
# one line and a non-zero status.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
simcc="$top/wrappers/simcc" simrun="$top/wrappers/simrun" tool="$top/wrappers/simpi-trace"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=1; }
simtime() { sed -n 's/^simpi: simulated time \([0-9.]*\) s.*/\1/p' "$1"; }
close() { awk -v a="$1" -v b="$2" 'BEGIN { d = (a - b) / b; if (d < 0) d = -d; exit !(b > 0 && d <= 0.001) }'; }

cc -O1 "$top/tests/unit/otf2_scorep.c" -o otf2_scorep $(pkg-config --cflags --libs otf2) || { echo "FAIL: build otf2_scorep"; exit 1; }
for s in pattern papi extras nompi badref rma; do ./otf2_scorep $s $s || bad "otf2_scorep $s"; done

# the program the traces describe (otf2_scorep.c's pattern), its computation injected
cat > pattern.c <<'C'
#include <mpi.h>
#include <smpi/smpi.h>
int main(int argc, char **argv)
{
  static char a[1 << 20], b[1 << 20];
  int r, idx, outc, ids[2];
  MPI_Request q[2];
  MPI_Comm half, w = MPI_COMM_WORLD;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(w, &r);
  smpi_execute_flops(1e6 * (r + 1));
  if (r == 0) {
    MPI_Send(a, 1 << 20, MPI_BYTE, 1, 5, w);
    MPI_Recv(b, 8, MPI_BYTE, 1, 6, w, MPI_STATUS_IGNORE);
  } else if (r == 1) {
    MPI_Recv(b, 1 << 20, MPI_BYTE, 0, 5, w, MPI_STATUS_IGNORE);
    MPI_Send(a, 8, MPI_BYTE, 0, 6, w);
  } else
    MPI_Sendrecv(a, 100000, MPI_BYTE, 5 - r, 9, b, 100000, MPI_BYTE, 5 - r, 9, w, MPI_STATUS_IGNORE);
  if (r == 0) { /* the Testsome finds nothing: the senders compute first */
    MPI_Irecv(b, 8, MPI_BYTE, 1, 1, w, &q[0]);
    MPI_Irecv(b + 8, 80000, MPI_BYTE, 2, 2, w, &q[1]);
    MPI_Testsome(2, q, &outc, ids, MPI_STATUSES_IGNORE);
    MPI_Waitany(2, q, &idx, MPI_STATUS_IGNORE);
    MPI_Waitany(2, q, &idx, MPI_STATUS_IGNORE);
  } else if (r == 1 || r == 2) {
    smpi_execute_flops(r == 1 ? 2e6 : 5e6);
    MPI_Isend(a, r == 1 ? 8 : 80000, MPI_BYTE, 0, r, w, &q[0]);
    smpi_execute_flops(1e6);
    MPI_Wait(&q[0], MPI_STATUS_IGNORE);
  }
  MPI_Comm_split(w, r % 2, r, &half);
  MPI_Allreduce(a, b, 1000, MPI_DOUBLE, MPI_SUM, half);
  smpi_execute_flops(5e5);
  MPI_Bcast(a, 4096, MPI_BYTE, 0, w);
  MPI_Comm_free(&half);
  MPI_Finalize();
  return 0;
}
C
"$simcc" -O2 pattern.c -o pat || bad "build pattern.c"
# only the injected computation: the traces have no measured bursts
"$simrun" -np 4 --cfg=smpi/simulate-computation:no ./pat 2> on.err >/dev/null || bad "on-line run: $(cat on.err)"
online=$(simtime on.err)

for s in pattern papi extras; do
  "$simrun" --replay=$s/traces.otf2 > $s.out 2> $s.err || { bad "$s: replay failed: $(head -3 $s.err)"; continue; }
  t=$(simtime $s.err)
  close "$t" "$online" && ok "$s: replay $t s, on-line $online s" || bad "$s: replay $t s, on-line $online s"
done
# the skipped records of the extras, one line per kind, summed over the ranks
for want in "5 entries into user regions" "1 OpenMP records" "2 thread records" "3 I/O records" "1 parameter records" \
            "2 events of 1 location that are no MPI rank"; do
  grep -q "^simpi: skipped from the OTF2 trace: $want" extras.err && ok "skip line: $want" || bad "no skip line '$want' in: $(cat extras.err)"
done
[ "$(grep -c '^simpi: skipped' extras.err)" = 6 ] || bad "skip lines: $(grep -c '^simpi: skipped' extras.err), 6 expected"
grep -q "skipped" pattern.err && ! grep -q "OpenMP\|I/O" pattern.err && ok "the plain pattern skips only its user region" ||
  bad "pattern skip lines: $(cat pattern.err)"

# the TI form: the lines the replay performs, and they replay the same
"$tool" otf2-to-ti pattern/traces.otf2 conv.ti 2> conv.err || bad "otf2-to-ti: $(cat conv.err)"
got=$(tr '\n' '|' < conv.ti_files/simpi_rank-1.txt)
want="0 init|0 compute 1000000|0 send 1 5 1048576 6|0 recv 1 6 8 6|0 irecv 1 1 8 6|0 irecv 2 2 80000 6|0 sleep 0.0001|"
want+="0 wait 1 0 1|0 wait 2 0 2|0 comm_split 0 3 0 3|0 allreduce 1000 0 0 comm=3|0 compute 500000|0 bcast 4096 0 6|"
want+="0 comm_free 3|0 finalize|"
[ "$got" = "$want" ] && ok "rank 0's lines" || bad "rank 0's lines: $got"
got=$(tr '\n' '|' < conv.ti_files/simpi_rank-3.txt | cut -d'|' -f3-6)
[ "$got" = "2 irecv 3 9 100000 6|2 isend 3 9 100000 6|2 wait 2 3 9|2 wait 3 2 9" ] &&
  ok "a Sendrecv is both halves, then both waits" || bad "Sendrecv lines: $got"
grep -q "skipped 4 entries into user regions" conv.err && ok "otf2-to-ti says what it skipped" || bad "conv: $(cat conv.err)"
"$simrun" --replay=conv.ti > /dev/null 2> conv.re
close "$(simtime conv.re)" "$online" && ok "the TI form replays the same" || bad "TI form: $(simtime conv.re) s"

# --otf2-speed: computation from timestamps takes 1/RATIO of its time; a counter's flops do not change
"$tool" otf2-to-ti --otf2-speed=2 pattern/traces.otf2 fast.ti 2>/dev/null
grep -q "^0 compute 500000$" fast.ti_files/simpi_rank-1.txt && ok "otf2-to-ti --otf2-speed=2 halves the flops" ||
  bad "--otf2-speed=2: $(head -3 fast.ti_files/simpi_rank-1.txt)"
"$simrun" --otf2-speed=2 --replay=pattern/traces.otf2 2> fast.err >/dev/null
awk -v a="$(simtime fast.err)" -v b="$online" 'BEGIN { exit !(a < b * 0.8) }' &&
  ok "--otf2-speed=2: $(simtime fast.err) s (on-line $online s)" || bad "--otf2-speed=2: $(simtime fast.err) s"
"$simrun" --otf2-speed=2 --replay=papi/traces.otf2 2> papi2.err >/dev/null
close "$(simtime papi2.err)" "$online" && ok "a flops counter is not scaled" || bad "papi at speed 2: $(simtime papi2.err) s"

# one-sided: otf2_scorep's rma scenario is this program's trace
cat > rma.c <<'C'
#include <mpi.h>
#include <smpi/smpi.h>
int main(int argc, char **argv)
{
  static char mem[1 << 16], b[1 << 16];
  int r;
  MPI_Win w;
  MPI_Group all, g;
  MPI_Request q;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  smpi_execute_flops(1e6 * (r + 1));
  MPI_Win_create(mem, sizeof mem, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &w);
  MPI_Win_fence(0, w);
  MPI_Put(b, 8192, MPI_BYTE, (r + 1) % 4, 0, 8192, MPI_BYTE, w);
  smpi_execute_flops(2e5);
  MPI_Win_fence(0, w);
  MPI_Win_get_group(w, &all);
  if (r == 0) {
    int one = 1;
    MPI_Group_incl(all, 1, &one, &g);
    MPI_Win_post(g, 0, w);
    smpi_execute_flops(3e5);
    MPI_Win_wait(w);
    MPI_Group_free(&g);
  } else if (r == 1) {
    int zero = 0;
    MPI_Group_incl(all, 1, &zero, &g);
    MPI_Win_start(g, 0, w);
    MPI_Put(b, 4096, MPI_BYTE, 0, 0, 4096, MPI_BYTE, w);
    MPI_Win_complete(w);
    MPI_Group_free(&g);
  } else if (r == 2) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 3, 0, w);
    MPI_Accumulate(b, 800, MPI_BYTE, 3, 0, 800, MPI_BYTE, MPI_REPLACE, w);
    MPI_Get(b, 1600, MPI_BYTE, 3, 0, 1600, MPI_BYTE, w);
    MPI_Win_flush(3, w);
    smpi_execute_flops(1e5);
    MPI_Win_unlock(3, w);
  } else {
    MPI_Win_lock_all(0, w);
    MPI_Rget(b, 2048, MPI_BYTE, 0, 0, 2048, MPI_BYTE, w, &q);
    smpi_execute_flops(4e5);
    MPI_Wait(&q, MPI_STATUS_IGNORE);
    MPI_Win_unlock_all(w);
  }
  MPI_Group_free(&all);
  MPI_Win_fence(0, w);
  MPI_Win_free(&w);
  MPI_Finalize();
  return 0;
}
C
"$simcc" -O2 rma.c -o rmap || bad "build rma.c"
"$simrun" -np 4 --cfg=smpi/simulate-computation:no ./rmap 2> rma_on.err >/dev/null || bad "rma on-line: $(cat rma_on.err)"
"$simrun" --replay=rma/traces.otf2 > /dev/null 2> rma.err || bad "rma replay: $(head -3 rma.err)"
t=$(simtime rma.err) on=$(simtime rma_on.err)
close "$t" "$on" && ! grep -q 'one-sided' rma.err && ok "Score-P's one-sided records: replay $t s, on-line $on s" ||
  bad "one-sided: replay $t s, on-line $on s: $(cat rma.err)"
"$tool" otf2-to-ti rma/traces.otf2 rma.ti 2> /dev/null
got=$(grep -vE 'init|compute|finalize' rma.ti_files/simpi_rank-3.txt | tr '\n' '|')
want="2 win_create 1 67108864 1 1|2 win_fence 1 0|2 put 1 3 0 8192 6|2 win_fence 1 0|2 win_lock 1 234 3 0|"
want+="2 accumulate 1 3 0 800 6 13|2 get 1 3 0 1600 6|2 win_flush 1 3|2 win_unlock 1 3|2 win_fence 1 0|2 win_free 1|"
[ "$got" = "$want" ] && ok "rank 2's one-sided lines" || bad "rank 2's one-sided lines: $got"
got=$(grep -E 'win_(lock|unlock|start|post|wait|complete)|get|wait' rma.ti_files/simpi_rank-[124].txt | cut -d: -f2 | tr '\n' '|')
want="0 win_post 1 0 1 1|0 win_wait 1|1 win_start 1 0 1 0|1 win_complete 1|"
want+="3 win_lock_all 1 0|3 get 1 0 0 2048 6 req=1|3 wait 0 0 -1|3 win_unlock_all 1|"
[ "$got" = "$want" ] && ok "post/start/complete/wait, lock_all and a request-based get" || bad "one-sided lines: $got"

# refusals: one line, status non-zero, nothing hangs
expect() { # WHAT REGEX simrun-args...
  local what=$1 re=$2
  shift 2
  "$simrun" "$@" > out 2> err
  local rc=$?
  if [ $rc = 0 ]; then bad "$what: status 0"
  elif ! grep -Eq -- "$re" err; then bad "$what: no line matching '$re' in: $(head -3 err)"
  elif LC_ALL=C grep -q '[^[:print:][:space:]]' err || grep -q '^\[OTF2\]' err; then bad "$what: raw output: $(head -3 err | cat -v)"
  else ok "$what: $(head -1 err)"; fi
}
expect "not an MPI trace" "not the trace of an MPI run" --replay=nompi/traces.otf2
expect "-np mismatch" "holds 4 MPI rank\(s\) but -np is 3: replay it with -np 4" -np 3 --replay=pattern/traces.otf2
expect "a missing archive" "'nothere.otf2' not found" --replay=nothere.otf2
printf 'junk\n' > junk.otf2
expect "a file that is no anchor" "'junk.otf2' is not an OTF2 archive's anchor file" --replay=junk.otf2
expect "an unknown communicator" "rank 1, record [0-9]+: communicator 77 has no definition" --replay=badref/traces.otf2
expect "--otf2-speed without OTF2" "--otf2-speed=2 scales the computation of an OTF2 trace" --otf2-speed=2 --replay=conv.ti
expect "a bad ratio" "--otf2-speed=RATIO needs a number above 0" --otf2-speed=0 --replay=pattern/traces.otf2
cp -r pattern cut && head -c 300 pattern/traces/2.evt > cut/traces/2.evt
expect "cut events" "rank 2.*(corrupt|cut short)" --replay=cut/traces.otf2
cp -r pattern garbled && python3 -c '
d = bytearray(open("garbled/traces/1.evt", "rb").read())
for i in range(60, len(d), 7): d[i] ^= 0x5a
open("garbled/traces/1.evt", "wb").write(d)'
expect "garbled events" "rank 1" --replay=garbled/traces.otf2
cp -r pattern nodefs && : > nodefs/traces.def
expect "empty definitions" "traces.otf2': .*(definitions|corrupt)" --replay=nodefs/traces.otf2
"$tool" otf2-to-ti nompi/traces.otf2 x.ti 2> tool.err; rc=$?
[ $rc != 0 ] && [ "$(wc -l < tool.err)" = 1 ] && ok "simpi-trace refuses a non-MPI trace in one line" || bad "simpi-trace nompi: $rc $(cat tool.err)"
exit $fail
