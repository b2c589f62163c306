# Sourced by the unit tests that compare simulated times with smpirun's (not a test itself):
# sets top (the repository) and work (a temporary folder, removed at exit), skips the test
# (exit 0) when smpirun is not installed, and defines build_both SOURCE NAME, which builds
# SOURCE as $work/NAME with simcc and as $work/NAME_smpi with smpicc.
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
if ! command -v smpirun >/dev/null || ! command -v smpicc >/dev/null; then
  echo "SKIP: smpirun not installed"
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
build_both() {
  "$top/wrappers/simcc" -O2 "$1" -o "$work/$2"
  smpicc -O2 "$1" -o "$work/$2_smpi" 2>/dev/null
}
