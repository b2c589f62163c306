#!/usr/bin/env bash
# The teaching samples (samples/*.c): each one builds with simcc, runs under
# simrun and prints the right results, whatever the number of ranks; the
# deadlock sample ends with simpi's deadlock report; the slow sample's
# simulated time does not fall from 2 to 8 ranks while trapezoid's does; every
# sample gives the same results on the laptop and torus-3d platforms. When
# mpicc and mpirun (MPICH) are installed, the same runs under MPICH must print
# the same result lines (the lines that carry times left out).
# time limit: 180
set -uo pipefail
top=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
simcc=${SIMCC:-$top/wrappers/simcc} simrun=${SIMRUN:-$top/wrappers/simrun}
samples=$top/samples
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0

ok() { echo "ok: $*"; }
bad() {
  echo "FAIL: $*"
  fail=1
}

# results: a sample's output without the lines that carry times (they contain
# "time") or table rows of times (they start with a number)
results() { grep -v -e time -e '^error against' -e '^ *[0-9]' || true; }

# run NAME NP ARGS...: runs the simpi build of NAME; stdout in $out, stderr in
# $err, exit status in $rc
run() {
  local name=$1 np=$2
  shift 2
  # shellcheck disable=SC2086
  out=$(cd "$work" && "$simrun" -q ${platform:+--platform=$platform} -np "$np" "./$name" "$@" 2>"$work/stderr")
  rc=$?
  err=$(cat "$work/stderr")
}

# expect NAME NP "ARGS" REGEX...: the run exits with 0 and every REGEX
# (grep -E) matches a line of its stdout
expect() {
  local name=$1 np=$2 args=$3 re
  shift 3
  # shellcheck disable=SC2086
  run "$name" "$np" $args
  if [ "$rc" != 0 ]; then
    bad "$name -np $np $args: exit status $rc"
    head -5 <<<"$err"
    return
  fi
  if grep -q 'simpi: warning' <<<"$err"; then # the diagnostics never fire on a correct sample
    bad "$name -np $np $args: $(grep -m1 'simpi: warning' <<<"$err")"
    return
  fi
  for re in "$@"; do
    if ! grep -qE -- "$re" <<<"$out"; then
      bad "$name -np $np $args: no line matching '$re' in:"
      head -12 <<<"$out"
      return
    fi
  done
  ok "$name -np $np $args"
}

# same NAME "ARGS" NP...: the result lines are the same for every rank count
same() {
  local name=$1 args=$2 np first="" this
  shift 2
  for np in "$@"; do
    # shellcheck disable=SC2086
    run "$name" "$np" $args
    this=$(results <<<"$out" | grep -v -e 'ranks' -e 'largest part') # lines that name the rank count
    if [ "$rc" != 0 ] || [ -z "$this" ]; then
      bad "$name -np $np $args: exit status $rc, output: $out"
      return
    fi
    if [ -z "$first" ]; then
      first=$this
    elif [ "$this" != "$first" ]; then
      bad "$name $args: -np $np gives other results than -np $1:"
      diff <(echo "$first") <(echo "$this") | head -10
      return
    fi
  done
  ok "$name $args: same results with -np $*"
}

# elapsed NAME NP ARGS...: the smallest "elapsed time (MPI_Wtime): X s" of
# two runs (the computation is really timed: the minimum is the least noisy)
elapsed() {
  local name=$1 np=$2 i t best=""
  shift 2
  for i in 1 2; do
    run "$name" "$np" "$@"
    t=$(sed -n 's/^elapsed time (MPI_Wtime): \([0-9.e+-]*\) s.*/\1/p' <<<"$out")
    [ -n "$t" ] || { echo 0; return; }
    best=$(awk -v a="$t" -v b="$best" 'BEGIN { print (b == "" || a < b) ? a : b }')
  done
  echo "$best"
}

# ---- build (all at once) ---------------------------------------------------------------
names="hello ring pingpong pi trapezoid jacobi2d matmul sort bcast_compare deadlock slow"
build() {
  "$simcc" -O2 "$samples/$1.c" -o "$work/$1" -lm >"$work/$1.cc.log" 2>&1
  echo $? >"$work/$1.cc.rc"
}
for name in $names; do build "$name" & done
wait
for name in $names; do
  if [ "$(cat "$work/$name.cc.rc")" = 0 ]; then
    ok "simcc $name.c"
  else
    bad "simcc $name.c"
  fi
  if [ -s "$work/$name.cc.log" ]; then
    bad "simcc $name.c printed warnings or errors"
    head -10 "$work/$name.cc.log"
  fi
