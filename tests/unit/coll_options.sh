#!/usr/bin/env bash
# Collective options on the command line: simrun --help-coll lists every collective with its
# algorithms and every selector's rules; an unknown algorithm or selector is one line that
# lists the valid names; 'default' is accepted; a forced algorithm that cannot serve a call
# warns once and runs its fallback; --help mentions the options.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
simcc="$top/wrappers/simcc" simrun="$top/wrappers/simrun"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
expect() {
  local want="$1" re="$2"
  shift 2
  local out rc
  out=$("$@" 2>&1)
  rc=$?
  if { [ "$want" = nz ] && [ $rc = 0 ]; } || { [ "$want" != nz ] && [ $rc != "$want" ]; } ||
     ! grep -qE -- "$re" <<< "$out"; then
    echo "FAIL: $* -> status $rc, output:"
    head -5 <<< "$out"
    fail=1
  else
    echo "ok: $* =~ $re"
  fi
}
cd "$work"
cat > ar.c <<'C'
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv)
{
  int rank, v, s;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  v = rank + 1;
  MPI_Allreduce(&v, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(&v, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    printf("sum %d\n", s);
  MPI_Finalize();
  return 0;
}
C
"$simcc" ar.c -o ar || exit 1
help=$("$simrun" --help-coll)
for c in barrier bcast gather gatherv scatter scatterv allgather allgatherv alltoall alltoallv alltoallw \
         reduce allreduce reduce_scatter reduce_scatter_block scan exscan; do
  grep -q "^$c (smpi/$c):" <<< "$help" && echo "ok: --help-coll lists $c" ||
    { echo "FAIL: --help-coll does not list $c"; fail=1; }
done
# every algorithm a selector rule or a fallback names exists for that collective
bad=$(awk '
  /^[a-z_]+ \(smpi\/[a-z_]+\):$/ { coll = $1; section = "algos"; next }
  /^Selectors/ { section = "rules"; next }
  section == "algos" && /^  [a-z_A-Z]+ / { have[coll, $1] = 1 }
  section == "algos" && /needs/ { fb[coll, $NF] = 1 }
  section == "rules" && /^    [a-z_]+( \(bytes:.*\))?:$/ { rc = $1; sub(/:$/, "", rc); next }
  section == "rules" && /->/ { a = $0; sub(/.*-> /, "", a); sub(/ .*/, "", a); want[rc, a] = 1 }
  END {
    for (k in fb) if (!(k in have)) { split(k, p, SUBSEP); print "fallback " p[1] "/" p[2] }
    for (k in want) if (!(k in have)) { split(k, p, SUBSEP); print "rule " p[1] "/" p[2] }
  }' <<< "$help")
[ -z "$bad" ] && echo "ok: every selector rule and fallback names an existing algorithm" ||
  { echo "FAIL: unknown algorithms in --help-coll: $bad"; fail=1; }
expect 0 '^  mpich: MPICH 3' "$simrun" --help-coll
expect 0 '^  ompi: Open MPI 4' "$simrun" --help-coll ./ar
expect 0 "^  smpi: smpirun's default" "$simrun" --help-coll
expect 0 'as smpirun does by default \(smpi\)' "$simrun" --help
expect 0 '^sum 10$' "$simrun" -q -np 4 --cfg=smpi/coll-selector:smpi ./ar
expect 0 'scatter_rdb_allgather' "$simrun" --help-coll
expect 0 '--help-coll' "$simrun" --help
expect 0 'smpi/coll-selector' "$simrun" --help
expect nz "unknown allreduce algorithm 'fast' for --cfg=smpi/allreduce: use rdb, rab, ring, redbcast, redbcast_linear or default" \
  "$simrun" -np 2 --cfg=smpi/allreduce:fast ./ar
expect nz "unknown collective selector 'mvapich2' for --cfg=smpi/coll-selector: use mpich, ompi, smpi or default" \
  "$simrun" -np 2 --cfg=smpi/coll-selector:mvapich2 ./ar
expect nz "unknown collective selector" "$simrun" --help-coll --cfg=smpi/coll-selector:nope
expect 0 '^sum 6$' "$simrun" -q -np 3 --cfg=smpi/allreduce:default ./ar
expect 0 '^sum 10$' "$simrun" -q -np 4 --cfg=smpi/coll-selector:ompi --cfg=smpi/allreduce:ring ./ar
expect 0 '^sum 6$' "$simrun" -q -np 3 --cfg=smpi/allreduce:rdb ./ar
cat > ag.c <<'C'
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv)
{
  int rank, v[3], i;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (i = 0; i < 2; i++)
    MPI_Allgather(&rank, 1, MPI_INT, v, 1, MPI_INT, MPI_COMM_WORLD);
  if (rank == 0)
    printf("%d %d %d\n", v[0], v[1], v[2]);
  MPI_Finalize();
  return 0;
}
C
"$simcc" ag.c -o ag || exit 1
# a forced algorithm that needs a power of two, on 3 ranks: one warning, the fallback runs
out=$("$simrun" -q -np 3 --cfg=smpi/allgather:rdb ./ag 2>&1)
n=$(grep -c "warning: smpi/allgather:rdb needs a power-of-two communicator; using bruck" <<< "$out")
if [ "$n" = 1 ] && grep -q '^0 1 2$' <<< "$out"; then
  echo "ok: one warning for a forced algorithm that cannot serve the call, fallback result right"
else
  echo "FAIL: forced rdb on 3 ranks: $out"
  fail=1
fi
exit $fail
