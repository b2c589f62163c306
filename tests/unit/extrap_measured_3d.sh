#!/usr/bin/env bash
# simextrap on measured computation (issue 30), 3D: tests/extrap/jacobi.c (32 reaction terms
# a point) recorded three times at each of 27, 36 and 48 ranks (a 3D grid needs 3 ranks along
# each dimension; simextrap takes the recordings of one size together) and extrapolated to
# 192: strong scaling (a 48^3 grid, not periodic) and weak scaling (12^3 points per rank,
# periodic). The replay of the extrapolated trace is within 10% of the on-line runs', with
# the same events, every rank's computation within 0.8x-1.25x of its on-line one and the
# median within 10% (extrap_measured.bash: each rank's floor over three on-line runs). 16x
# the largest input, 768 ranks, is in bench/extrap_measured.sh.
# time limit: 200
. "$(dirname "$0")/extrap_measured.bash"

measured 3d-strong "27 36 48" "192" 3 0 strong 48 10 5 0 32
measured 3d-weak "27 36 48" "192" 3 1 weak 12 10 5 0 32
exit $fail
