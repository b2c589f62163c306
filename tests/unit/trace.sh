#!/usr/bin/env bash
# Time-independent traces: recording and replay give the same simulated time
# (within 0.1%) for the ring, pingpong, pi and jacobi2d samples, the v-collectives,
# nonblocking collectives, wildcard receives (deterministic replays) and one-sided
# communication in every synchronisation mode (whose lines are SMPI's, and
# replay in smpirun the same); replaying while
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
# persistent collectives started in another order on every other rank: coll_init/coll_start lines
cat > pcoll.c <<'C'
#include <mpi.h>
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size, a = 1, b = 0, c[64], d[64];
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Request r[3];
  MPI_Allreduce_init(&a, &b, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &r[0]);
  MPI_Bcast_init(c, 64, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &r[1]);
  MPI_Alltoall_init(c, 64 / size, MPI_INT, d, 64 / size, MPI_INT, MPI_COMM_WORLD, MPI_INFO_NULL, &r[2]);
  for (int round = 0; round < 3; round++) {
    for (int k = 0; k < 3; k++)
      MPI_Start(&r[rank % 2 ? 2 - k : k]);
    MPI_Waitall(3, r, MPI_STATUSES_IGNORE);
  }
  for (int k = 0; k < 3; k++)
    MPI_Request_free(&r[k]);
  MPI_Finalize();
  return 0;
}
C
"$simcc" -O2 pcoll.c -o pcoll || bad "build pcoll"
roundtrip pcoll 5
got=$(grep -v compute pcoll.ti_files/simpi_rank-2.txt | sed -n 2,5p | tr '\n' '|')
[ "$got" = "1 coll_init 1 iallreduce 1 0 1|1 coll_init 2 ibcast 64 0 1|1 coll_init 3 ialltoall 12 12 1 1|1 coll_start 3|" ] &&
  ok "persistent collective lines" || bad "persistent collective lines: $got"
grep -q 'pending' pcoll.re && bad "the replay left persistent requests pending" || ok "replayed persistent requests are freed"
# one-sided communication (simpi's extension): every synchronisation mode and the atomics
for s in rma_fence rma_pscw rma_lock rma_atomic; do
  "$simcc" -O2 "$top/tests/mpi/$s.c" -o $s || bad "build $s"
  roundtrip $s 4
done
# a target type whose data begins below its origin (negative lower bound), at the window's end
cat > rma_neglb.c <<'C'
#include <mpi.h>
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, mem[4] = {0}, v[2] = {1, 2}, len = 2;
  MPI_Aint at = -8;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Datatype below;
  MPI_Type_create_hindexed(1, &len, &at, MPI_INT, &below);
  MPI_Type_commit(&below);
  MPI_Win win;
  MPI_Win_create(mem, sizeof mem, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  MPI_Win_fence(0, win);
  MPI_Put(v, 2, MPI_INT, 1 - rank, 4, 1, below, win); /* ints 2 and 3 */
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  MPI_Type_free(&below);
  MPI_Finalize();
  return 0;
}
C
"$simcc" -O2 rma_neglb.c -o rma_neglb || bad "build rma_neglb"
roundtrip rma_neglb 2
grep -q '^0 put 1 1 8 8 ' rma_neglb.ti_files/simpi_rank-1.txt && ok "a negative lower bound is written where its bytes begin" ||
  bad "rma_neglb line: $(grep put rma_neglb.ti_files/simpi_rank-1.txt)"
