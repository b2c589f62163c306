#!/usr/bin/env bash
# simextrap: traces of tests/extrap/*.c at a few small sizes, extrapolated to a
# size that also runs on-line, have the same events on every rank as the trace
# recorded there (peers, counts, collectives, communicators: simextrap --check)
# and replay in the on-line simulated time (within 5%; computation is injected
# with smpi_execute_flops, so both are exact here): a 1D halo without topology
# (blocking messages ordered by parity), 2D and 3D Cartesian stencils under
# strong and weak scaling, periodic or not, on targets whose grid has another
# shape than the inputs', and row and column communicators (Comm_split and
# Cart_sub), a loop whose count grows with N (of nonblocking collectives,
# completed by 'wait 0 0 -K' lines); --gzip output has the same events;
# smpirun's traces of the 1D halo extrapolate to simpi's on-line time; computation whose
# exact law is negative at the target gets another law, positive there; measured computation
# of a class that follows another law than the classes sharing its events keeps its own law.
# Programs whose events do not line up are refused with the rank and line
# that break the pattern.
. "$(dirname "$0")/extrap_common.bash"
close() { awk -v a="$1" -v b="$2" 'BEGIN { d = (a - b) / b; if (d < 0) d = -d; exit !(b > 0 && d <= 0.05) }'; }

for p in stencil halo1d rowcol; do "$simcc" -O2 "$top/tests/extrap/$p.c" -o $p || bad "build $p"; done

# case NAME TARGET "SIZES" program args: record at SIZES and TARGET, extrapolate, compare
case_() {
  local name=$1 target=$2 sizes=$3 ins=() n
  shift 3
  for n in $sizes $target; do
    "$simrun" -np "$n" --cfg=smpi/simulate-computation:no --trace-ti="$name-$n.ti" "$@" >/dev/null 2>"$name-$n.on" ||
      { bad "$name: the program failed at $n ranks"; return; }
  done
  for n in $sizes; do ins+=("$name-$n.ti"); done
  "$simextrap" -np "$target" -o "$name-x.ti" "${ins[@]}" 2>"$name.err" || { bad "$name: $(cat "$name.err")"; return; }
  grep -q 'fit no law' "$name.err" && bad "$name: $(cat "$name.err")"
  if "$simextrap" --check "$name-$target.ti" "$name-x.ti" --tolerance=0.01 >"$name.check"; then
    ok "$name ($sizes -> $target ranks): $(head -1 "$name.check")"
  else
    bad "$name ($sizes -> $target ranks): $(head -6 "$name.check")"
  fi
  "$simrun" --replay="$name-x.ti" >/dev/null 2>"$name.re"
  local a b
  a=$(simtime "$name-$target.on") b=$(simtime "$name.re")
  close "$b" "$a" && ok "$name: on-line $a s, extrapolated replay $b s" || bad "$name: on-line $a s, extrapolated replay $b s"
}

