#!/usr/bin/env bash
# Time-independent traces: recording and replay give the same simulated time
# (within 0.1%) for the ring, pingpong, pi and jacobi2d samples, the v-collectives
# and one-sided communication in every synchronisation mode
# (whose lines are SMPI's, and replay in smpirun the same); replaying while
# recording gives the trace back (a fixed point); gzip-compressed files
# replay the same; a trace recorded by smpirun replays; bad traces give
# one-line errors naming the file and line; a trace whose sends and
# receives do not match ends in the deadlock report with the trace lines.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
simcc="$top/wrappers/simcc" simrun="$top/wrappers/simrun"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=1; }
simtime() { sed -n 's/^simpi: simulated time \([0-9.]*\) s.*/\1/p' "$1"; }
close() { awk -v a="$1" -v b="$2" 'BEGIN { d = (a - b) / b; if (d < 0) d = -d; exit !(b > 0 && d <= 0.001) }'; }

for s in ring pingpong pi jacobi2d; do "$simcc" -O2 "$top/samples/$s.c" -o $s -lm || bad "build $s"; done
roundtrip() { # name np args...
  local name=$1 np=$2
  shift 2
  "$simrun" -np "$np" --trace-ti="$work/$name.ti" "./$name" "$@" >/dev/null 2>"$name.on"
  "$simrun" --replay="$work/$name.ti" >/dev/null 2>"$name.re"
  local a b
  a=$(simtime "$name.on") b=$(simtime "$name.re")
  close "$b" "$a" && ok "$name: on-line $a s, replay $b s" || bad "$name: on-line $a s, replay $b s"
}
roundtrip ring 16 200
roundtrip pingpong 2 5 1048576
roundtrip pi 8
# collectives on a Cartesian communicator: comm_split lines and comm=ID suffixes
roundtrip jacobi2d 6 64 50
grep -q ' comm_split 0 [0-9]* [0-9]* 1$' jacobi2d.ti_files/simpi_rank-1.txt &&
  grep -q ' allreduce 1 0 0 comm=1$' jacobi2d.ti_files/simpi_rank-1.txt &&
  ok "sub-communicators are recorded" || bad "no comm_split/comm= lines in the jacobi trace"
