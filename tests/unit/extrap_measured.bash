# Sourced by the unit tests of simextrap on measured computation (not a test itself):
# tests/extrap/jacobi.c, whose computation is really executed and timed, is recorded at a
# few sizes and extrapolated to 4x and 16x the largest; defines measured NAME "SIZES"
# "TARGETS" ARGS..., which requires at each target: the same events as an on-line run
# there (simextrap --check), computation before the events that follow 10,000 flops or
# more on-line (but for 1% of them: none written as 0), and the
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
# missing ON X: of the events that follow 10,000 flops or more in on-line trace ON, how many
# follow no computation in X (the same events, simextrap --check), and how many there are
missing() {
  local f
  for f in "$1"_files/*; do
    paste -d' ' <(awk '$2 != "compute" { print c; c = 0 } $2 == "compute" { c = $3 }' "$f") \
      <(awk '$2 != "compute" { print c; c = 0 } $2 == "compute" { c = $3 }' "$2_files/$(basename "$f")")
  done | awk '$1 >= 10000 { n++; if ($2 == 0) lost++ } END { print lost + 0, n + 0 }'
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
    local lost
    # a law written as 0 loses every occurrence of a burst; a rare long one on-line (a page
    # fault, an interruption) where the inputs had none is not a law's
    "$simextrap" --check "$name-on1.ti" "$name-x.ti" >"$name-$t.check" && lost=$(missing "$name-on1.ti" "$name-x.ti") &&
      awk -v l="$lost" 'BEGIN { split(l, a, " "); exit !(a[1] <= 0.01 * a[2]) }' &&
      ok "$name ($sizes -> $t ranks): $(head -1 "$name-$t.check"), its computation there (lost: $lost)" ||
      bad "$name ($sizes -> $t ranks): $(head -3 "$name-$t.check"); of the events after 10,000 flops on-line, ${lost:-?} have none extrapolated"
    if awk -v x="$x" -v m="$med" 'BEGIN { d = (x - m) / m; exit !(m > 0 && d <= 0.10 && d >= -0.10) }'; then
      ok "$name at $t ranks: extrapolated replay $x s, on-line ${on[*]} s (median $med)"
    else
      bad "$name at $t ranks: extrapolated replay $x s, on-line ${on[*]} s (median $med); $(grep -i warning "$name-$t.err")"
      sed -n '/^Computation at the target/,$p' "$name-$t.explain"
    fi
    rm -rf "$name"-on?.ti* "$name-x.ti"*
  done
}