# a dynamic window's target type whose origin lies before the attached memory, its data in it
cat > rma_dynlb.c <<'C'
#include <mpi.h>
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, mem[4] = {0}, v = 7, len = 1;
  MPI_Aint at = 8, base, peer;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Datatype above;
  MPI_Type_create_hindexed(1, &len, &at, MPI_INT, &above);
  MPI_Type_commit(&above);
  MPI_Win win;
  MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  MPI_Win_attach(win, mem, sizeof mem);
  MPI_Get_address(mem, &base);
  MPI_Sendrecv(&base, 1, MPI_AINT, 1 - rank, 0, &peer, 1, MPI_AINT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Win_fence(0, win);
  MPI_Put(&v, 1, MPI_INT, 1 - rank, peer - 8, 1, above, win); /* into mem[0] */
  MPI_Win_fence(0, win);
  MPI_Win_detach(win, mem);
  MPI_Win_free(&win);
  MPI_Type_free(&above);
  MPI_Finalize();
  return mem[0] != 7;
}
C
"$simcc" -O2 rma_dynlb.c -o rma_dynlb || bad "build rma_dynlb"
roundtrip rma_dynlb 2
grep -q '^0 put 1 1 0 4 .* region=0$' rma_dynlb.ti_files/simpi_rank-1.txt &&
  ok "a dynamic window's line names the region where the data begins" ||
  bad "rma_dynlb line: $(grep put rma_dynlb.ti_files/simpi_rank-1.txt)"
got=$(grep -v compute rma_pscw.ti_files/simpi_rank-2.txt | sed -n 2,8p | tr '\n' '|')
want="1 win_create 1 256 4 1|1 barrier|1 win_post 1 0 1 0|1 win_start 1 0 1 2|1 put 1 2 16 4 1|1 win_complete 1|1 win_test 1|"
[ "$got" = "$want" ] && ok "RMA lines" || bad "RMA lines: $got"
grep -q '^0 get_accumulate 1 0 0 1 4 3$' rma_atomic.ti_files/simpi_rank-1.txt && ok "fetch_and_op line" ||
  bad "no fetch_and_op line"
