#!/usr/bin/env bash
# Simulated times of one-sided communication against SimGrid's smpirun: a
# Put and a Get ping in fence epochs and in exclusive-lock epochs, 8 B to
# 4 MiB, between two hosts of platforms/cluster.xml, must be within 5% of
# smpirun's (skipped when smpirun is not installed). simrun runs smpirun's
# default collective choices (coll-selector:smpi) for the fences' barriers.
set -euo pipefail
. "$(dirname "$0")/against_smpirun.bash"
build_both "$top/tests/unit/rma_time.c" rt
printf 'node-0\nnode-5\n' > "$work/hosts"
args=(-np 2 -platform "$top/platforms/cluster.xml" -hostfile "$work/hosts" --cfg=smpi/simulate-computation:no)
"$top/wrappers/simrun" -q "${args[@]}" --cfg=smpi/coll-selector:smpi "$work/rt" > "$work/simpi.txt"
smpirun "${args[@]}" --log=root.thres:error "$work/rt_smpi" > "$work/smpi.txt" 2>/dev/null
[ "$(wc -l < "$work/simpi.txt")" = 32 ] || { echo "simpi printed $(wc -l < "$work/simpi.txt") lines, not 32"; exit 1; }
paste "$work/simpi.txt" "$work/smpi.txt" | awk '
  $1 != $4 || $2 != $5 { print "line mismatch: " $0; bad = 1; next }
  { d = ($3 - $6) / $6; if (d < 0) d = -d
    v = d <= 0.05 ? "ok" : "FAIL"; if (v == "FAIL") bad = 1
    printf "%-9s %8d B: simpi %10.3f us, smpirun %10.3f us (%.2f%%): %s\n", $1, $2, $3, $6, d * 100, v }
  END { exit bad }'
