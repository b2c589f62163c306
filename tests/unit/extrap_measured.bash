# Sourced by the unit tests of simextrap on measured computation (not a test itself):
# tests/extrap/jacobi.c, whose computation is really executed and timed, is recorded at a
# few sizes and extrapolated to larger ones; defines measured NAME "SIZES"
# "TARGETS" ARGS..., which requires at each target: the same events as an on-line run
# there (simextrap --check), on every rank half or more as many bursts of 10,000 flops or
# more as on-line (none written as 0), and the
# extrapolated replay's simulated time within 10% of the median of three on-line runs.
set -uo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
simcc="$top/wrappers/simcc" simrun="$top/wrappers/simrun" simextrap="$top/wrappers/simextrap"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=1; }
simtime() { sed -n 's/^simpi: simulated time \([0-9.]*\) s.*/\1/p' "$1"; }
# kept ON X: the lowest ratio, over the ranks, of X's bursts of 10,000 flops or more to
# those of on-line trace ON (a law written as 0 takes a context's away from its ranks; a
# rare long burst on-line where the inputs had none, an interruption, is not a law's)
kept() {
  local f
  for f in "$1"_files/*; do
    echo "$(grep -c ' compute [1-9][0-9]\{4,\}' "$f") $(grep -c ' compute [1-9][0-9]\{4,\}' "$2_files/$(basename "$f")")"
  done | awk '$1 > 0 && (m == "" || $2 / $1 < m) { m = $2 / $1 } END { print m + 0 }'
}
"$simcc" -O2 "$top/tests/extrap/jacobi.c" -o jacobi -lm || { bad "build jacobi"; exit 1; }

measured() {
  local name=$1 sizes=$2 targets=$3 ins=() n t i
  shift 3
  for n in $sizes; do
    "$simrun" -np "$n" --trace-ti="$name-$n.ti" ./jacobi "$@" >/dev/null 2>&1 ||
      { bad "$name: the program failed at $n ranks"; return; }
    ins+=("$name-$n.ti")
  done
  for t in $targets; do
    "$simextrap" -np "$t" -o "$name-x.ti" --explain "${ins[@]}" >"$name-$t.explain" 2>"$name-$t.err" ||
      { bad "$name: $(cat "$name-$t.err")"; return; }
    "$simrun" --replay="$name-x.ti" >/dev/null 2>"$name-$t.re"
    local on=()
    for i in 1 2 3; do
      "$simrun" -np "$t" --trace-ti="$name-on$i.ti" ./jacobi "$@" >/dev/null 2>"$name-$t.on$i"
      on+=("$(simtime "$name-$t.on$i")")
    done
    local med x
    med=$(printf '%s\n' "${on[@]}" | sort -g | sed -n 2p) x=$(simtime "$name-$t.re")
    local k
    "$simextrap" --check "$name-on1.ti" "$name-x.ti" >"$name-$t.check" && k=$(kept "$name-on1.ti" "$name-x.ti") &&
      awk -v k="$k" 'BEGIN { exit !(k >= 0.5) }' &&
      ok "$name ($sizes -> $t ranks): $(head -1 "$name-$t.check"), its computation there (bursts kept: $k at least)" ||
      bad "$name ($sizes -> $t ranks): $(head -3 "$name-$t.check"); a rank kept ${k:-?} of its bursts of 10,000 flops or more"
    if awk -v x="$x" -v m="$med" 'BEGIN { d = (x - m) / m; exit !(m > 0 && d <= 0.10 && d >= -0.10) }'; then
      ok "$name at $t ranks: extrapolated replay $x s, on-line ${on[*]} s (median $med)"
    else
      bad "$name at $t ranks: extrapolated replay $x s, on-line ${on[*]} s (median $med); $(grep -i warning "$name-$t.err")"
      sed -n '/^Computation at the target/,$p' "$name-$t.explain"
    fi
    rm -rf "$name"-on?.ti* "$name-x.ti"*
  done
}
