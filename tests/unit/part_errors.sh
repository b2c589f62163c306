#!/usr/bin/env bash
# Misuses of partitioned communication (tests/unit/part_errors.c, one per case): each ends the run
# with a non-zero status and an error naming the rank, the call, what is wrong and the user's line.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
src="$top/tests/unit/part_errors.c"
fail=0
# check CASE RANK CALL MESSAGE [SIMRUN OPTIONS...]
check() {
  local n=$1 rank=$2 call=$3 msg=$4 line
  shift 4
  line=$(grep -n "/\* case $n \*/" "$src" | cut -d: -f1)
  "$top/wrappers/simcc" -g -DCASE="$n" "$src" -o "$work/pe$n" || { echo "case $n: does not build"; fail=1; return; }
  if (cd "$work" && timeout 60 "$top/wrappers/simrun" -q -np 2 "$@" "./pe$n" >out 2>err); then
    echo "case $n: exit status 0"; fail=1; return
  fi
  for want in "rank $rank: $call" "$msg" "part_errors.c:$line"; do
    grep -qF -- "$want" "$work/err" || { echo "case $n: no '$want' in:"; head -5 "$work/err"; fail=1; return; }
  done
  echo "ok: case $n ($call: $msg)"
}
check 1 0 MPI_Pready "the partitioned send is not active"
check 2 0 MPI_Pready "partition 4 is out of range (the send has 4 partitions)"
check 3 0 MPI_Pready_range "partition 1 is already marked ready"
check 4 0 MPI_Wait "a partitioned send with partitions that MPI_Pready has not marked"
check 5 0 MPI_Request_free "an active partitioned request cannot be freed"
check 6 0 MPI_Psend_init "cannot be recorded in a time-independent trace" --trace-ti="$work/ti"
check 7 1 MPI_Precv_init "the partitioned receive of 36 bytes (3 partitions of 12) does not match the partitioned send of 32 bytes (4 partitions of 8)"
exit $fail
