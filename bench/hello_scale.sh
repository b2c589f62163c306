#!/usr/bin/env bash
# Start-up scale: Init, Barrier, Finalize with N ranks on the embedded
# default platform under simrun (privatization on), and the same program
# under smpirun (privatization off: SMPI's dlopen privatization dies at
# 10,000 ranks) on the same cluster of N hosts, twice: with SMPI's default
# barrier, and with ompi_bruck, the dissemination algorithm simrun uses.
# Prints wall time and peak RSS of each and the ratios smpirun/simrun.
# Usage: bench/hello_scale.sh [N...]   (default: 1000 10000)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/hello.c" <<'C'
#include <mpi.h>
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
C
"$top/wrappers/simcc" -O2 "$work/hello.c" -o "$work/hello_simpi"
have_smpi=0
if command -v smpirun >/dev/null; then
  smpicc -O2 "$work/hello.c" -o "$work/hello_smpi" 2>/dev/null && have_smpi=1
fi
printf '%8s %-10s %12s %12s %12s %12s %10s %10s\n' ranks barrier "simrun (s)" "simrun MB" "smpirun (s)" \
  "smpirun MB" "wall x" "RSS x"
for n in "${sizes[@]}"; do
 for alg in default ompi_bruck; do
  /usr/bin/time -f "%e %M" -o "$work/t1" "$top/wrappers/simrun" -q -np "$n" "$work/hello_simpi" >/dev/null 2>"$work/e1" ||
    { echo "simrun failed at $n ranks:"; tail -3 "$work/e1"; }
  read -r sw srss < "$work/t1"
  mw=- mrss=- rw=- rr=-
  if [ $have_smpi = 1 ]; then
    sed "s/radical=\"0-63\"/radical=\"0-$((n - 1))\"/" "$top/platforms/cluster.xml" > "$work/p.xml"
    if /usr/bin/time -f "%e %M" -o "$work/t2" smpirun -np "$n" -platform "$work/p.xml" -no-privatize \
         --cfg=smpi/barrier:"$alg" --log=root.thres:error "$work/hello_smpi" >/dev/null 2>"$work/e2"; then
      read -r mw mrss < "$work/t2"
      rw=$(awk -v a="$sw" -v b="$mw" 'BEGIN{printf "%.2f", b/a}')
      rr=$(awk -v a="$srss" -v b="$mrss" 'BEGIN{printf "%.2f", b/a}')
      mrss=$(awk -v r="$mrss" 'BEGIN{printf "%.0f", r/1024}')
    else
      mw=failed
    fi
  fi
  printf '%8d %-10s %12s %12.0f %12s %12s %10s %10s\n' "$n" "$alg" "$sw" "$(awk -v r="$srss" 'BEGIN{print r/1024}')" \
    "$mw" "$mrss" "$rw" "$rr"
 done
done