case_ halo1d 48 "8 12 16" ./halo1d 1 960000 3
case_ 2d-strong 96 "9 12 16 36" ./stencil 2 0 strong 96 3
case_ 2d-weak-periodic 64 "9 16 25" ./stencil 2 1 weak 32 3
case_ 3d-strong 96 "27 36 48" ./stencil 3 0 strong 48 2
case_ 3d-weak-periodic 64 "27 36 48" ./stencil 3 1 weak 8 2
case_ rows-columns 64 "9 16 36" ./rowcol split 240 3
case_ cart-sub 48 "9 12 16" ./rowcol cartsub 240 3
cat > nbc.c <<'C'
#include <mpi.h>
#include <smpi/smpi.h>
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int n, r;
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  double x[2100] = {0}, y[2100];
  MPI_Request q[3];
  for (int i = 0; i < n / 2; i++) { /* more iterations on more ranks */
    MPI_Iallreduce(x, y, 1000, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &q[0]);
    MPI_Irecv(y + 2000, 100, MPI_DOUBLE, (r + n - 1) % n, 0, MPI_COMM_WORLD, &q[1]);
    MPI_Isend(x + 2000, 100, MPI_DOUBLE, (r + 1) % n, 0, MPI_COMM_WORLD, &q[2]);
    smpi_execute_flops(1.2e6 / n);
    MPI_Waitall(3, q, MPI_STATUSES_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
C
"$simcc" nbc.c -o nbc || bad "build nbc"
# a dimension the program keeps (3 ranks): the inputs' grids follow MPI_Dims_create's rule too, so
# simextrap warns, and --dims gives the target's
for n in 9 12 15 24; do
  "$simrun" -q -np $n --cfg=smpi/simulate-computation:no --trace-ti=kept-$n.ti ./stencil 2 0 weak 16 2 3 >/dev/null
done
"$simextrap" -np 24 -o kept-x.ti kept-{9,12,15}.ti 2>kept.err
grep -q "warning: .* follow MPI_Dims_create's (6x4 not periodic at the target) and .* (8x3 not periodic)" kept.err &&
  "$simextrap" -np 24 --dims=8x3 -o kept-x.ti kept-{9,12,15}.ti 2>/dev/null &&
  "$simextrap" --check kept-24.ti kept-x.ti >/dev/null && ok "two rules fit the inputs' grids: a warning; --dims" ||
  bad "kept dimension: $(cat kept.err)"
case_ nonblocking-loop 40 "8 12 16" ./nbc

# computation whose exact law, 2e6 - 4e5*N^1/2, is negative at the target: another law, positive
cat > shrink.c <<'C'
#include <math.h>
#include <mpi.h>
#include <smpi/smpi.h>
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int n, r;
  double x = 1, y;
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  for (int i = 0; i < 3; i++) {
    smpi_execute_flops(2e6 - 4e5 * sqrt(n));
    MPI_Sendrecv(&x, 1, MPI_DOUBLE, (r + 1) % n, 0, &y, 1, MPI_DOUBLE, (r + n - 1) % n, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
C
"$simcc" shrink.c -o shrink -lm || bad "build shrink"
for n in 8 12 16; do "$simrun" -q -np $n --cfg=smpi/simulate-computation:no --trace-ti=shrink-$n.ti ./shrink; done
"$simextrap" -np 48 -o shrink-x.ti --explain shrink-{8,12,16}.ti >shrink.out 2>&1 &&
  [ "$(grep -c ' compute [1-9]' shrink-x.ti_files/simpi_rank-1.txt)" = 3 ] && ! grep -q 'compute [^;]* -> 0 ' shrink.out &&
  ok "a law negative at the target is rejected: $(grep -m1 'compute ' shrink.out | sed 's/^ *//; s/;.*//')" ||
  bad "negative law: $(grep -m2 'compute ' shrink.out)"

# the report: the grid, the classes, and laws of N and of the grid's dimensions
"$simextrap" -np 96 -o r.ti --explain 2d-strong-{9,12,16,36}.ti >explain.out 2>&1
grep -q '^Target: 96 ranks, grid 12x8 not periodic' explain.out &&
  grep -q '(D0 interior, D1 interior): 1 2 4 16 -> 60$' explain.out &&
  grep -q 'count 96\*(N/D0)^-1 -> 12 (0%, 0%)' explain.out && grep -q 'compute 10\*V -> 960 (0%, 0%), 960 to 960 without one input (+-0%); runner-up a\*N^-1 -> 960 (0%)' explain.out &&
  ok "--explain: grid, classes, laws" || bad "--explain: $(head -20 explain.out)"
grep -q ' even): ' <("$simextrap" -np 48 -o r.ti --explain halo1d-{8,12,16}.ti 2>/dev/null) &&
  ok "the 1D halo's ranks are classed by parity too" || bad "no parity classes for the 1D halo"

"$simextrap" --gzip -np 64 -o z.ti rows-columns-{9,16,36}.ti 2>/dev/null && grep -q 'simpi_rank-1.txt.gz$' z.ti &&
  "$simextrap" --check rows-columns-64.ti z.ti >/dev/null && ok "--gzip: compressed rank files, the same events" ||
  bad "--gzip"
"$simextrap" --help | grep -q '^Usage: simextrap -np N -o OUT.ti' && { "$simextrap" -np 4 x.ti 2>/dev/null; [ $? = 2 ]; } &&
  ok "--help; usage errors exit with 2" || bad "--help or usage"

# traces written by smpirun (no comm_cart or comm= lines; its own spellings) extrapolate too
if command -v smpirun >/dev/null && smpicc -O2 "$top/tests/extrap/halo1d.c" -o halo1d_smpi 2>/dev/null; then
  for n in 8 12 16; do
    smpirun -np $n -platform "$top/platforms/cluster.xml" -trace-ti --cfg=tracing/filename:"$work/smpi-$n.ti" \
      --cfg=smpi/simulate-computation:no --log=root.thres:error ./halo1d_smpi 1 960000 3 >/dev/null 2>&1
  done
  "$simextrap" -np 48 -o smpi-x.ti smpi-{8,12,16}.ti 2>/dev/null && "$simrun" --replay=smpi-x.ti >/dev/null 2>smpi.re
  a=$(simtime halo1d-48.on) b=$(simtime smpi.re)
  close "$b" "$a" && ok "smpirun's traces: extrapolated replay $b s, simpi on-line $a s" ||
    bad "smpirun's traces: extrapolated replay '$b' s, simpi on-line $a s"
fi

# refusals: events that do not line up across sizes, or across ranks of one class
cat > irregular.c <<'C'
#include <mpi.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int r, n, odd = argc > 1 && atoi(argv[1]);
  double x = 1, y;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  for (int i = 0; i < 3; i++) {
    MPI_Sendrecv(&x, 1, MPI_DOUBLE, (r + 1) % n, 0, &y, 1, MPI_DOUBLE, (r + n - 1) % n, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    if (odd ? r == n / 2 : n >= 16) /* one rank, or the larger sizes only */
      MPI_Sendrecv(&x, 1, MPI_DOUBLE, r, 1, &y, 1, MPI_DOUBLE, r, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
C
"$simcc" irregular.c -o irregular || bad "build irregular"
for n in 8 12 16; do
  "$simrun" -q -np $n --trace-ti=irr-$n.ti ./irregular 0 && "$simrun" -q -np $n --trace-ti=one-$n.ti ./irregular 1 ||
    bad "irregular at $n ranks"
done
"$simextrap" -np 32 -o x.ti irr-{8,12,16}.ti >/dev/null 2>irr.err
[ $? = 1 ] && grep -q 'do not do the same at all sizes' irr.err &&
  grep -q "irr-16.ti (16 ranks), rank 0, line [0-9]* of .*: 0 irecv 0 1 1 0$" irr.err &&
  ok "refused: events that do not line up across sizes" || bad "irregular across sizes: $(cat irr.err)"
"$simextrap" -np 32 -o x.ti one-{8,12,16}.ti >/dev/null 2>one.err
[ $? = 1 ] && grep -q 'ranks 2 and 4 are both of class (D0 interior even) but do not do the same' one.err &&
  grep -q "rank 4, line [0-9]* of .*: 4 irecv 4 1 1 0$" one.err &&
  ok "refused: one rank unlike the others of its class" || bad "irregular rank: $(cat one.err)"
same_files() { local f; for f in "$1"/*; do cmp -s "$f" "$2/${f#"$1"/}" || return 1; done; } # DIR1 DIR2: the same files
# recordings of one size given together: their bursts are taken together (injected here, so the
# same trace as from one recording); ones whose events differ are refused, naming the rank
"$simextrap" -np 48 -o once.ti 2d-strong-{9,12,16}.ti 2>/dev/null &&
  "$simextrap" -np 48 -o twice.ti --explain 2d-strong-{9,12,16}.ti 2d-strong-12.ti 2d-strong-9.ti >twice.explain 2>/dev/null &&
  grep -q '2d-strong-12.ti: 12 ranks, .*; 2 recordings, their bursts taken together' twice.explain &&
  same_files once.ti_files twice.ti_files &&
  ok "two recordings of a size: their bursts together, the same trace" || bad "two recordings of a size: $(head -5 twice.explain)"
# a rank slowed through a whole recording (rank 5 of a second 12-rank recording, every burst
# doubled): its bursts are divided by that factor before they are folded (the --smooth trace is
# the one recording's), and each rank at the target draws a factor from the recordings' (some 2)
for n in 9 12 16; do
  "$simrun" -q -np $n --cfg=smpi/simulate-computation:no --trace-ti=w8-$n.ti ./stencil 2 1 weak 32 8 >/dev/null
done
mkdir -p w8-slow.ti_files && cp w8-12.ti_files/* w8-slow.ti_files/ && sed 's/w8-12.ti_files/w8-slow.ti_files/' w8-12.ti >w8-slow.ti &&
  awk '$2 == "compute" { $3 = 2 * $3 } 1' w8-12.ti_files/simpi_rank-6.txt >w8-slow.ti_files/simpi_rank-6.txt
"$simextrap" -np 144 -o one.ti --smooth w8-{9,12,16}.ti 2>/dev/null &&
  "$simextrap" -np 144 -o two.ti --smooth w8-{9,12,16}.ti w8-slow.ti 2>/dev/null &&
  "$simextrap" -np 144 -o drawn.ti --explain w8-{9,12,16}.ti w8-slow.ti >drawn.explain 2>/dev/null &&
  same_files one.ti_files two.ti_files &&
  grep -q '^Ranks slowed through a whole recording, against their quickest one: x1.0[0-9] on average (x1.00 to x2.00)' drawn.explain &&
  k=$(for f in one.ti_files/*; do
    paste <(awk '$2 == "compute" { s += $3 } END { print s }' "$f") \
      <(awk '$2 == "compute" { s += $3 } END { print s }' "drawn.ti_files/${f#one.ti_files/}")
  done | awk '{ r = $2 / $1; n++; if (r > 1.5) hi++; if (r > 0.999 && r < 1.001) one++ } END { print hi + 0, one + 0, n }') &&
  [ "${k%% *}" -ge 1 ] && [ "$(echo "$k" | cut -d' ' -f2)" -gt 100 ] &&
  ok "a rank slowed through a recording: its factor apart; ranks above 1.5x, at 1x, of all at the target: $k" ||
  bad "a rank slowed through a recording: ${k:-?} (ranks above 1.5x, at 1x, all); $(grep -m1 '^Ranks slowed' drawn.explain)"
# Measured computation (noisy values, made here from the injected ones) extrapolated to ranks with
# a data volume 16x smaller than the nearest input's: a warning names the class and the gap (a law
# of V cannot see a change of cache regime); 2.25x smaller, none
for n in 9 12 16; do
  mkdir -p m-$n.ti_files && sed "s/2d-strong-$n.ti_files/m-$n.ti_files/" 2d-strong-$n.ti >m-$n.ti
  for f in 2d-strong-$n.ti_files/*; do
    awk '$2 == "compute" { $3 = $3 * (1 + 0.02 * ((NR * 7) % 5)) } 1' "$f" >"m-$n.ti_files/${f#2d-strong-$n.ti_files/}"
  done
done
"$simextrap" -np 36 -o m36.ti m-{9,12,16}.ti 2>m36.err && "$simextrap" -np 256 -o m256.ti m-{9,12,16}.ti 2>m256.err &&
  ! grep -q 'data volume' m36.err &&
  grep -q 'warning: a rank of class [0-9]* has a data volume V of 36 at the target, 16x smaller than at the nearest input size (576)' m256.err &&
  ok "measured computation far below the inputs' data volume: a warning" ||
  bad "measured computation far below the inputs' data volume: $(cat m36.err m256.err)"
# Measured computation (made so as above) where rank 0 computes 2e6 flops at every size and the
# others 10 a point: its class shares its events with the eight others, whose law of all classes
# together (a*V) misses its inputs by a third; it keeps its own law, the constant
for n in 9 12 16; do
  "$simrun" -np $n --cfg=smpi/simulate-computation:no --trace-ti=p-$n.ti ./stencil 2 1 strong 480 12 >/dev/null 2>&1
  mkdir -p q-$n.ti_files && sed "s/p-$n.ti_files/q-$n.ti_files/" p-$n.ti >q-$n.ti
  for f in p-$n.ti_files/*; do
    awk '$1 == 0 && $2 == "compute" { $3 = 2e6 } $2 == "compute" { $3 = $3 * (1 + 0.02 * ((NR * 7) % 5)) } 1' "$f" \
      >"q-$n.ti_files/${f#p-$n.ti_files/}"
  done
done
"$simextrap" -np 64 -o q64.ti --explain q-{9,12,16}.ti >q64.explain 2>q64.err &&
  k=$(awk '$1 == 0 && $2 == "compute" { s += $3 } END { printf "%.0f", s / 12 }' q64.ti_files/*) &&
  [ "$k" -ge 2000000 ] && [ "$k" -le 2200000 ] &&
  grep -q "compute 2e+06 -> 2000000; its own law: the law of 9 classes together, times this one's ratio to it, misses its inputs by [3-4][0-9]% (a\*V -> " q64.explain &&
  ok "a class off the law of all classes keeps its own: rank 0 computes $k flops an iteration at 64 ranks; --explain says why" ||
  bad "a class off the law of all classes: rank 0 computes ${k:-?} flops an iteration at 64 ranks, not 2e6 to 2.2e6; $(cat q64.err)"
"$simextrap" -np 32 -o x.ti irr-{8,12,16}.ti one-16.ti >/dev/null 2>rep.err
[ $? = 1 ] && grep -q '[a-z]*-16.ti and [a-z]*-16.ti both have 16 ranks, and are taken as recordings of one size, but rank 0 does not do the same in both' rep.err &&
  grep -q "irr-16.ti (16 ranks), rank 0, line [0-9]* of .*: 0 irecv 0 1 1 0$" rep.err &&
  ok "refused: recordings of one size whose events differ" || bad "recordings of one size that differ: $(cat rep.err)"
exit $fail
