#!/usr/bin/env bash
# Shared-memory windows where ranks share a simulated host: tests/mpi/rma_win
# with two ranks on each of two hosts (its Win_allocate_shared section then
# reads a neighbour's memory with plain loads) gives its reference output.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/wrappers/simcc" -O2 "$top/tests/mpi/rma_win.c" -o "$work/rma_win"
printf 'node-0:2\nnode-1:2\n' > "$work/hosts"
"$top/wrappers/simrun" -q -np 4 -platform "$top/platforms/cluster.xml" -hostfile "$work/hosts" "$work/rma_win" > "$work/out"
diff "$top/tests/mpi/rma_win.out" "$work/out"
echo "ok: shared window among two ranks per host"