# v-collectives (one rank count per rank): SMPI's lines, as smpirun 3.32 writes them for this
# program (probed: the counts of the side that has them, zeros off the root)
cat > vcoll.c <<'C'
#include <mpi.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int r, n;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  int *sc = malloc(4 * n * sizeof(int)), *sd = sc + n, *rc = sd + n, *rd = rc + n;
  for (int i = 0; i < n; i++) { sc[i] = (i + 1) * 10000; sd[i] = 100000 * i; rc[i] = (r + 1) * 10000; rd[i] = 100000 * i; }
  double *a = calloc(100000 * n, 8), *b = calloc(100000 * n, 8);
  MPI_Gatherv(a, (r + 1) * 10000, MPI_DOUBLE, b, sc, sd, MPI_DOUBLE, 1, MPI_COMM_WORLD);
  MPI_Scatterv(a, sc, sd, MPI_DOUBLE, b, (r + 1) * 10000, MPI_DOUBLE, 1, MPI_COMM_WORLD);
  MPI_Allgatherv(a, (r + 1) * 10000, MPI_DOUBLE, b, sc, sd, MPI_DOUBLE, MPI_COMM_WORLD);
  MPI_Alltoallv(a, sc, sd, MPI_DOUBLE, b, rc, rd, MPI_DOUBLE, MPI_COMM_WORLD);
  MPI_Reduce_scatter(a, b, sc, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
C
"$simcc" -O2 vcoll.c -o vcoll || bad "build vcoll"
roundtrip vcoll 3
got=$(grep -v compute vcoll.ti_files/simpi_rank-1.txt | tr '\n' '|')
want="0 init|0 gatherv 10000 0 0 0 1 0 0|0 scatterv 0 0 0 10000 1 0 0|0 allgatherv 10000 10000 20000 30000 0 0|"
want+="0 alltoallv 60000 10000 20000 30000 30000 10000 10000 10000 0 0|0 reducescatter 10000 20000 30000 0 0|0 finalize|"
[ "$got" = "$want" ] && ok "v-collective lines" || bad "v-collective lines: $got"
got=$(grep -v compute vcoll.ti_files/simpi_rank-2.txt | sed -n 2,3p | tr '\n' '|')
[ "$got" = "1 gatherv 20000 10000 20000 30000 1 0 0|1 scatterv 10000 20000 30000 20000 1 0 0|" ] &&
  ok "the root writes its counts" || bad "root lines: $got"
# Scan and Exscan: "scan COUNT COMP TYPE" as smpirun writes them (its replay runs its own
# algorithm, so only the round trip is compared)
cat > scan.c <<'C'
#include <mpi.h>
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  double a[5000] = {0}, b[5000];
  MPI_Scan(a, b, 5000, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Exscan(a, b, 500, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
C
"$simcc" -O2 scan.c -o scan || bad "build scan"
roundtrip scan 5
got=$(grep -v compute scan.ti_files/simpi_rank-3.txt | tr '\n' '|')
[ "$got" = "2 init|2 scan 5000 0 0|2 exscan 500 0 0|2 finalize|" ] && ok "scan lines" || bad "scan lines: $got"
# Waitsome (each completion written once) and Isendrecv (written as irecv, isend and two waits)
cat > waits.c <<'C'
#include <mpi.h>
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int r, n, outc, idx[2], done = 0;
  static double a[20000], b[20000];
  MPI_Request q[2];
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  MPI_Irecv(b, 20000, MPI_DOUBLE, (r + n - 1) % n, 0, MPI_COMM_WORLD, &q[0]);
  MPI_Isend(a, 20000, MPI_DOUBLE, (r + 1) % n, 0, MPI_COMM_WORLD, &q[1]);
  while (done < 2) { MPI_Waitsome(2, q, &outc, idx, MPI_STATUSES_IGNORE); done += outc; }
  MPI_Isendrecv(a, 100, MPI_DOUBLE, (r + 1) % n, 1, b, 100, MPI_DOUBLE, (r + n - 1) % n, 1, MPI_COMM_WORLD, &q[0]);
  MPI_Isendrecv_replace(a, 9000, MPI_DOUBLE, (r + n - 1) % n, 2, (r + 1) % n, 2, MPI_COMM_WORLD, &q[1]);
  MPI_Waitany(2, q, &idx[0], MPI_STATUS_IGNORE);
  MPI_Wait(&q[1 - idx[0]], MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
C
"$simcc" -O2 waits.c -o waits || bad "build waits"
roundtrip waits 3
got=$(grep -c ' wait ' waits.ti_files/simpi_rank-2.txt)
[ "$got" = 6 ] && ok "one wait line per completed half" || bad "$got wait lines, 6 expected"
# one-sided communication (simpi's extension): every synchronisation mode and the atomics
for s in rma_fence rma_pscw rma_lock rma_atomic; do
  "$simcc" -O2 "$top/tests/mpi/$s.c" -o $s || bad "build $s"
  roundtrip $s 4
done
got=$(grep -v compute rma_pscw.ti_files/simpi_rank-2.txt | sed -n 2,8p | tr '\n' '|')
want="1 win_create 1 256 4 1|1 barrier|1 win_post 1 0 1 0|1 win_start 1 0 1 2|1 put 1 2 4 4 1|1 win_complete 1|1 win_test 1|"
[ "$got" = "$want" ] && ok "RMA lines" || bad "RMA lines: $got"
grep -q '^0 get_accumulate 1 0 0 1 4 3$' rma_atomic.ti_files/simpi_rank-1.txt && ok "fetch_and_op line" ||
  bad "no fetch_and_op line"
"$simrun" -q -np 6 --trace-ti="$work/compat.ti" --cfg=tracing/ti-compat:yes ./jacobi2d 64 5 >/dev/null
if cat compat.ti_files/* | grep -q 'comm'; then bad "ti-compat still writes extensions"; else ok "ti-compat sticks to SimGrid's lines"; fi

# the format: SimGrid's lines
first=$(grep -v '^0 compute [0-9]*$' ring.ti_files/simpi_rank-1.txt | head -2 | tr '\n' '|')
[ "$first" = "0 init|0 send 1 0 1024 6|" ] && grep -q '^0 compute [0-9][0-9]*$' ring.ti_files/simpi_rank-1.txt &&
  ok "SimGrid's line format" || bad "format: $first"
[ "$(head -1 ring.ti)" = "$work/ring.ti_files/simpi_rank-1.txt" ] && [ "$(grep -c . ring.ti)" = 16 ] &&
  ok "index lists one file per rank" || bad "index: $(head -2 ring.ti)"

# fixed point
"$simrun" -q --replay="$work/ring.ti" --trace-ti="$work/again.ti"
same=1
for i in $(seq 1 16); do cmp -s "ring.ti_files/simpi_rank-$i.txt" "again.ti_files/simpi_rank-$i.txt" || same=0; done
[ $same = 1 ] && ok "replaying while recording gives the same trace" || bad "fixed point"

# gzip-compressed rank files
mkdir -p gz.ti_files
for i in $(seq 1 16); do gzip -c "ring.ti_files/simpi_rank-$i.txt" > "gz.ti_files/r$i.gz"; echo "gz.ti_files/r$i.gz"; done > gz.ti
"$simrun" --replay="$work/gz.ti" >/dev/null 2>gz.re
[ "$(simtime gz.re)" = "$(simtime ring.re)" ] && ok "gzip-compressed traces" || bad "gz: $(simtime gz.re) vs $(simtime ring.re)"

# a trace written by smpirun
if command -v smpirun >/dev/null && smpicc -O2 "$top/samples/ring.c" -o ring_smpi 2>/dev/null; then
  printf 'node-%d\n' 0 1 2 3 > hosts
  smpirun -np 4 -platform "$top/platforms/cluster.xml" -hostfile hosts -trace-ti --cfg=tracing/filename:"$work/smpi.ti" \
    --log=root.thres:error ./ring_smpi 50 >/dev/null 2>&1
  "$simrun" --replay="$work/smpi.ti" -platform "$top/platforms/cluster.xml" -hostfile hosts >/dev/null 2>smpi.re &&
    [ -n "$(simtime smpi.re)" ] && ok "smpirun's trace replays ($(simtime smpi.re) s)" || bad "smpirun's trace: $(tail -2 smpi.re)"
  # and ours replays under smpirun, with the same simulated time
  "$simrun" -np 4 -platform "$top/platforms/cluster.xml" -hostfile hosts --trace-ti="$work/ours.ti" ./ring 50 \
    >/dev/null 2>ours.on
  smpirun -np 4 -platform "$top/platforms/cluster.xml" -hostfile hosts -replay "$work/ours.ti" \
    --log=root.thres:error --log=smpi_replay.thres:info >ours.smpi 2>&1
  t=$(sed -n 's/.*Simulation time \([0-9.]*\).*/\1/p' ours.smpi)
  [ -n "$t" ] && close "$t" "$(simtime ours.on)" && ok "smpirun replays our trace: $t s, on-line $(simtime ours.on) s" ||
    bad "smpirun replaying our trace: '$t' vs $(simtime ours.on): $(tail -2 ours.smpi)"
  # v-collectives, with the same selector on both sides (but for reduce_scatter: SMPI's mpich
  # selector takes recursive doubling where MPICH, and simpi, halve)
  for sim in simpi smpi; do
    if [ $sim = simpi ]; then
      "$simrun" -np 3 -platform "$top/platforms/cluster.xml" -hostfile hosts --cfg=smpi/coll-selector:mpich \
        --cfg=smpi/reduce_scatter:recursive_halving --replay="$work/vcoll.ti" >/dev/null 2>vcoll.$sim
      t=$(simtime vcoll.$sim)
    else
      smpirun -np 3 -platform "$top/platforms/cluster.xml" -hostfile hosts -replay "$work/vcoll.ti" \
        --cfg=smpi/coll-selector:mpich --cfg=smpi/reduce_scatter:ompi_basic_recursivehalving \
        --cfg=smpi/display-timing:yes >/dev/null 2>vcoll.$sim
      t=$(sed -n 's/.*Simulated time: \([0-9.e-]*\) seconds.*/\1/p' vcoll.$sim)
    fi
    eval "v_$sim=\$t"
  done
  [ -n "$v_smpi" ] && close "$v_simpi" "$v_smpi" && ok "smpirun replays our v-collectives: $v_smpi s, simpi $v_simpi s" ||
    bad "v-collectives replayed: simpi '$v_simpi', smpirun '$v_smpi': $(tail -2 vcoll.smpi)"
else
  echo "SKIP: smpirun not installed"
fi

# bad traces
mkdir -p bad_files
printf 'bad_files/r1.txt\nbad_files/r2.txt\n' > bad.ti
expect_err() { # description regex
  local out
  out=$("$simrun" --replay="$work/bad.ti" 2>&1 >/dev/null)
  local rc=$?
  [ $rc != 0 ] && grep -Eq -- "$2" <<< "$out" && ok "$1" || { bad "$1: status $rc, $out"; }
}
printf '0 init\n0 sned 1 0 10 6\n' > bad_files/r1.txt
printf '1 init\n1 recv 0 0 10 6\n' > bad_files/r2.txt
expect_err "unknown action" "bad_files/r1.txt:2: unknown action 'sned'"
printf '0 init\n0 send 1 zero 10 6\n' > bad_files/r1.txt
expect_err "malformed line" "bad_files/r1.txt:2: expected a number for the tag"
printf '0 init\n0 send 1 0 1048576 6\n' > bad_files/r1.txt
printf '1 init\n1 send 0 0 1048576 6\n' > bad_files/r2.txt
expect_err "mismatched sends end in the deadlock report" "rank 1: in MPI_Send .*replaying .*bad_files/r2.txt:2"
out=$("$simrun" -np 3 --replay="$work/bad.ti" 2>&1) && bad "-np above the index" ||
  { grep -q "lists 2 file(s) but -np is 3" <<< "$out" && ok "index shorter than -np" || bad "index shorter: $out"; }
rm bad_files/r2.txt
out=$("$simrun" --replay="$work/bad.ti" 2>&1) && bad "missing file" ||
  { grep -q "trace file 'bad_files/r2.txt' listed in .* is missing" <<< "$out" && ok "missing file" || bad "missing: $out"; }
exit $fail
