#!/usr/bin/env bash
# simextrap on measured computation (issue 30), 3D: tests/extrap/jacobi.c recorded at 27, 36
# and 48 ranks (a 3D grid needs 3 ranks along each dimension) and extrapolated to 192:
# strong scaling (a 96^3 grid, not periodic) and weak scaling (24^3 points per rank,
# periodic). The replay of the extrapolated trace is within 10% of the median of three
# on-line runs, with the same events and every burst of computation (extrap_measured.bash).
# 16x the largest input, 768 ranks, is in bench/extrap_measured.sh: an on-line run there
# takes minutes on a loaded machine.
# time limit: 600
. "$(dirname "$0")/extrap_measured.bash"

measured 3d-strong "27 36 48" "192" 3 0 strong 96 20 5
measured 3d-weak "27 36 48" "192" 3 1 weak 24 20 5
exit $fail
