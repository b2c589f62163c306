# Sourced by the unit tests of simextrap on measured computation (not a test itself):
# tests/extrap/jacobi.c, whose computation is really executed and timed, is recorded three
# times at each of a few sizes, alternating sizes, and all those recordings go to simextrap
# as a user gives them (recordings of one size are taken together: a run that the machine's
# load slowed as a whole bends no law). Defines measured NAME "SIZES" "TARGETS" ARGS...,
# which requires at each target: the same events as an on-line run there (simextrap
# --check); each rank's computation in the --smooth extrapolation (typical bursts) within
# 0.8x to 1.25x of that rank's on-line computation, the median rank's within 10%, none
# written as 0; and the replay of the extrapolated trace within 10% of the on-line runs'
# simulated time. A case that misses is run again once, from new recordings.
#
# On-line, what is compared is each rank's floor: the least computation it did of each kind
# (before one event, after another) over its iterations and three runs
# (tests/extrap/floor.py). A loaded machine only slows bursts, in ways no single run shows:
# a whole run by up to 2x for seconds, or one random rank in every iteration of a run by up
# to 2.5x; floors over three runs stay within a few percent from one try to the next. The
# drawn extrapolation (bursts varied as the inputs' were) is replayed too and shown next to
# the on-line runs' own times, unchecked: those differ by up to 2x under load.
. "$(dirname "${BASH_SOURCE[0]}")/extrap_common.bash"
floor="$top/tests/extrap/floor.py"
"$simcc" -O2 "$top/tests/extrap/jacobi.c" -o jacobi -lm || { bad "build jacobi"; exit 1; }

# record NAME "SIZES" ARGS...: three runs of jacobi ARGS on each of SIZES ranks, in turn (a
# slowed period of the machine can last the three runs of one size in a row), their traces
# NAME-N-run1.ti ..., their simulated times in NAME-N.times
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
}

# once NAME "SIZES" "TARGETS" ARGS...: one attempt; its misses go to NAME.slow
once() {
  local name=$1 sizes=$2 targets=$3 ins=() n t
  shift 3
  record "$name" "$sizes" "$@" || { bad "$name: the program failed at one of $sizes ranks"; return; }
  for n in $sizes; do ins+=("$name-$n"-run{1,2,3}.ti); done
  record "$name-on" "$targets" "$@" || { bad "$name: the program failed at one of $targets ranks"; return; }
  for t in $targets; do # NAME-on-T.ti: the on-line runs' floor; NAME-on-T.ranks: its ranks' computation
    python3 "$floor" "$name-on-$t.ti" "$name-on-$t"-run{1,2,3}.ti >"$name-on-$t.ranks"
    "$simextrap" -np "$t" -o "$name-x.ti" --smooth --explain "${ins[@]}" >"$name-$t.explain" 2>"$name-$t.err" &&
      "$simextrap" -np "$t" -o "$name-d.ti" "${ins[@]}" 2>/dev/null || { bad "$name: $(cat "$name-$t.err")"; return; }
    python3 "$floor" "$name-xf.ti" "$name-x.ti" >"$name-xf.ranks"
    "$simrun" --replay="$name-xf.ti" >/dev/null 2>"$name-$t.re"
    "$simrun" --replay="$name-on-$t.ti" >/dev/null 2>"$name-$t.on"
    "$simrun" --replay="$name-d.ti" >/dev/null 2>"$name-$t.drawn"
    local x on raw k drawn miss=
    x=$(simtime "$name-$t.re") on=$(simtime "$name-$t.on") raw=$(sort -g "$name-on-$t.times" | tr '\n' ' ')
    drawn=$(simtime "$name-$t.drawn")
    # a rank's computation over its on-line floor: the lowest ratio, the median, the highest
    k=$(paste "$name-on-$t.ranks" "$name-xf.ranks" | awk '{ print ($1 > 0 ? $2 / $1 : 0) }' | sort -g |
      awk '{ r[NR] = $1 } END { printf "%.3f %.3f %.3f\n", r[1], r[int((NR + 1) / 2)], r[NR] }')
    if "$simextrap" --check "$name-on-$t-run1.ti" "$name-x.ti" >"$name-$t.check" &&
      echo "$k" | awk '{ exit !($1 >= 0.8 && $2 >= 0.9 && $2 <= 1.1 && $3 <= 1.25) }'; then
      ok "$name ($sizes -> $t ranks): $(head -1 "$name-$t.check"), a rank's computation $k of on-line's (lowest, median, highest)"
    else
      miss=1
      echo "$name ($sizes -> $t ranks): $(head -3 "$name-$t.check" | paste -sd ";" -); a rank's computation $k of on-line's (lowest, median, highest)" >>"$name.slow"
    fi
    local what="extrapolated replay $x s, on-line $on s (floors; drawn $drawn s, the on-line runs themselves $raw s)"
    if awk -v x="$x" -v m="$on" 'BEGIN { d = (x - m) / m; exit !(m > 0 && d <= 0.10 && d >= -0.10) }'; then
      ok "$name at $t ranks: $what"
    else
      miss=1
      echo "$name at $t ranks: $what; $(grep -i warning "$name-$t.err")" >>"$name.slow"
    fi
    [ -n "$miss" ] && sed -n '/^Computation at the target/,$p' "$name-$t.explain" >>"$name.slow"
    rm -rf "$name-on-$t"*.ti* "$name"-[xd]*.ti*
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
