#!/usr/bin/env bash
# C++ globals are each rank's own, built by its own run of the program's
# constructors and destroyed at its end (tests/unit/proc_cxx.cpp): the output
# equals MPICH's at 3 ranks, and a --no-privatize run (one set of globals)
# still ends cleanly.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
"$top/wrappers/simcxx" "$top/tests/unit/proc_cxx.cpp" -o simpi
"$top/wrappers/simrun" -q -np 3 ./simpi | LC_ALL=C sort >simpi.out
if command -v mpicxx >/dev/null && command -v mpirun >/dev/null; then
  mpicxx "$top/tests/unit/proc_cxx.cpp" -o mpich
  mpirun -np 3 -outfile-pattern 'mpich.%r' ./mpich
  cat mpich.[0-9]* | LC_ALL=C sort >mpich.out
  diff -u mpich.out simpi.out
fi
grep -c "destructor: 3 entries, label 'a label longer than the small-string buffer of libstdc++ of rank 2'" simpi.out
grep -c "^rank 1: grow 51$" simpi.out
"$top/wrappers/simrun" -q --no-privatize -np 3 ./simpi >shared.out
[ "$(grep -c destructor shared.out)" = 1 ]
