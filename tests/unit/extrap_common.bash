# Sourced by simextrap's unit tests (not a test itself): the wrappers, a temporary folder
# (the current one, removed at exit), ok and bad lines (bad sets fail), simtime FILE (the
# simulated time simrun printed there).
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
