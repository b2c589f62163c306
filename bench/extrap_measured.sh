#!/usr/bin/env bash
# Trace extrapolation of measured computation (issue 30): tests/extrap/jacobi.c, whose
# computation is really executed and timed (nothing injected), is recorded three times at
# each of three sizes of at most 64 ranks (the sizes in turn; simextrap takes the recordings
# of one size together), extrapolated by simextrap to each target and replayed; the program
# also runs on-line three times at each target. Prints one markdown row per case and
# target: the on-line runs' median simulated time with their spread (lowest and highest,
# relative to the median), the replay's and its error against that median, the spread of
# the run's computation that simextrap --explain gives (fits leaving one input out); and
# the laws alone, without what load did to the bursts: the --smooth extrapolation's replay
# against the on-line runs' floors (tests/extrap/floor.py: each rank's least burst of each
# kind over its iterations and the three runs), and the median rank's computation there.
# Usage: [SIMEXTRAP=PATH] [ITERS=N] [SIMRUN_OPTS=...] bench/extrap_measured.sh [CASES [TARGETS]]
#   CASES: among jacobi2d-strong jacobi2d-weak jacobi3d-strong jacobi3d-weak (default all)
#   TARGETS: default "256 1024 4096"
#   ITERS: sweeps of each run (default 50, an Allreduce every 5). With 10, a run simulates
#   5 ms, and one stall of the machine's CPU time (bench/cpu_stalls.c: up to milliseconds
#   on a virtual machine) moves a whole on-line run by 20-40%.
#   SIMRUN_OPTS: simrun options of every run and replay, e.g. --cfg=surf/precision:1e-7 (README,
#   "Large runs"), without which a 3D target of 1,024 ranks takes SimGrid's solver many minutes.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
simcc="$top/wrappers/simcc" simrun="$top/wrappers/simrun" simextrap=${SIMEXTRAP:-$top/wrappers/simextrap}
cases=${1:-"jacobi2d-strong jacobi2d-weak jacobi3d-strong jacobi3d-weak"}
targets=${2:-"256 1024 4096"}
iters=${ITERS:-50}
read -r -a opts <<<"${SIMRUN_OPTS:-}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
"$simcc" -O2 "$top/tests/extrap/jacobi.c" -o jacobi -lm

setup() {
  case $1 in
    jacobi2d-strong) sizes="16 36 64" args=(2 1 strong 2048 "$iters" 5) ;;
    jacobi2d-weak) sizes="16 36 64" args=(2 0 weak 128 "$iters" 5) ;;
    jacobi3d-strong) sizes="27 48 64" args=(3 0 strong 160 "$iters" 5) ;;
    jacobi3d-weak) sizes="27 48 64" args=(3 1 weak 24 "$iters" 5) ;;
  esac
}
simtime() { sed -n 's/^simpi: simulated time \([0-9.]*\) s.*/\1/p' "$1"; }
floor="$top/tests/extrap/floor.py"
echo "| program | inputs (ranks) | target | on-line: median (s), lowest, highest | replay (s) | error | computation's spread (simextrap) | floors: on-line, --smooth replay (s), error | median rank's computation |"
echo "|---|---|---|---|---|---|---|---|---|"
for c in $cases; do
  setup "$c"
  ins=()
  for i in 1 2 3; do
    for n in $sizes; do
      "$simrun" "${opts[@]}" -q -np "$n" --trace-ti="$c-$n-$i.ti" ./jacobi "${args[@]}" >/dev/null
      ins+=("$c-$n-$i.ti")
    done
  done
  for t in $targets; do
    "$simextrap" -np "$t" -o x.ti --gzip --explain "${ins[@]}" >explain.out 2>/dev/null
    "$simextrap" -np "$t" -o s.ti --smooth "${ins[@]}" 2>/dev/null
    spread=$(sed -n 's/^Computation at the target: .*(\(-[0-9.e+-]*%, +[0-9.e+-]*%\)).*/\1/p' explain.out)
    "$simrun" "${opts[@]}" --replay=x.ti >/dev/null 2>re.err
    on=()
    for i in 1 2 3; do
      "$simrun" "${opts[@]}" -np "$t" --trace-ti="on-$i.ti" ./jacobi "${args[@]}" >/dev/null 2>on.err
      on+=("$(simtime on.err)")
    done
    python3 "$floor" onf.ti on-{1,2,3}.ti >onf.ranks
    python3 "$floor" sf.ti s.ti >sf.ranks
    "$simrun" "${opts[@]}" --replay=onf.ti >/dev/null 2>onf.err
    "$simrun" "${opts[@]}" --replay=sf.ti >/dev/null 2>sf.err
    med=$(paste onf.ranks sf.ranks | awk '{ print $2 / $1 }' | sort -g | awk '{ r[NR] = $1 } END { printf "%.3f", r[int((NR + 1) / 2)] }')
    printf '%s\n' "${on[@]}" | sort -g | tr '\n' ' ' | awk -v c="$c" -v s="${sizes// /, }" -v t="$t" -v x="$(simtime re.err)" -v sp="$spread" \
      -v fo="$(simtime onf.err)" -v fs="$(simtime sf.err)" -v med="$med" '
      { m = $2; printf "| %s | %s | %d | %.6f, %+.1f%%, %+.1f%% | %.6f | %+.1f%% | %s | %.6f, %.6f, %+.1f%% | %s |\n", c, s, t, m, 100 * ($1 - m) / m, 100 * ($3 - m) / m, x, 100 * (x - m) / m, sp, fo, fs, 100 * (fs - fo) / fo, med }'
    rm -rf x.ti x.ti_files s.ti s.ti_files sf.ti sf.ti_files onf.ti onf.ti_files on-?.ti on-?.ti_files
  done
done
