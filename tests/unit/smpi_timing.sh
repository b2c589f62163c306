#!/usr/bin/env bash
# Simulated times against SimGrid's smpirun: the pingpong sample on the same
# platform file gives one-way times within 1% of smpirun's for 1 B, 1 KiB,
# 64 KiB, 1 MiB and 16 MiB (skipped when smpirun is not installed).
set -euo pipefail
. "$(dirname "$0")/against_smpirun.bash"
build_both "$top/samples/pingpong.c" pp
printf 'node-0\nnode-5\n' > "$work/hosts"
args=(-np 2 -platform "$top/platforms/cluster.xml" -hostfile "$work/hosts" --cfg=smpi/simulate-computation:no)
"$top/wrappers/simrun" -q "${args[@]}" "$work/pp" 4 16777216 > "$work/simpi.txt"
smpirun "${args[@]}" --log=root.thres:error "$work/pp_smpi" 4 16777216 > "$work/smpi.txt" 2>/dev/null
fail=0
for size in 1 1024 65536 1048576 16777216; do
  a=$(awk -v s="$size" '$1 == s {print $2}' "$work/simpi.txt")
  b=$(awk -v s="$size" '$1 == s {print $2}' "$work/smpi.txt")
  if [ -z "$a" ] || [ -z "$b" ]; then
    echo "size $size: missing (simpi '$a', smpirun '$b')"
    fail=1
    continue
  fi
  verdict=$(awk -v a="$a" -v b="$b" 'BEGIN{d=(a-b)/b; if (d<0) d=-d; print (d <= 0.01) ? "ok" : "FAIL"}')
  echo "size $size: simpi $a us, smpirun $b us: $verdict"
  [ "$verdict" = ok ] || fail=1
done
exit $fail
