#!/usr/bin/env bash
# Shared-malloc folding: RANKS ranks each SMPI_SHARED_MALLOC SIZE_MIB MiB and
# write one byte in every page of it; prints the peak RSS under simrun (and
# smpirun when installed, with its default shared-malloc mode).
# Usage: bench/shared_malloc.sh [RANKS [SIZE_MIB]]   (default 1024 x 256)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
np=${1:-1024} mib=${2:-256}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/touch.c" <<'C'
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  size_t size = (size_t)atol(argv[1]) << 20;
  char *p = SMPI_SHARED_MALLOC(size);
  for (size_t i = 0; i < size; i += 4096)
    p[i] = 1;
  MPI_Barrier(MPI_COMM_WORLD);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    printf("touched %zu MiB on each rank\n", size >> 20);
  SMPI_SHARED_FREE(p);
  MPI_Finalize();
  return 0;
}
C
"$top/wrappers/simcc" -O2 "$work/touch.c" -o "$work/touch"
/usr/bin/time -f "%e %M" -o "$work/t" "$top/wrappers/simrun" -q -np "$np" "$work/touch" "$mib" >/dev/null
read -r w rss < "$work/t"
printf 'shared malloc: %d ranks x %d MiB touched (%.0f GiB in all)\n' "$np" "$mib" "$(awk -v n="$np" -v m="$mib" 'BEGIN{print n*m/1024}')"
printf 'simrun:  peak RSS %.0f MiB, wall %.1f s\n' "$(awk -v r="$rss" 'BEGIN{print r/1024}')" "$w"
if command -v smpirun >/dev/null && smpicc -O2 "$work/touch.c" -o "$work/touch_smpi" 2>/dev/null; then
  "$top/bench/cluster_of.sh" "$np" > "$work/p.xml"
  if /usr/bin/time -f "%e %M" -o "$work/t2" smpirun -np "$np" -platform "$work/p.xml" -no-privatize \
      --log=root.thres:error "$work/touch_smpi" "$mib" >/dev/null 2>"$work/e2"; then
    read -r w2 rss2 < "$work/t2"
    printf 'smpirun: peak RSS %.0f MiB, wall %.1f s\n' "$(awk -v r="$rss2" 'BEGIN{print r/1024}')" "$w2"
  else
    echo "smpirun: failed ($(tail -1 "$work/e2"))"
  fi
fi
