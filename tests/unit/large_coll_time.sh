#!/usr/bin/env bash
# Simulated times of collectives whose counts are above INT_MAX (2^31+16 one-byte elements per
# block, 2 ranks on two hosts of platforms/cluster.xml; unit/large_coll_time.c): Gather_c,
# Scatter_c, Allgather_c, Alltoall_c, their v-forms (MPI_Count counts, MPI_Aint displacements)
# and Alltoallw_c under the smpi selector, Neighbor_allgather_c and Neighbor_alltoall_c on a
# periodic ring of 2, and Allreduce_c by Rabenseifner.
# smpirun (int counts) gives all but the last at 64 MiB and 512 MiB and simpi must match within
# 0.1%; simpi's time at 2^31+16 must lie on the line through its own two smaller ones within
# 1e-6 relative (the network model is linear in the size there). The large run is also recorded
# (--trace-ti) and replayed: the replay's simulated time must equal the on-line one within 0.1%
# (its counts above INT_MAX read back whole). Buffers are SMPI_SHARED_MALLOC'd:
# about 1.5 GB of real memory (Rabenseifner's half-vector scratch on each rank).
# time limit: 180
set -euo pipefail
. "$(dirname "$0")/against_smpirun.bash"
build_both "$top/tests/unit/large_coll_time.c" lct
printf 'node-0\nnode-5\n' > "$work/hosts"
args=(-np 2 -platform "$top/platforms/cluster.xml" -hostfile "$work/hosts" --cfg=smpi/simulate-computation:no)
small=67108864 mid=536870912 big=2147483664
for n in $small $mid; do
  smpirun "${args[@]}" --log=root.thres:error "$work/lct_smpi" $n noreduce >> "$work/smpi.txt" 2>/dev/null
done
sel=(--cfg=smpi/coll-selector:smpi --cfg=smpi/allreduce:rab)
for n in $small $mid; do
  "$top/wrappers/simrun" -q "${args[@]}" "${sel[@]}" "$work/lct" $n >> "$work/simpi.txt"
done
"$top/wrappers/simrun" "${args[@]}" "${sel[@]}" --trace-ti="$work/big.ti" "$work/lct" $big >> "$work/simpi.txt" \
  2> "$work/big.on"
"$top/wrappers/simrun" "${sel[@]}" --replay="$work/big.ti" > /dev/null 2> "$work/big.re"
on=$(sed -n 's/^simpi: simulated time \([0-9.]*\) s.*/\1/p' "$work/big.on")
re=$(sed -n 's/^simpi: simulated time \([0-9.]*\) s.*/\1/p' "$work/big.re")
echo "$big B, every collective: on-line $on s, replay $re s"
awk -v a="$on" -v b="$re" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(a > 0 && d <= 0.001 * a) }' || {
  echo "FAIL: the replay's time differs"; grep -v '^simpi: simulated' "$work/big.re" | head -5; exit 1; }
awk -v small=$small -v mid=$mid -v big=$big '
  NR == FNR { smpi[$1, $2] = $3; next }
  { simpi[$1, $2] = $3; names[$1] = 1 }
  END {
    bad = 0
    for (c in names) {
      for (i = 1; i <= 2; i++) {
        n = i == 1 ? small : mid
        if (!((c, n) in smpi))
          continue
        d = (simpi[c, n] - smpi[c, n]) / smpi[c, n]; if (d < 0) d = -d
        v = d <= 0.001 ? "ok" : "FAIL"; if (v == "FAIL") bad = 1
        printf "%s %.0f B: simpi %.9f s, smpirun %.9f s: %s\n", c, n, simpi[c, n], smpi[c, n], v
      }
      want = simpi[c, small] + (big - small) * (simpi[c, mid] - simpi[c, small]) / (mid - small)
      d = (simpi[c, big] - want) / want; if (d < 0) d = -d
      v = d <= 1e-6 && simpi[c, big] > 0 ? "ok" : "FAIL"; if (v == "FAIL") bad = 1
      printf "%s %.0f B: simpi %.9f s, on the line %.9f s: %s\n", c, big, simpi[c, big], want, v
    }
    exit bad
  }' "$work/smpi.txt" "$work/simpi.txt"
