#!/usr/bin/env bash
# The persistent collectives that MPICH 4.0.2 (the reference of the differential
# tests) gets wrong: Gather_init, Scatter_init and Allgather_init. The program is
# tests/mpi/persistent_coll.c built with -DWITH_MPICH_BROKEN, which adds them to
# its cases; it checks its own results, so every line must say ok.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/wrappers/simcc" -DWITH_MPICH_BROKEN -I"$top/tests/mpi" "$top/tests/mpi/persistent_coll.c" -o "$work/pc"
fail=0
for np in 1 2 3 4 7; do
  for sel in mpich ompi; do
    if ! (cd "$work" && "$top/wrappers/simrun" -q -np $np --cfg=smpi/coll-selector:$sel ./pc >out 2>err); then
      echo "FAIL: np $np, $sel selector: exit status $?"; head -5 "$work/err"; fail=1; continue
    fi
    for c in gather_init scatter_init allgather_init; do
      grep -qx "3 rounds of MPI_Start: $c: ok" "$work/out" || { echo "FAIL: np $np, $sel: no ok line for $c"; fail=1; }
    done
    if grep -v ': ok$' "$work/out"; then echo "FAIL: np $np, $sel: the lines above"; fail=1; fi
    [ "$(grep -c ': ok$' "$work/out")" = 23 ] || { echo "FAIL: np $np, $sel: $(grep -c ': ok$' "$work/out") ok lines, 23 expected"; fail=1; }
    if grep -q '^simpi: warning' "$work/err"; then echo "FAIL: np $np, $sel: a diagnostic fired"; head -3 "$work/err"; fail=1; fi
  done
done
[ $fail = 0 ] && echo "ok: gather_init, scatter_init, allgather_init at np 1 2 3 4 7, both selectors"
exit $fail
