#!/usr/bin/env bash
# simrun --cfg=smpi/coll-selector:smpi against smpirun with no options (SimGrid's own default
# selection): every collective, at a few rank counts and sizes on platforms/cluster.xml, must
# take the same simulated time within 1% (skipped without smpirun). The cases cover each rule
# of the smpi selector: Alltoall's pair (4 ranks, 512 KiB blocks; at other counts below 8
# smpirun aborts there), linear_nb (up to 15 ranks at any size, above from 512 B or 1 KiB; 64
# ranks tell it from simpi's throttled basic_linear), bruck (16 to 63 ranks below 512 B, 64 and
# more below 1 KiB) and pair again (64 ranks, 256 KiB).
set -euo pipefail
. "$(dirname "$0")/against_smpirun.bash"
build_both "$top/tests/unit/coll_time.c" ct
for i in $(seq 0 63); do echo "node-$i"; done > "$work/hosts"
all="barrier bcast reduce allreduce gather gatherv scatter scatterv allgather allgatherv alltoall alltoallv
     alltoallw reduce_scatter reduce_scatter_block scan exscan"
# ranks : sizes (bytes per rank or block, see coll_time.c) : collectives
cases=(
  "2:8,1048576:$all"
  "3:8,2048,65536,1048576:$all"
  "4:8,524288:alltoall"
  "7:8,65536,4194304:$all"
  "8:8,65536,1048576:$all"
  "16:8,448,512,65536,1048576:$all"
  "17:8,4096,262144:$all"
  "32:8,1024,262144:$all"
  "64:8,1016,1024,4096,262144:alltoall alltoallv reduce allgather"
)
fail=0 n=0 same=0
for c in "${cases[@]}"; do
  IFS=: read -r np sizes colls <<< "$c"
  args=(-np "$np" -platform "$top/platforms/cluster.xml" -hostfile "$work/hosts" --cfg=smpi/simulate-computation:no)
  # shellcheck disable=SC2086
  "$top/wrappers/simrun" -q "${args[@]}" --cfg=smpi/coll-selector:smpi "$work/ct" "$sizes" $colls > "$work/simpi.txt"
  # shellcheck disable=SC2086
  smpirun "${args[@]}" --log=root.thres:error "$work/ct_smpi" "$sizes" $colls > "$work/smpi.txt" 2>/dev/null
  while read -r coll size a; do
    b=$(awk -v c="$coll" -v s="$size" '$1 == c && $2 == s {print $3}' "$work/smpi.txt")
    verdict=$(awk -v a="$a" -v b="$b" 'BEGIN { if (b == "") { print "FAIL"; exit } d = (a - b) / b; if (d < 0) d = -d
                                               print (d == 0) ? "identical" : (d <= 0.01) ? "ok" : "FAIL" }')
    printf '%-3s %-21s %8s B: simpi %12.3f us, smpirun %12.3f us: %s\n' "$np" "$coll" "$size" "$a" "${b:-0}" "$verdict"
    n=$((n + 1))
    [ "$verdict" = identical ] && same=$((same + 1))
    [ "$verdict" = FAIL ] && fail=1
  done < "$work/simpi.txt"
done
echo "$n cases, $same identical (all 9 printed decimals of a microsecond)"
exit $fail
