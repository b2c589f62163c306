#!/usr/bin/env bash
# The embedded default platform's backbone grows with the cluster beyond 64
# hosts (100 Gbit/s per 64 hosts): 64 simultaneous 1 MiB transfers across it
# take at 128 ranks what they take on bench/cluster_of.sh's 128-host file
# (and under smpirun on that file, when installed: the same cluster), about
# half what they take behind one 100 Gbit/s backbone; at 64 ranks the default
# is platforms/cluster.xml itself.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
"$top/wrappers/simcc" -O2 "$top/tests/unit/default_backbone.c" -o cross
nocomp=--cfg=smpi/simulate-computation:no
"$top/bench/cluster_of.sh" 128 > grown.xml
sed 's/radical="0-63"/radical="0-127"/' "$top/platforms/cluster.xml" > fixed.xml
embedded=$("$top/wrappers/simrun" -q -np 128 $nocomp ./cross)
grown=$("$top/wrappers/simrun" -q -np 128 -platform grown.xml $nocomp ./cross)
fixed=$("$top/wrappers/simrun" -q -np 128 -platform fixed.xml $nocomp ./cross)
at64=$("$top/wrappers/simrun" -q -np 64 $nocomp ./cross)
file64=$("$top/wrappers/simrun" -q -np 64 -platform "$top/platforms/cluster.xml" $nocomp ./cross)
echo "128 ranks: embedded $embedded s, grown file $grown s, one 100 Gbit/s backbone $fixed s; 64 ranks: $at64 s, cluster.xml $file64 s"
[ "$embedded" = "$grown" ]
[ "$at64" = "$file64" ]
awk -v a="$embedded" -v b="$fixed" 'BEGIN { exit !(b > 1.8 * a && b < 2.2 * a) }'
if command -v smpirun >/dev/null && smpicc -O2 "$top/tests/unit/default_backbone.c" -o cross_smpi 2>/dev/null; then
  theirs=$(smpirun -np 128 -platform grown.xml $nocomp --log=root.thres:error ./cross_smpi 2>/dev/null)
  echo "smpirun on the grown file: $theirs s"
  awk -v a="$embedded" -v b="$theirs" 'BEGIN { d = (a - b) / b; if (d < 0) d = -d; exit !(d < 0.01) }'
fi
