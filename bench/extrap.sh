#!/usr/bin/env bash
# Trace extrapolation (simextrap): accuracy and cost. Each case records the
# program's traces at a few sizes of at most 64 ranks, extrapolates them to
# each target, replays the result, and, for targets up to 4096 ranks, runs the
# program on-line at the target (recording its trace) to compare: the same
# events on every rank (simextrap --check) and the simulated times. 16384
# ranks: extrapolation and replay only. Prints one markdown table row per
# case and target. Costs are CPU seconds (user + system, /usr/bin/time): on a
# machine shared with other work, wall times mostly measure the waiting.
# Usage: bench/extrap.sh [CASES [TARGETS]]
#   CASES: among stencil2d stencil3d rowcol jacobi2d (default all)
#   TARGETS: default "256 1024 4096 16384"
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
simcc="$top/wrappers/simcc" simrun="$top/wrappers/simrun" simextrap="$top/wrappers/simextrap"
cases=${1:-"stencil2d stencil3d rowcol jacobi2d"}
targets=${2:-"256 1024 4096 16384"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
"$simcc" -O2 "$top/tests/extrap/stencil.c" -o stencil
"$simcc" -O2 "$top/tests/extrap/rowcol.c" -o rowcol
"$simcc" -O2 "$top/samples/jacobi2d.c" -o jacobi2d -lm

# the inputs' sizes, the program and its arguments, and whether its computation is injected (exact)
setup() {
  case $1 in
    stencil2d) sizes="16 36 64" cmd=(./stencil 2 0 strong 3840 5) cfg=(--cfg=smpi/simulate-computation:no) ;;
    stencil3d) sizes="27 36 48 64" cmd=(./stencil 3 1 strong 96 5) cfg=(--cfg=smpi/simulate-computation:no) ;;
    rowcol) sizes="16 36 64" cmd=(./rowcol split 1536 5) cfg=(--cfg=smpi/simulate-computation:no) ;;
    jacobi2d) sizes="16 36 64" cmd=(./jacobi2d 3840 5 0) cfg=() ;; # measured computation
  esac
}
simtime() { sed -n 's/^simpi: simulated time \([0-9.]*\) s.*/\1/p' "$1"; }
cpu() { sed -n 's/^cpu \([0-9.]*\) \([0-9.]*\)$/\1 \2/p' "$1" | awk '{ printf "%.2f", $1 + $2 }'; }
timed() { local out=$1; shift; /usr/bin/time -f "cpu %U %S" -a -o "$out" "$@"; }
echo "| program | inputs (ranks) | target | on-line: CPU (s), simulated (s) | simextrap: CPU (s), MB (gzip) | replay: CPU (s), simulated (s) | error | events |"
echo "|---|---|---|---|---|---|---|---|"
for c in $cases; do
  setup "$c"
  ins=()
  for n in $sizes; do
    "$simrun" -q -np "$n" "${cfg[@]}" --trace-ti="$c-$n.ti" "${cmd[@]}" >/dev/null
    ins+=("$c-$n.ti")
  done
  for t in $targets; do
    rm -f ex.err re.err on.err
    timed ex.err "$simextrap" -np "$t" -o "x.ti" --gzip "${ins[@]}" 2>/dev/null
    mb=$(cat x.ti_files/* | wc -c | awk '{ printf "%.1f", $1 / 1e6 }')
    timed re.err "$simrun" --replay=x.ti >/dev/null 2>>re.err
    online="-" err="-" events="-"
    if [ "$t" -le 4096 ]; then
      timed on.err "$simrun" -np "$t" "${cfg[@]}" --trace-ti=on.ti "${cmd[@]}" >/dev/null 2>>on.err
      online="$(cpu on.err), $(simtime on.err)"
      err=$(awk -v a="$(simtime re.err)" -v b="$(simtime on.err)" 'BEGIN { printf "%.2f%%", 100 * (a - b) / b }')
      if "$simextrap" --check on.ti x.ti >check.out; then events=same; else events=differ; fi
      events="$events ($(sed -n 's/^computation: .*(\([0-9.]*%\)); worst.*/flops \1/p' check.out))"
      rm -rf on.ti on.ti_files
    fi
    echo "| $c | ${sizes// /, } | $t | $online | $(cpu ex.err), $mb | $(cpu re.err), $(simtime re.err) | $err | $events |"
    rm -rf x.ti x.ti_files
  done
done
