#!/usr/bin/env bash
# simextrap on measured computation (issue 30), 2D: tests/extrap/jacobi.c, its computation
# really executed and timed (32 reaction terms a point: computation makes most of the
# simulated time at the targets), recorded three times at each of 9, 12 and 16 ranks (all
# nine recordings given to simextrap, which takes those of one size together) and
# extrapolated to 64 and 256: strong scaling (a periodic 512^2 grid), weak scaling (32^2
# points per rank, not periodic), and a sweep (384^2, 16 terms) plus a phase whose size does
# not depend on the ranks (the seed paper's IS), which needs a law with a constant part:
# 16384 updates, above half the inputs' burst. At each target the replay of the extrapolated
# trace is within 10% of the on-line runs', with the same events, every rank's computation
# within 0.8x-1.25x of its on-line one and the median within 10% (extrap_measured.bash: each
# rank's floor over three on-line runs). --explain shows the recordings of each size, the
# law of all classes together with each class's own law as runner-up, the spread of each
# computation, the run's computation with its spread and what each input size added;
# --max-spread warns on one line naming the event and the rank, --strict refuses; --smooth
# writes each context's typical burst, nothing drawn (these on single recordings).
# time limit: 400
. "$(dirname "$0")/extrap_measured.bash"

measured 2d-strong "9 12 16" "64 256" 2 1 strong 512 10 5 0 32
measured 2d-weak "9 12 16" "64 256" 2 0 weak 32 10 5 0 32
measured 2d-constant-phase "9 12 16" "64 256" 2 1 strong 384 10 5 16384 16

e=2d-strong-256.explain
grep -q 'compute [0-9.e+]*\*V -> [0-9]* (.*), .* to .* without one input (+-[0-9.e+-]*%); the law of 9 classes together, times this one.s ratio to it; runner-up its own law ' "$e" &&
  grep -q '^  2d-strong-16-run1.ti: 16 ranks, grid 4x4 periodic, from its comm_cart lines; 3 recordings, their bursts taken together' "$e" &&
  grep -q '^Computation at the target: .* from .* to .* without one input' "$e" &&
  grep -q '^  + 16 ranks: ' "$e" &&
  ok "--explain: 3 recordings a size, the volume law of all classes, spread, the run's computation, each size's gain" ||
  bad "--explain: $(grep -m3 compute "$e")"
grep -q 'compute [0-9.e+]* + [0-9.e+]*\*V -> ' 2d-constant-phase-256.explain &&
  ok "the constant phase: a + b*V" || bad "the constant phase: $(grep -m3 ' compute ' 2d-constant-phase-256.explain)"
# a limit no measured input meets: one line per computation naming its event and rank; --strict writes nothing
one=(2d-strong-{9,12,16}-run1.ti)
"$simextrap" -np 256 -o tight.ti --max-spread=0.0001 "${one[@]}" 2>tight.err >/dev/null
grep -q "^simextrap: warning: 2d-strong-16-run1.ti (16 ranks), rank [0-9]*, line [0-9]* of .*, the computation before '.*' (after '.*'): .* flops at the target, .* as one input or another is left out" tight.err &&
  ! "$simextrap" -np 256 -o strict.ti --strict --max-spread=0.0001 "${one[@]}" 2>strict.err >/dev/null &&
  grep -q -- '--strict: the inputs cannot support' strict.err && [ ! -e strict.ti ] &&
  ok "--max-spread: one warning line each; --strict refuses" || bad "--max-spread, --strict: $(head -3 tight.err; cat strict.err)"
# --smooth: every later burst of a context its typical value, none drawn
"$simextrap" -np 64 -o drawn.ti "${one[@]}" 2>/dev/null &&
  "$simextrap" -np 64 -o smooth.ti --smooth "${one[@]}" 2>/dev/null &&
  a=$(awk '$2 == "compute" { print $3 }' drawn.ti_files/simpi_rank-1.txt | sort -u | wc -l) &&
  b=$(awk '$2 == "compute" { print $3 }' smooth.ti_files/simpi_rank-1.txt | sort -u | wc -l) &&
  [ "$b" -lt 20 ] && [ "$a" -gt $((2 * b)) ] && ok "--smooth: $b values of computation in rank 0, drawn $a" ||
  bad "--smooth: ${b:-?} values of computation in rank 0, drawn ${a:-?}"
exit $fail
