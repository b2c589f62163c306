#!/usr/bin/env bash
# Partitioned communication in simulated time (tests/unit/part_time.c): between two hosts of
# platforms/cluster.xml, a partition marked ready at time t arrives at t + T, T being the time of one
# ordinary nonblocking message of its size measured in the same run, so that partitions leave as
# they become ready (not at the end); the same for a receive cut into fewer partitions. Polling
# pauses of 1 us (smpi/test) keep MPI_Parrived's view of arrival within 2 us.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/wrappers/simcc" "$top/tests/unit/part_time.c" -o "$work/pt"
printf 'node-0\nnode-5\n' > "$work/hosts"
"$top/wrappers/simrun" -q -np 2 -platform "$top/platforms/cluster.xml" -hostfile "$work/hosts" \
  --cfg=smpi/simulate-computation:no --cfg=smpi/test:1e-6 --cfg=smpi/grow-injected-times:no "$work/pt" > "$work/out"
cat "$work/out"
[ "$(grep -c ': ok$' "$work/out")" = 2 ] && ! grep -q FAIL "$work/out"
