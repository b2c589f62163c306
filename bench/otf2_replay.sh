#!/usr/bin/env bash
# Replay speed and memory of OTF2 archives against the same run's TI trace: a 2-rank
# ping-pong with computation between messages, ROUNDS rounds, run once on-line with both
# --trace-ti and --otf2; each trace is replayed with simrun and the wall and CPU times, peak RSS
# and actions per CPU second (the TI lines, which the OTF2 records stand for) printed: CPU time
# is what a loaded machine inflates least. A streaming
# replay's RSS does not grow with the trace. Usage: bench/otf2_replay.sh [ROUNDS...]
# (default: 50000 500000)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
sizes=("$@")
[ $# -gt 0 ] || sizes=(50000 500000)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
cat > pp.c <<'C'
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
  static char buf[1024];
  int r, n = atoi(argv[1]);
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  for (int i = 0; i < n; i++) {
    smpi_execute_flops(1000);
    if (r == 0) {
      MPI_Send(buf, 1024, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
      MPI_Recv(buf, 1024, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(buf, 1024, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(buf, 1024, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
    }
  }
  MPI_Finalize();
  return 0;
}
C
"$top/wrappers/simcc" -O2 pp.c -o pp
echo "| rounds | format | actions | trace bytes | replay wall (s) | replay CPU (s) | actions/CPU s | peak RSS (MB) | simulated (s) |"
echo "|---|---|---|---|---|---|---|---|---|"
for n in "${sizes[@]}"; do
  rm -rf t.ti t.ti_files o
  "$top/wrappers/simrun" -np 2 --cfg=smpi/simulate-computation:no --trace-ti=t.ti --otf2=o ./pp "$n" >/dev/null 2>on.err
  actions=$(cat t.ti_files/*.txt | grep -vc ' init$\| finalize$')
  for f in ti otf2; do
    if [ $f = ti ]; then trace=t.ti bytes=$(cat t.ti_files/*.txt | wc -c); else trace=o/traces.otf2 bytes=$(du -sb o | cut -f1); fi
    /usr/bin/time -f '%e %U %S %M' -o time "$top/wrappers/simrun" --replay="$trace" >/dev/null 2>out
    read -r wall user sys rss < time
    sim=$(sed -n 's/^simpi: simulated time \([0-9.]*\) s.*/\1/p' out)
    awk -v n="$n" -v f="$f" -v a="$actions" -v b="$bytes" -v w="$wall" -v c="$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" \
      -v r="$rss" -v s="$sim" \
      'BEGIN { printf "| %d | %s | %d | %d | %.2f | %.2f | %.0f | %.1f | %s |\n", n, f, a, b, w, c, a / (c > 0 ? c : 0.01), r / 1024, s }'
  done
done
echo "on-line: $(sed -n 's/^simpi: simulated time \([0-9.]*\) s.*/\1/p' on.err) s simulated (the last size)"
