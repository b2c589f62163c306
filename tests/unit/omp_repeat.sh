#!/usr/bin/env bash
# Hybrid programs give the same answer every time: each OpenMP test program of tests/mpi
# (omp_*), built as tests/run builds it (its cflags: line), runs 20 times at 3 ranks of 4
# threads, and every run's output equals its reference (tests/mpi/NAME.out, the output MPICH
# gives at every rank and thread count).
# time limit: 600
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
for src in "$top"/tests/mpi/omp_*.c "$top"/tests/mpi/omp_*.cpp "$top"/tests/mpi/omp_*.f90; do
  [ -f "$src" ] || continue
  name=$(basename "${src%.*}")
  case $src in *.cpp) cc=simcxx ;; *.f90) cc=simfort ;; *) cc=simcc ;; esac
  flags=$(sed -nE 's/^[ !*]*cflags: *(.*)$/\1/p' "$src" | head -n 1)
  sort=$(sed -nE 's/^[ !*]*sort: *(.*)$/\1/p' "$src" | head -n 1)
  (cd "$work" && "$top/wrappers/$cc" -g $flags "$src" -o "$work/$name") >"$work/$name.log" 2>&1 || {
    echo "FAIL: $name does not build"
    cat "$work/$name.log"
    fail=1
    continue
  }
  want="$top/tests/mpi/$name.out"
  bad=0
  for run in $(seq 1 20); do
    if ! (cd "$work" && OMP_NUM_THREADS=4 timeout 120 "$top/wrappers/simrun" -q -np 3 "./$name" >"$work/out" 2>"$work/err"); then
      echo "FAIL: $name run $run: exit status $?"
      head -5 "$work/err"
      bad=1
      break
    fi
    if [ "$sort" = yes ]; then LC_ALL=C sort "$work/out" >"$work/got"; LC_ALL=C sort "$want" >"$work/want"
    else cp "$work/out" "$work/got"; cp "$want" "$work/want"; fi
    if ! diff -q "$work/want" "$work/got" >/dev/null; then
      echo "FAIL: $name run $run: output differs from $name.out"
      diff "$work/want" "$work/got" | head -5
      bad=1
      break
    fi
  done
  [ $bad = 0 ] && echo "ok: $name: 20 runs, the same output" || fail=1
done
exit $fail
