#!/usr/bin/env bash
# One-sided counts above INT_MAX (tests/unit/rma_large_count.c): MPI_Put_c, MPI_Get_c and
# MPI_Accumulate_c (BXOR) of 2^31 + 17 bytes between two hosts of platforms/cluster.xml move every
# byte (checked past the INT_MAX boundary), and the put's simulated time lies on the line through
# the times of 64 MiB and 2^31 - 15 bytes (the network model is linear there) within 1e-6 relative.
# Peak memory about 8.5 GB (the window, the origin buffer, the accumulate's two operands); about
# 20 s of wall time.
# time limit: 180
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/wrappers/simcc" -O2 "$top/tests/unit/rma_large_count.c" -o "$work/rlc"
printf 'node-0\nnode-5\n' > "$work/hosts"
"$top/wrappers/simrun" -q -np 2 -platform "$top/platforms/cluster.xml" -hostfile "$work/hosts" \
  --cfg=smpi/simulate-computation:no "$work/rlc" > "$work/out"
cat "$work/out"
[ "$(grep -c ': ok$' "$work/out")" = 3 ]
if grep -q FAIL "$work/out"; then exit 1; fi
awk '$1 == "put" { n[++k] = $2; t[k] = $3 }
  END {
    want = t[1] + (n[3] - n[1]) * (t[2] - t[1]) / (n[2] - n[1])
    d = (t[3] - want) / want; if (d < 0) d = -d
    printf "put of %.0f B: %.9f s, on the line of the two smaller: %.9f s: %s\n", n[3], t[3], want, d <= 1e-6 ? "ok" : "FAIL"
    exit !(k == 3 && d <= 1e-6)
  }' "$work/out"