done

# ---- results ---------------------------------------------------------------------------
expect trapezoid 4 "" '^integral of sin\(x\) from 0\.000000 to 3\.141593 with 4194304 trapezoids: 2\.0000000000$'
expect trapezoid 16 "1000 0 1" '^integral of sin\(x\) from 0\.000000 to 1\.000000 with 1000 trapezoids: 0\.4596976558$'
same trapezoid "1000000" 1 3 16

expect jacobi2d 4 "" '^jacobi2d: 64 x 64 unknowns on a 2 x 2 grid of ranks$' \
  '^converged after 2341 iterations: change norm 9\.991416e-04 \(tolerance 1\.0e-03\)$' \
  '^sum of the solution: 979\.015662$'
expect jacobi2d 16 "30 100" '^jacobi2d: 30 x 30 unknowns on a 4 x 4 grid of ranks$' '^not converged after 100 iterations'
# a 1 x 1, 3 x 2 (30 rows in uneven blocks), 3 x 3 and 4 x 4 grid of ranks: the same numbers
same jacobi2d "30 100" 1 6 9 16

expect matmul 16 "" '^sum of the entries of C: 129$' '^check against the serial product: correct$'
for np in 1 4 9; do
  expect matmul $np "240" '^sum of the entries of C: -66$' '^check against the serial product: correct$'
done
expect matmul 16 "4" '^matmul: 4 x 4 matrices, Cannon on a 4 x 4 grid of ranks, blocks of 1 x 1$' \
  '^check against the serial product: correct$'
expect matmul 4 "520" '^check against the serial product: skipped \(N > 512\)$'
same matmul "36" 1 4 9
run matmul 3
if [ "$rc" != 0 ] && grep -q 'square number of ranks' <<<"$err"; then
  ok "matmul -np 3 refuses"
else
  bad "matmul -np 3: exit status $rc, stderr: $err"
fi

expect sort 8 "" '^sorted: yes$' '^keys kept: yes \(1048576 keys, checksum 523878091891917\)$' \
  '^smallest key 2255, largest key 999998236$'
expect sort 3 "100000" '^sorted: yes$' '^keys kept: yes \(100000 keys'
expect sort 16 "100000" '^sorted: yes$' '^keys kept: yes \(100000 keys'
expect sort 16 "16" '^sorted: yes$' '^keys kept: yes \(16 keys'
expect sort 5 "7" '^sorted: yes$' '^keys kept: yes \(7 keys'
same sort "100000" 1 2 7 16

for np in 1 5 16; do
  expect bcast_compare $np "" "^bcast_compare: $np ranks, root 0, 5 repetitions\$" \
    '^ +1048576( +[0-9]+\.[0-9]+){3}$' '^data check: every rank received the right data with every method$'
done

expect slow 4 "" '^slow \(token passed from rank to rank\): sum of 1/k\^2 for k = 1\.\.20000000 on 4 ranks: 1\.644934016848$' \
  '^  timeline: rank  3 computed from 0\.000000 to'
expect slow 4 "fixed" '^slow \(fixed, Reduce\): sum of 1/k\^2 for k = 1\.\.20000000 on 4 ranks: 1\.644934016848$'
expect deadlock 5 "fixed" "^ring shift done: every rank got its left neighbour's number\$"

# ---- the deadlock sample deadlocks -----------------------------------------------------
line=$(grep -n 'MPI_Ssend(&mine' "$samples/deadlock.c" | cut -d: -f1)
for np in 1 4; do
  run deadlock $np
  if [ "$rc" != 0 ] && grep -q deadlock <<<"$err" && grep -q "deadlock\.c:$line" <<<"$err" &&
     [ "$(grep -c "in MPI_Ssend.*deadlock\.c:$line" <<<"$err")" = $np ]; then
    ok "deadlock -np $np: status $rc and a report naming deadlock.c:$line for each rank"
  else
    bad "deadlock -np $np: exit status $rc, stderr:"
    head -8 <<<"$err"
  fi
done

# ---- slow does not get faster with more ranks; trapezoid does --------------------------
# The simulated times come from really timed computation, so a machine busy
# with other work makes them noisy: up to three attempts.
for attempt in 1 2 3; do
  s2=$(elapsed slow 2 60000000)
  s8=$(elapsed slow 8 60000000)
  t2=$(elapsed trapezoid 2 12000000)
  t8=$(elapsed trapezoid 8 12000000)
  slow_ok=0 trap_ok=0
  awk -v a="$s2" -v b="$s8" 'BEGIN { exit !(a > 0 && b >= 0.8 * a) }' && slow_ok=1
  awk -v a="$t2" -v b="$t8" 'BEGIN { exit !(a > 0 && b > 0 && b <= 0.5 * a) }' && trap_ok=1
  [ $slow_ok = 1 ] && [ $trap_ok = 1 ] && break
  echo "attempt $attempt: slow $s2 s on 2 ranks, $s8 s on 8; trapezoid $t2 s on 2 ranks, $t8 s on 8"
