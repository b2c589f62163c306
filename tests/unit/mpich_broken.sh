#!/usr/bin/env bash
# What MPICH 4.0.2 (the reference of the differential tests) gets wrong, checked
# under simpi alone: tests/mpi programs whose cases MPICH fails are compiled in
# only with -DWITH_MPICH_BROKEN (each program's header says which and why). Each
# program checks its own results, so every line must say ok, and there must be
# the expected number of lines (the reference's plus the extra cases).
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
# check NAME EXTRA NPS SIMRUN-OPTION-SETS...: NAME.c (or NAME.f90, preprocessed) built with the
# extra cases, EXTRA more ok lines than NAME.out, at each of NPS with each option set
check() {
  local name=$1 extra=$2 nps=$3 np opts want cc=("$top/wrappers/simcc") src=$top/tests/mpi/$1.c
  shift 3
  [ -e "$src" ] || cc=("$top/wrappers/simfort" -cpp) src=${src%.c}.f90
  want=$(($(wc -l <"$top/tests/mpi/$name.out") + extra))
  if ! (cd "$work" && "${cc[@]}" -DWITH_MPICH_BROKEN -I"$top/tests/mpi" "$src" -o "$work/$name") \
      >"$work/cc.log" 2>&1; then
    echo "FAIL: $name does not build"; head -5 "$work/cc.log"; fail=1; return
  fi
  for np in $nps; do
    for opts in "$@"; do
      # shellcheck disable=SC2086
      if ! (cd "$work" && "$top/wrappers/simrun" -q -np "$np" $opts "./$name" >out 2>err); then
        echo "FAIL: $name, np $np $opts: exit status $?"; head -5 "$work/err"; fail=1; continue
      fi
      if grep -v ': ok$' "$work/out"; then echo "FAIL: $name, np $np $opts: the lines above"; fail=1; fi
      if [ "$(grep -c ': ok$' "$work/out")" != "$want" ]; then
        echo "FAIL: $name, np $np $opts: $(grep -c ': ok$' "$work/out") ok lines, $want expected"; fail=1
      fi
      if grep -q '^simpi: warning' "$work/err"; then
        echo "FAIL: $name, np $np $opts: a diagnostic fired"; head -3 "$work/err"; fail=1
      fi
    done
  done
  [ $fail = 0 ] && echo "ok: $name with its MPICH-broken cases at np $nps"
}
# Gather_init, Scatter_init, Allgather_init
check persistent_coll 3 "1 2 3 4 7" --cfg=smpi/coll-selector:mpich --cfg=smpi/coll-selector:ompi
# Isendrecv statuses, derived types, MPI_PROC_NULL, Request_free
check isendrecv 3 "1 2 3 4 7" ""
# cancelled sends (MPICH cancels none)
check p2p_cancel_send 5 "2" ""
# Type_create_f90_*: MPI_ERR_ARG when no kind fits (MPICH: MPI_ERR_OTHER); Type_free refused (MPICH frees)
check type_f90 3 "2" ""
# Comm_disconnect with requests not completed (MPICH waits forever), of MPI_COMM_WORLD (MPICH frees it)
check comm_disconnect 2 "2 3 4 7" ""
# MPI_REAL16 reductions (MPICH computes on quad values as long double)
check type_real16 1 "2 3" ""
# MPI_COMPLEX32 reductions (MPICH refuses SUM and PROD on it)
check type_complex32 1 "2 3" ""
# Testall over partitioned requests (MPICH fails with MPI_ERR_IN_STATUS)
check partitioned 1 "2 4" ""
# mpi_f08's MPI_File_open of a missing file, with a handler on MPI_FILE_NULL (MPICH crashes half the time)
check f08_errhandler_procs 1 "1 2" ""
exit $fail