# request-based RMA: the line says req=K and its wait is "wait 0 0 -K", so that a replay
# computes after the transfer as the program did (written as a plain get, the replay
# overlapped the computation with the transfer: 1 ms shorter here)
cat > rma_rget.c <<'C'
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, n = 1 << 20;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  char *mem = calloc(n, 1), *got = malloc(n);
  MPI_Win win;
  MPI_Win_create(mem, n, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  MPI_Win_lock_all(0, win);
  if (rank == 0) {
    MPI_Request r;
    MPI_Rget(got, n, MPI_CHAR, 1, 0, n, MPI_CHAR, win, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    smpi_execute_flops(1e6);
  }
  MPI_Win_unlock_all(win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
C
"$simcc" -O2 rma_rget.c -o rma_rget || bad "build rma_rget"
roundtrip rma_rget 2
grep -q '^0 get 1 1 0 1048576 2 req=1$' rma_rget.ti_files/simpi_rank-1.txt &&
  grep -q '^0 wait 0 0 -1$' rma_rget.ti_files/simpi_rank-1.txt && ok "an Rget's line and its wait" ||
  bad "rma_rget lines: $(grep -v compute rma_rget.ti_files/simpi_rank-1.txt | tr '\n' '|')"
"$simrun" -q -np 6 --trace-ti="$work/compat.ti" --cfg=tracing/ti-compat:yes ./jacobi2d 64 5 >/dev/null
if cat compat.ti_files/* | grep -q 'comm'; then bad "ti-compat still writes extensions"; else ok "ti-compat sticks to SimGrid's lines"; fi

# nonblocking collectives, Reduce_scatter_block, Alltoallw: SMPI's spelling for the I-forms
# (the blocking line with an i in front, as smpirun 3.32 writes them), each completed by
# "wait 0 0 -K" (K: the rank's K-th nonblocking collective); extensions for the others
cat > nbc.c <<'C'
#include <mpi.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int r, n;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  double *a = calloc(20000 * n, 8), *b = calloc(20000 * n, 8);
  int *c = malloc(3 * n * sizeof(int)), *d = c + n, *e = d + n;
  MPI_Datatype *t = malloc(n * sizeof *t);
  for (int i = 0; i < n; i++) { c[i] = 1000 * (i + 1); e[i] = 1000 * (r + 1); d[i] = 8000 * i; t[i] = MPI_DOUBLE; }
  MPI_Request q[4];
  MPI_Ibcast(a, 20000, MPI_DOUBLE, 1, MPI_COMM_WORLD, &q[0]);
  MPI_Iallreduce(a, b, 20000, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &q[1]);
  MPI_Ibarrier(MPI_COMM_WORLD, &q[2]);
  MPI_Wait(&q[1], MPI_STATUS_IGNORE);
  MPI_Waitall(3, q, MPI_STATUSES_IGNORE);
  MPI_Ireduce_scatter_block(a, b, 3000, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &q[0]);
  MPI_Ialltoallw(a, c, d, t, b, e, d, t, MPI_COMM_WORLD, &q[1]);
  MPI_Waitall(2, q, MPI_STATUSES_IGNORE);
  MPI_Reduce_scatter_block(a, b, 3000, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Alltoallw(a, c, d, t, b, e, d, t, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
C
"$simcc" -O2 nbc.c -o nbc || bad "build nbc"
roundtrip nbc 3
got=$(grep -v compute nbc.ti_files/simpi_rank-2.txt | tr '\n' '|')
want="1 init|1 ibcast 20000 1 0|1 iallreduce 20000 0 0|1 ibarrier|1 wait 0 0 -2|1 wait 0 0 -1|1 wait 0 0 -3|"
want+="1 ireducescatterblock 3000 0 0|1 ialltoallw 48000 8000 16000 24000 48000 16000 16000 16000|1 wait 0 0 -4|"
want+="1 wait 0 0 -5|1 reducescatterblock 3000 0 0|1 alltoallw 48000 8000 16000 24000 48000 16000 16000 16000|1 finalize|"
[ "$got" = "$want" ] && ok "nonblocking collective lines" || bad "nonblocking collective lines: $got"
"$simrun" -q --replay="$work/nbc.ti" --trace-ti="$work/nbc2.ti"
same=1
for i in 1 2 3; do cmp -s "nbc.ti_files/simpi_rank-$i.txt" "nbc2.ti_files/simpi_rank-$i.txt" || same=0; done
[ $same = 1 ] && ok "nonblocking collectives: replaying while recording gives the same trace" || bad "nbc fixed point"
"$simrun" -q -np 3 --trace-ti="$work/nbcc.ti" --cfg=tracing/ti-compat:yes ./nbc >/dev/null
got=$(grep -E 'reducescatter|alltoall' nbcc.ti_files/simpi_rank-2.txt | tr '\n' '|')
want="1 ireducescatter 3000 3000 3000 0 0|1 ialltoallv 48000 8000 16000 24000 48000 16000 16000 16000 6 6|"
want+="1 reducescatter 3000 3000 3000 0 0|1 alltoallv 48000 8000 16000 24000 48000 16000 16000 16000 6 6|"
[ "$got" = "$want" ] && ok "ti-compat: Reduce_scatter_block and Alltoallw as SMPI's lines" || bad "compat lines: $got"

# wildcard receives: the irecv line is written when posted, with SMPI's -333 / -444, and gets
# " src=S tag=T" (the match) when it completes, as its wait line does; the replay posts it
# for that match, so that it is deterministic even where the arrival order would differ
cat > anysrc.c <<'C'
#include <mpi.h>
#include <smpi/smpi.h>
/* the senders' compute times differ by at least 1 ms, so the matches are the same in every run */
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int r, n;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  static double buf[100000];
  for (int round = 0; round < 2; round++)
    if (r == 0) {
      MPI_Request q[16];
      for (int i = 1; i < n; i++)
        MPI_Irecv(buf, 100000, MPI_DOUBLE, MPI_ANY_SOURCE, round ? MPI_ANY_TAG : 5, MPI_COMM_WORLD, &q[i - 1]);
      MPI_Waitall(n - 1, q, MPI_STATUSES_IGNORE);
      for (int i = 1; i < n; i++) {
        MPI_Irecv(buf, 100000, MPI_DOUBLE, MPI_ANY_SOURCE, round ? MPI_ANY_TAG : 6, MPI_COMM_WORLD, &q[0]);
        MPI_Wait(&q[0], MPI_STATUS_IGNORE);
      }
    } else {
      smpi_execute_flops(1e6 * ((r * 3 + round) % n));
      MPI_Send(buf, 1000 * r, MPI_DOUBLE, 0, 5, MPI_COMM_WORLD);
      smpi_execute_flops(2e6 * r);
      MPI_Send(buf, 20000 + r, MPI_DOUBLE, 0, 6, MPI_COMM_WORLD);
    }
  MPI_Finalize();
  return 0;
}
C
"$simcc" -O2 anysrc.c -o anysrc || bad "build anysrc"
roundtrip anysrc 4
got=$(grep -v compute anysrc.ti_files/simpi_rank-1.txt | sed -n 2,9p | tr '\n' '|')
want="0 irecv -333 5 100000 0 src=3|0 irecv -333 5 100000 0 src=2|0 irecv -333 5 100000 0 src=1|"
want+="0 wait -333 0 5 src=3|0 wait -333 0 5 src=2|0 wait -333 0 5 src=1|0 irecv -333 6 100000 0 src=1|0 wait -333 0 6 src=1|"
[ "$got" = "$want" ] && ok "wildcard receives get their match" || bad "wildcard lines: $got"
grep -q '^0 irecv -333 -444 100000 0 src=[1-3] tag=[56]$' anysrc.ti_files/simpi_rank-1.txt &&
  ok "MPI_ANY_TAG as SMPI writes it, with the match" || bad "no irecv -333 -444 ... src= tag= line"
same=1
"$simrun" -q --replay="$work/anysrc.ti" --trace-ti="$work/anysrc2.ti"
"$simrun" -q --replay="$work/anysrc.ti" --trace-ti="$work/anysrc3.ti" -platform "$top/platforms/torus-3d.xml"
for i in 1 2 3 4; do cmp -s "anysrc.ti_files/simpi_rank-$i.txt" "anysrc2.ti_files/simpi_rank-$i.txt" || same=0; done
[ $same = 1 ] && ok "wildcard receives: replaying while recording gives the same trace" || bad "anysrc fixed point"
[ "$(grep -o 'src=[0-9]*' anysrc.ti_files/simpi_rank-1.txt)" = "$(grep -o 'src=[0-9]*' anysrc3.ti_files/simpi_rank-1.txt)" ] &&
  ok "a replay on another platform takes the same matches" || bad "matches differ on torus-3d"
"$simrun" -q -np 4 --trace-ti="$work/anysrcc.ti" --cfg=tracing/ti-compat:yes ./anysrc >/dev/null
if grep -Eq '=|-333|-444' anysrcc.ti_files/*; then bad "ti-compat writes wildcards or src="; else
  grep -q '^0 irecv 3 5 100000 0$' anysrcc.ti_files/simpi_rank-1.txt && grep -q '^0 wait 3 0 5$' anysrcc.ti_files/simpi_rank-1.txt &&
    ok "ti-compat: wildcard receives written with their match" || bad "ti-compat wildcard lines"
fi

# the format: SimGrid's lines
first=$(grep -v -e '^0 compute [0-9]*$' -e '^0 sleep ' ring.ti_files/simpi_rank-1.txt | head -2 | tr '\n' '|')
[ "$first" = "0 init|0 send 1 0 1024 6|" ] && grep -q '^0 compute [0-9][0-9]*$' ring.ti_files/simpi_rank-1.txt &&
  ok "SimGrid's line format" || bad "format: $first"
[ "$(head -1 ring.ti)" = "$work/ring.ti_files/simpi_rank-1.txt" ] && [ "$(grep -c . ring.ti)" = 16 ] &&
  ok "index lists one file per rank" || bad "index: $(head -2 ring.ti)"

# fixed point
"$simrun" -q --replay="$work/ring.ti" --trace-ti="$work/again.ti"
same=1
for i in $(seq 1 16); do cmp -s "ring.ti_files/simpi_rank-$i.txt" "again.ti_files/simpi_rank-$i.txt" || same=0; done
[ $same = 1 ] && ok "replaying while recording gives the same trace" || bad "fixed point"
# and so do windows of every flavor (dynamic ones too) and intercommunicators
for s in rma_win comm_inter_coll comm_inter_more persistent_coll; do
  [ -x $s ] || "$simcc" -O2 "$top/tests/mpi/$s.c" -o $s || bad "build $s"
  np=$(grep -m1 'np:' "$top/tests/mpi/$s.c" | awk '{print $NF}') # the most ranks it lists
  "$simrun" -q -np "$np" --trace-ti="$work/$s.fp1" ./$s > /dev/null
  "$simrun" -q -np "$np" --replay="$work/$s.fp1" --trace-ti="$work/$s.fp2"
  same=1
  for i in $(seq 1 "$np"); do cmp -s "$s.fp1_files/simpi_rank-$i.txt" "$s.fp2_files/simpi_rank-$i.txt" || same=0; done
  [ $same = 1 ] && ok "$s: replaying while recording gives the same trace" || bad "$s fixed point"
done

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
  # selector takes recursive doubling where MPICH, and simpi, halve); recorded without the
  # measured computation, which varies from run to run and which the two simulators' algorithms
  # overlap differently (up to 1% apart with a 175 us burst)
  "$simrun" -q -np 3 --cfg=smpi/simulate-computation:no --trace-ti="$work/vcoll_nc.ti" ./vcoll
  for sim in simpi smpi; do
    if [ $sim = simpi ]; then
      "$simrun" -np 3 -platform "$top/platforms/cluster.xml" -hostfile hosts --cfg=smpi/coll-selector:mpich \
        --cfg=smpi/reduce_scatter:recursive_halving --replay="$work/vcoll_nc.ti" >/dev/null 2>vcoll.$sim
      t=$(simtime vcoll.$sim)
    else
      smpirun -np 3 -platform "$top/platforms/cluster.xml" -hostfile hosts -replay "$work/vcoll_nc.ti" \
        --cfg=smpi/coll-selector:mpich --cfg=smpi/reduce_scatter:ompi_basic_recursivehalving \
        --cfg=smpi/display-timing:yes >/dev/null 2>vcoll.$sim
      t=$(sed -n 's/.*Simulated time: \([0-9.e-]*\) seconds.*/\1/p' vcoll.$sim)
    fi
    eval "v_$sim=\$t"
  done
  [ -n "$v_smpi" ] && close "$v_simpi" "$v_smpi" && ok "smpirun replays our v-collectives: $v_smpi s, simpi $v_simpi s" ||
    bad "v-collectives replayed: simpi '$v_simpi', smpirun '$v_smpi': $(tail -2 vcoll.smpi)"
  # wildcard receives in ti-compat replay in smpirun with the on-line time (smpirun cannot
  # replay the -333 of its own traces: it waits for a rank of that number)
  "$simrun" -np 4 -platform "$top/platforms/cluster.xml" -hostfile hosts --trace-ti="$work/anyc.ti" \
    --cfg=tracing/ti-compat:yes ./anysrc >/dev/null 2>anyc.re
  smpirun -np 4 -platform "$top/platforms/cluster.xml" -hostfile hosts -replay "$work/anyc.ti" \
    --log=root.thres:error --log=smpi_replay.thres:info >anyc.smpi 2>&1
  t=$(sed -n 's/.*Simulation time \([0-9.]*\).*/\1/p' anyc.smpi)
  [ -n "$t" ] && close "$t" "$(simtime anyc.re)" && ok "smpirun replays wildcard receives in ti-compat: $t s, simpi $(simtime anyc.re) s" ||
    bad "smpirun on wildcard receives: '$t' vs $(simtime anyc.re): $(tail -2 anyc.smpi)"
  # smpirun writes MPI_Sendrecv as one sendRecv line: it replays here as there
  cat > sr.c <<'C'
#include <mpi.h>
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int r, n;
  static double a[20000], b[20000];
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  for (int i = 0; i < 10; i++)
    MPI_Sendrecv(a, 1000 * (i + 1), MPI_DOUBLE, (r + 1) % n, 0, b, 20000, MPI_DOUBLE, (r + n - 1) % n, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
C
  if smpicc -O2 sr.c -o sr_smpi 2>/dev/null; then
    smpirun -np 4 -platform "$top/platforms/cluster.xml" -hostfile hosts -trace-ti --cfg=tracing/filename:"$work/sr.ti" \
      --log=root.thres:error ./sr_smpi >/dev/null 2>&1
    "$simrun" --replay="$work/sr.ti" -platform "$top/platforms/cluster.xml" -hostfile hosts >/dev/null 2>sr.re
    smpirun -np 4 -platform "$top/platforms/cluster.xml" -hostfile hosts -replay "$work/sr.ti" \
      --log=root.thres:error --log=smpi_replay.thres:info >sr.smpi 2>&1
    t=$(sed -n 's/.*Simulation time \([0-9.]*\).*/\1/p' sr.smpi)
    grep -q ' sendRecv ' sr.ti_files/*rank-1.txt && [ -n "$t" ] && close "$(simtime sr.re)" "$t" &&
      ok "smpirun's sendRecv lines replay: $(simtime sr.re) s, smpirun $t s" ||
      bad "sendRecv: simpi '$(simtime sr.re)', smpirun '$t': $(tail -2 sr.re)"
  fi
  # smpirun's own trace of nonblocking collectives (which smpirun cannot replay) replays here
  if smpicc -O2 nbc.c -o nbc_smpi 2>/dev/null; then
    smpirun -np 3 -platform "$top/platforms/cluster.xml" -hostfile hosts -trace-ti \
      --cfg=tracing/filename:"$work/nbcs.ti" --log=root.thres:error ./nbc_smpi >/dev/null 2>&1
    grep -q '^1 ibcast 20000 1 0' nbcs.ti_files/*rank-2.txt &&
      "$simrun" --replay="$work/nbcs.ti" -platform "$top/platforms/cluster.xml" -hostfile hosts >/dev/null 2>nbcs.re &&
      [ -n "$(simtime nbcs.re)" ] && ok "smpirun's trace of nonblocking collectives replays ($(simtime nbcs.re) s)" ||
      bad "smpirun's nbc trace: $(tail -2 nbcs.re)"
  fi
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
printf '0 init\n0 bcast 10 7 0\n' > bad_files/r1.txt
printf '1 init\n1 bcast 10 7 0\n' > bad_files/r2.txt
expect_err "an MPI error names the line and its action" "bad_files/r1.txt:2: bcast: MPI_ERR_ROOT"
printf '0 init\n0 send 1 0 1048576 6\n' > bad_files/r1.txt
printf '1 init\n1 send 0 0 1048576 6\n' > bad_files/r2.txt
expect_err "mismatched sends end in the deadlock report" "rank 1: in MPI_Send(_c)? .*replaying .*bad_files/r2.txt:2"
out=$("$simrun" -np 3 --replay="$work/bad.ti" 2>&1) && bad "-np above the index" ||
  { grep -q "lists 2 file(s) but -np is 3" <<< "$out" && ok "index shorter than -np" || bad "index shorter: $out"; }
rm bad_files/r2.txt
out=$("$simrun" --replay="$work/bad.ti" 2>&1) && bad "missing file" ||
  { grep -q "trace file 'bad_files/r2.txt' listed in .* is missing" <<< "$out" && ok "missing file" || bad "missing: $out"; }
exit $fail
