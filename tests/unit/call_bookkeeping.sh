#!/usr/bin/env bash
# Every MPI call is entered and left once (tests/unit/call_bookkeeping.c):
# - a call that runs a callback making MPI calls (an attribute's delete function calling
#   MPI_Comm_rank from MPI_Comm_free) simulates the computation before it once: the same loop
#   then MPI_Comm_free takes the same simulated time with and without the callback, within 30%
#   (measured bursts; the loop counted twice made it 2x);
# - a call that fails under MPI_ERRORS_RETURN is one span in the --timeline (it was two, and two
#   calls in --stats: the helper that raised the error had left the call already).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/wrappers/simcc" -O2 "$top/tests/unit/call_bookkeeping.c" -o "$work/cb"
"$top/wrappers/simrun" -q -np 1 --timeline="$work/t.json" "$work/cb" > "$work/out"
cat "$work/out"
awk '/^with callback/ { r = $3 / $6; printf "ratio %.3f\n", r; if (r < 0.7 || r > 1.3) bad = 1; n++ }
     END { exit bad || n != 2 }' "$work/out"
n=$(python3 - "$work/t.json" <<'P'
import json, sys
d = json.load(open(sys.argv[1]))
ev = d['traceEvents'] if isinstance(d, dict) else d
print(sum(1 for e in ev if e.get('name') == 'MPI_Type_create_subarray'))
P
)
echo "MPI_Type_create_subarray spans: $n (one call)"
[ "$n" = 1 ]
