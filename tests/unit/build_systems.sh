#!/usr/bin/env bash
# The wrappers as the compilers of build systems: the autotools project of
# tests/projects (CC=simcc CXX=simcxx FC=simfort F77=simfort ./configure) and the
# CMake one (CMAKE_<LANG>_COMPILER; CMake's FindMPI takes the wrappers for MPI
# compilers) build a C, a C++ and a Fortran program (use mpi and mpif.h) that
# run under simrun.
# time limit: 180
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PATH="$top/wrappers:$PATH"
fail=0
expect="C: 4 ranks, sum 6
C++: 4 ranks, sum 6
Fortran: 4 ranks, sum 6"
check() { # name dir
  local got
  got=$(cd "$2" && for p in hello_c hello_cxx hello_f90; do simrun -q -np 4 "./$p"; done 2>&1)
  if [ "$got" = "$expect" ]; then echo "ok: $1"; else echo "FAIL: $1"; echo "$got"; fail=1; fi
}

mkdir "$work/auto"
cp "$top"/tests/projects/autotools/* "$top"/tests/projects/src/* "$work/auto/"
if (cd "$work/auto" && autoreconf -fi && ./configure CC=simcc CXX=simcxx FC=simfort F77=simfort && make) \
  >"$work/auto.log" 2>&1; then
  check "autotools project" "$work/auto"
else
  echo "FAIL: autotools project"; tail -20 "$work/auto.log"; fail=1
fi

if cmake -S "$top/tests/projects/cmake" -B "$work/cmake" -DCMAKE_C_COMPILER=simcc -DCMAKE_CXX_COMPILER=simcxx \
  -DCMAKE_Fortran_COMPILER=simfort >"$work/cmake.log" 2>&1 && make -C "$work/cmake" >>"$work/cmake.log" 2>&1; then
  check "CMake project" "$work/cmake"
else
  echo "FAIL: CMake project"; tail -20 "$work/cmake.log"; fail=1
fi
exit $fail
