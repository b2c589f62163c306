#!/usr/bin/env bash
# Trace parsing speed alone (bench/ti_parse.c): records the ring sample on
# RANKS ranks for LAPS laps, then reads its files PASSES times over (so that
# about RANKS x LAPS x 2 x PASSES lines are parsed) with simpi-replay's reader,
# plain and gzip-compressed, and the same with the former way of reading
# (--naive). Prints lines per second, best of REPEATS.
# Usage: bench/ti_parse.sh [RANKS [LAPS [PASSES [REPEATS]]]]   (default 64 20000 4 3)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
np=${1:-64} laps=${2:-20000} passes=${3:-4} reps=${4:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
${CC:-cc} -O2 -I"$top/src/action" "$top/bench/ti_parse.c" "$top/src/action/ti_reader.c" -lz -o "$work/ti_parse"
"$top/wrappers/simcc" -O2 "$top/samples/ring.c" -o "$work/ring"
"$top/wrappers/simrun" -q -np "$np" --trace-ti="$work/ring.ti" "$work/ring" "$laps" 1024 >/dev/null
files=() gz=()
for i in $(seq 1 "$np"); do
  gzip -c "$work/ring.ti_files/simpi_rank-$i.txt" > "$work/ring.ti_files/r$i.gz"
  files+=("$work/ring.ti_files/simpi_rank-$i.txt")
  gz+=("$work/ring.ti_files/r$i.gz")
done
all=() allgz=()
for _ in $(seq "$passes"); do
  all+=("${files[@]}")
  allgz+=("${gz[@]}")
done
echo "ring trace: $np ranks x $laps laps, $(cat "${files[@]}" | wc -l) lines, $(cat "${files[@]}" | wc -c) bytes; read $passes times"
printf 'reader, plain files:    '; "$work/ti_parse" "$reps" "${all[@]}"
printf 'reader, gzip files:     '; "$work/ti_parse" "$reps" "${allgz[@]}"
printf 'former way, plain:      '; "$work/ti_parse" --naive "$reps" "${all[@]}"
printf 'former way, gzip:       '; "$work/ti_parse" --naive "$reps" "${allgz[@]}"
