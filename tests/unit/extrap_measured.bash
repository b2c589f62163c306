# Sourced by the unit tests of simextrap on measured computation (not a test itself):
# tests/extrap/jacobi.c, whose computation is really executed and timed, is recorded at a
# few sizes and extrapolated to larger ones; defines measured NAME "SIZES" "TARGETS"
# ARGS..., which requires at each target: the same events as an on-line run there
# (simextrap --check), on every rank half or more of the on-line median rank's computation
# (none written as 0), and the extrapolated replay's simulated time within 10% of the median of three
# on-line runs (a case that misses is run again once, from new recordings).
. "$(dirname "${BASH_SOURCE[0]}")/extrap_common.bash"
# kept ON X: the lowest ratio, over the ranks, of X's computation to the on-line trace ON's
# median rank's (a law written as 0 takes a context's computation away from all the ranks
# of a class; a rank's own on-line total may hold a long interruption)
kept() {
  local f m
  m=$(for f in "$1"_files/*; do awk '$2 == "compute" { s += $3 } END { print s + 0 }' "$f"; done | sort -g |
    awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
  for f in "$2"_files/*; do awk '$2 == "compute" { s += $3 } END { print s + 0 }' "$f"; done |
    awk -v m="$m" 'm > 0 && (k == "" || $1 / m < k) { k = $1 / m } END { print k + 0 }'
}
"$simcc" -O2 "$top/tests/extrap/jacobi.c" -o jacobi -lm || { bad "build jacobi"; exit 1; }

# once NAME "SIZES" "TARGETS" ARGS...: one attempt; its lines go to NAME.log, timing
# failures to NAME.slow
once() {
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
    local med x k
    med=$(printf '%s\n' "${on[@]}" | sort -g | sed -n 2p) x=$(simtime "$name-$t.re")
    "$simextrap" --check "$name-on1.ti" "$name-x.ti" >"$name-$t.check" && k=$(kept "$name-on1.ti" "$name-x.ti") &&
      awk -v k="$k" 'BEGIN { exit !(k >= 0.5) }' &&
      ok "$name ($sizes -> $t ranks): $(head -1 "$name-$t.check"), its computation there (a rank's: $k of on-line's median at least)" ||
      bad "$name ($sizes -> $t ranks): $(head -3 "$name-$t.check"); a rank's computation ${k:-?} of on-line's median"
    if awk -v x="$x" -v m="$med" 'BEGIN { d = (x - m) / m; exit !(m > 0 && d <= 0.10 && d >= -0.10) }'; then
      ok "$name at $t ranks: extrapolated replay $x s, on-line ${on[*]} s (median $med)"
    else
      echo "$name at $t ranks: extrapolated replay $x s, on-line ${on[*]} s (median $med); $(grep -i warning "$name-$t.err")" >>"$name.slow"
      sed -n '/^Computation at the target/,$p' "$name-$t.explain" >>"$name.slow"
    fi
    rm -rf "$name"-on?.ti* "$name-x.ti"*
  done
}

# measured NAME "SIZES" "TARGETS" ARGS...: under load a whole on-line run may be slowed
# (x1.45 at 256 ranks, run after run): a case whose times disagree is recorded and run once
# more from the start, and fails if they disagree again
measured() {
  local name=$1
  rm -f "$name.slow"
  once "$@"
  [ -e "$name.slow" ] || return 0
  echo "again: $(head -1 "$name.slow")"
  rm -f "$name.slow"
  once "$@"
  [ -e "$name.slow" ] && { bad "$(head -1 "$name.slow")"; tail -n +2 "$name.slow"; }
  return 0
}
