#!/usr/bin/env bash
# Simulated time of a message above INT_MAX bytes (2^31+16) between two hosts of
# platforms/cluster.xml, against SimGrid's smpirun, whose sizes are int: smpirun gives
# the times of 64 MiB and 2^31-16 bytes, simpi must match both within 0.1%, and its time
# for 2^31+16 bytes must lie on the line through smpirun's two (the network model is
# linear in the size there) within 1e-6 relative. Peak memory about 4.2 GB (smpirun).
# time limit: 180
set -euo pipefail
. "$(dirname "$0")/against_smpirun.bash"
build_both "$top/tests/unit/large_count_time.c" lt
printf 'node-0\nnode-5\n' > "$work/hosts"
args=(-np 2 -platform "$top/platforms/cluster.xml" -hostfile "$work/hosts" --cfg=smpi/simulate-computation:no)
small=67108864 below=2147483632 above=2147483664
for n in $small $below; do
  smpirun "${args[@]}" --log=root.thres:error "$work/lt_smpi" $n >> "$work/smpi.txt" 2>/dev/null
done
for n in $small $below $above; do
  "$top/wrappers/simrun" -q "${args[@]}" "$work/lt" $n >> "$work/simpi.txt"
done
awk '
  NR == FNR { smpi[$1] = $2; next }
  { simpi[$1] = $2 }
  END {
    bad = 0
    for (n in smpi) {
      d = (simpi[n] - smpi[n]) / smpi[n]; if (d < 0) d = -d
      v = d <= 0.001 ? "ok" : "FAIL"; if (v == "FAIL") bad = 1
      printf "%.0f B: simpi %.9f s, smpirun %.9f s: %s\n", n, simpi[n], smpi[n], v
    }
    split("'"$small $below $above"'", s, " ")
    want = smpi[s[1]] + (s[3] - s[1]) * (smpi[s[2]] - smpi[s[1]]) / (s[2] - s[1])
    d = (simpi[s[3]] - want) / want; if (d < 0) d = -d
    v = d <= 1e-6 ? "ok" : "FAIL"; if (v == "FAIL") bad = 1
    printf "%.0f B: simpi %.9f s, on smpirun'"'"'s line %.9f s: %s\n", s[3], simpi[s[3]], want, v
    exit bad
  }' "$work/smpi.txt" "$work/simpi.txt"
