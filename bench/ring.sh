#!/usr/bin/env bash
# Ring benchmark: the ring sample (64 ranks x 2000 laps of 1 KiB by default)
# under simrun and under SimGrid's smpirun, on the same platform file and
# hostfile, in the same run, and the same messages written directly on
# SimGrid's C API (bench/kernel_floor.c: what SimGrid alone pays). Prints wall
# time, peak RSS, simulated time and the ratios. Usage: bench/ring.sh [RANKS [LAPS [BYTES [REPEATS]]]]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
np=${1:-64} laps=${2:-2000} bytes=${3:-1024} reps=${4:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v smpirun >/dev/null || { echo "bench/ring.sh: smpirun not installed (apt-get install libsimgrid-dev)"; exit 1; }
"$top/wrappers/simcc" -O2 "$top/samples/ring.c" -o "$work/ring_simpi"
smpicc -O2 "$top/samples/ring.c" -o "$work/ring_smpi" 2>/dev/null
cc -O2 "$top/bench/kernel_floor.c" -o "$work/kernel_floor" $(pkg-config --cflags --libs simgrid)
# a cluster with exactly np hosts, as the embedded default platform
"$top/bench/cluster_of.sh" "$np" > "$work/platform.xml"
for i in $(seq 0 $((np - 1))); do echo "node-$i"; done > "$work/hosts"
cfg=(--cfg=smpi/host-speed:1Gf)

# runs "$@" and prints "wall_seconds max_rss_kb simulated_seconds"
measure() {
  /usr/bin/time -f "%e %M" -o "$work/time" "$@" > "$work/out" 2> "$work/err"
  local sim
  sim=$(grep -oE '[0-9.]+ s simulated' "$work/out" | head -1 | cut -d' ' -f1)
  echo "$(cat "$work/time") $sim"
}

best() { sort -n | head -1; }
s_walls=() m_walls=() f_walls=()
for r in $(seq "$reps"); do
  read -r sw srss ssim < <(measure "$top/wrappers/simrun" -q -np "$np" -platform "$work/platform.xml" \
      -hostfile "$work/hosts" "${cfg[@]}" "$work/ring_simpi" "$laps" "$bytes")
  read -r mw mrss msim < <(measure smpirun -np "$np" -platform "$work/platform.xml" -hostfile "$work/hosts" \
      "${cfg[@]}" --log=root.thres:error "$work/ring_smpi" "$laps" "$bytes")
  read -r fw frss fsim < <(measure "$work/kernel_floor" "$work/platform.xml" "$np" "$laps" "$bytes" \
      --cfg=network/model:SMPI --log=root.thres:critical)
  s_walls+=("$sw") m_walls+=("$mw") f_walls+=("$fw")
done
sw=$(printf '%s\n' "${s_walls[@]}" | best)
mw=$(printf '%s\n' "${m_walls[@]}" | best)
fw=$(printf '%s\n' "${f_walls[@]}" | best)
msgs=$((np * laps))
printf 'ring: %d ranks x %d laps x %d bytes (%d messages), best of %d runs\n' "$np" "$laps" "$bytes" "$msgs" "$reps"
printf '%-8s %10s %12s %14s %14s\n' tool "wall (s)" "peak RSS MB" "us/message" "simulated (s)"
awk -v w="$sw" -v r="$srss" -v n="$msgs" -v s="$ssim" 'BEGIN{printf "%-8s %10.2f %12.1f %14.2f %14s\n","simrun",w,r/1024,w/n*1e6,s}'
awk -v w="$mw" -v r="$mrss" -v n="$msgs" -v s="$msim" 'BEGIN{printf "%-8s %10.2f %12.1f %14.2f %14s\n","smpirun",w,r/1024,w/n*1e6,s}'
awk -v w="$fw" -v r="$frss" -v n="$msgs" 'BEGIN{printf "%-8s %10.2f %12.1f %14.2f %14s\n","SimGrid",w,r/1024,w/n*1e6,"-"}'
awk -v a="$sw" -v b="$mw" -v ra="$srss" -v rb="$mrss" 'BEGIN{printf "ratio smpirun/simrun: wall %.2fx, peak RSS %.2fx\n", b/a, rb/ra}'
awk -v a="$sw" -v f="$fw" 'BEGIN{printf "ratio simrun/SimGrid alone: wall %.2fx (+%.0f%%)\n", a/f, (a/f-1)*100}'