done
if [ $slow_ok = 1 ]; then
  ok "slow: simulated time $s2 s on 2 ranks, $s8 s on 8: no faster"
else
  bad "slow: simulated time $s2 s on 2 ranks, $s8 s on 8: it should not shrink"
fi
if [ $trap_ok = 1 ]; then
  ok "trapezoid: simulated time $t2 s on 2 ranks, $t8 s on 8: faster"
else
  bad "trapezoid: simulated time $t2 s on 2 ranks, $t8 s on 8: it should shrink"
fi

# ---- every sample on two more shipped platforms: the same result lines ----------------
platform=
# (sorted, without simulated times and host names)
same_results() { results | sed -e 's/ on [^ ]*$//' -e 's/[0-9.e+-]* s simulated.*//' | sort; }
on_platforms() { # NAME NP ARGS...: the result lines on laptop and torus-3d equal the default platform's
  local name=$1 np=$2 base p
  shift 2
  platform= run "$name" "$np" "$@"
  base=$(same_results <<<"$out")
  for p in laptop torus-3d; do
    platform=$p run "$name" "$np" "$@"
    if [ "$rc" != 0 ] || [ -z "$base" ] || [ "$(same_results <<<"$out")" != "$base" ]; then
      bad "$name -np $np $* on $p: exit status $rc, other results"
      diff <(echo "$base") <(same_results <<<"$out") | head -5
    else
      ok "$name -np $np $* on $p: the default platform's results"
    fi
  done
}
on_platforms hello 4
on_platforms ring 4 10
on_platforms pingpong 2 2 65536
on_platforms pi 4
on_platforms trapezoid 4 100000
on_platforms jacobi2d 4 30 20
on_platforms matmul 4 48
on_platforms sort 4 10000
on_platforms bcast_compare 4 1 4096
on_platforms slow 4 fixed 100000
on_platforms deadlock 4 fixed
platform=

# ---- the same result lines under MPICH --------------------------------------------------
# Few ranks and small sizes: MPICH's processes busy-wait, and this machine may
# have fewer cores than ranks.
mpicc=${MPICC:-mpicc} mpirun=${MPIRUN:-mpirun}
if command -v "$mpicc" >/dev/null 2>&1 && command -v "$mpirun" >/dev/null 2>&1; then
  # mpich NAME NP ARGS...: the result lines of MPICH's and simpi's runs are equal
  mpich() {
    local name=$1 np=$2 mine theirs mrc
    shift 2
    if ! [ -x "$work/mpich_$name" ] &&
       ! "$mpicc" -O2 "$samples/$name.c" -o "$work/mpich_$name" -lm >"$work/mpich.log" 2>&1; then
      bad "mpicc $name.c"
      head -5 "$work/mpich.log"
      return
    fi
    run "$name" "$np" "$@"
    mine=$(results <<<"$out")
    theirs=$(cd "$work" && timeout 30 "$mpirun" -np "$np" "./mpich_$name" "$@" 2>"$work/mpich.err" </dev/null | results)
    mrc=$?
    if [ "$mrc" != 0 ] || [ -z "$theirs" ]; then
      bad "MPICH $name -np $np $*: exit status $mrc"
      head -5 "$work/mpich.err"
    elif [ "$mine" != "$theirs" ]; then
      bad "MPICH and simpi differ on $name -np $np $*:"
      diff <(echo "$theirs") <(echo "$mine") | head -10
    else
      ok "MPICH prints the same results: $name -np $np $*"
    fi
  }
  mpich trapezoid 4 1000000
  mpich jacobi2d 4 30 10
  mpich jacobi2d 2 64 100
  mpich matmul 4 96
  mpich sort 4 200000
  mpich sort 3 1000
  mpich bcast_compare 4 1 4096
  mpich slow 2 1000000
  mpich slow 3 fixed 1000000
  mpich deadlock 4 fixed
else
  echo "skip: $mpicc or $mpirun not found: no comparison with MPICH"
fi

[ "$fail" = 0 ] && echo "all sample checks passed"
exit "$fail"
