# Sourced by the unit tests of simextrap on measured computation (not a test itself):
# tests/extrap/jacobi.c, whose computation is really executed and timed, is recorded at a
# few sizes and extrapolated to larger ones; defines measured NAME "SIZES" "TARGETS"
# ARGS..., which requires at each target: the same events as an on-line run there
# (simextrap --check), the median rank's computation within 10% of its on-line computation,
# none below half (none written as 0), and the replay of the extrapolated trace within 10%
# of the on-line runs' simulated time (a case that misses is run again once, from new
# recordings).
#
# What is compared is each rank's floor: the least computation it did of each kind (before
# one event, after another) over its iterations and three runs (tests/extrap/floor.py), on
# the inputs and on-line alike. A loaded machine only slows bursts, in ways no single trace
# can show: a whole run by up to 1.5x for seconds, or one random rank in every iteration of
# a run by up to 2.5x (a corner rank, alone in its class at every input size, then bent its
# law to 5x the on-line computation at 256 ranks); whole on-line runs of one size differed
# by 50%. Floors over three runs stay within a few percent from one try to the next, loaded
# or not: simextrap's laws, the events and the replay are then what decides the result.
. "$(dirname "${BASH_SOURCE[0]}")/extrap_common.bash"
floor="$top/tests/extrap/floor.py"
"$simcc" -O2 "$top/tests/extrap/jacobi.c" -o jacobi -lm || { bad "build jacobi"; exit 1; }

# record NAME "SIZES" ARGS...: three runs of jacobi ARGS on each of SIZES ranks, in turn (a
# slowed period of the machine can last the three runs of one size in a row), their traces
# NAME-N-run1.ti ..., their simulated times in NAME-N.times; NAME-N.ti, their floor, and its
# ranks' computation (NAME-N.ranks)
record() {
  local name=$1 sizes=$2 i n
  shift 2
  for n in $sizes; do rm -f "$name-$n.times"; done
  for i in 1 2 3; do
    for n in $sizes; do
      "$simrun" -np "$n" --trace-ti="$name-$n-run$i.ti" ./jacobi "$@" >/dev/null 2>"$name-$n.err" || return 1
      simtime "$name-$n.err" >>"$name-$n.times"
    done
  done
  for n in $sizes; do python3 "$floor" "$name-$n.ti" "$name-$n"-run{1,2,3}.ti >"$name-$n.ranks"; done
}

# once NAME "SIZES" "TARGETS" ARGS...: one attempt; its misses go to NAME.slow
once() {
  local name=$1 sizes=$2 targets=$3 ins=() n t
  shift 3
  record "$name" "$sizes" "$@" || { bad "$name: the program failed at one of $sizes ranks"; return; }
  for n in $sizes; do ins+=("$name-$n.ti"); done
  record "$name-on" "$targets" "$@" || { bad "$name: the program failed at one of $targets ranks"; return; }
  for t in $targets; do
    "$simextrap" -np "$t" -o "$name-x.ti" --explain "${ins[@]}" >"$name-$t.explain" 2>"$name-$t.err" ||
      { bad "$name: $(cat "$name-$t.err")"; return; }
    python3 "$floor" "$name-xf.ti" "$name-x.ti" >"$name-xf.ranks"
    "$simrun" --replay="$name-xf.ti" >/dev/null 2>"$name-$t.re"
    "$simrun" --replay="$name-on-$t.ti" >/dev/null 2>"$name-$t.on"
    local x on raw k miss=
    x=$(simtime "$name-$t.re") on=$(simtime "$name-$t.on") raw=$(sort -g "$name-on-$t.times" | tr '\n' ' ')
    # a rank's computation over its on-line floor: the lowest ratio, the median, the highest
    k=$(paste "$name-on-$t.ranks" "$name-xf.ranks" | awk '{ print ($1 > 0 ? $2 / $1 : 0) }' | sort -g |
      awk '{ r[NR] = $1 } END { printf "%.3f %.3f %.3f\n", r[1], r[int((NR + 1) / 2)], r[NR] }')
    local lo=${k%% *} med=${k#* }
    med=${med% *}
    if "$simextrap" --check "$name-on-$t-run1.ti" "$name-x.ti" >"$name-$t.check" &&
      awk -v lo="$lo" -v m="$med" 'BEGIN { exit !(lo >= 0.5 && m >= 0.9 && m <= 1.1) }'; then
      ok "$name ($sizes -> $t ranks): $(head -1 "$name-$t.check"), a rank's computation $k of on-line's (lowest, median, highest)"
    else
      miss=1
      echo "$name ($sizes -> $t ranks): $(head -3 "$name-$t.check"); a rank's computation $k of on-line's (lowest, median, highest)" >>"$name.slow"
    fi
    if awk -v x="$x" -v m="$on" 'BEGIN { d = (x - m) / m; exit !(m > 0 && d <= 0.10 && d >= -0.10) }'; then
      ok "$name at $t ranks: extrapolated replay $x s, on-line $on s (floors; the on-line runs themselves $raw s)"
    else
      miss=1
      echo "$name at $t ranks: extrapolated replay $x s, on-line $on s (floors; the on-line runs themselves $raw s); $(grep -i warning "$name-$t.err")" >>"$name.slow"
    fi
    [ -n "$miss" ] && sed -n '/^Computation at the target/,$p' "$name-$t.explain" >>"$name.slow"
    rm -rf "$name-on-$t"*.ti* "$name"-x*.ti*
  done
}

# measured NAME "SIZES" "TARGETS" ARGS...: a case that misses is recorded and run once more
# from the start, and fails if it misses again
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
