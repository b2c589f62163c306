#!/usr/bin/env bash
# simsweep over a program that writes a file with MPI-IO: each point's file I/O time (mean per
# rank) and bytes written are those of simrun's own --stats=FILE.json for the same run, file
# I/O is not counted as communication, and the page draws it as a part of its own in each
# point's bar (at the CSV's number) and as columns of the table. With --own-dir each point
# runs in its own folder and writes its own file.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
cat > iow.c <<'C'
#include <mpi.h>
#include <smpi/smpi.h>
static char buf[1 << 20];
int main(int argc, char **argv)
{
  int rank;
  MPI_File fh;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  smpi_execute(1e-3);
  MPI_File_open(MPI_COMM_WORLD, "out.dat", MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
  MPI_File_write_at(fh, (MPI_Offset)rank << 20, buf, sizeof buf, MPI_CHAR, MPI_STATUS_IGNORE);
  MPI_File_close(&fh);
  MPI_Allreduce(MPI_IN_PLACE, buf, 1000, MPI_CHAR, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
C
"$top/wrappers/simcc" iow.c -o iow || exit 1
nosim=--cfg=smpi/simulate-computation:no
"$top/wrappers/simsweep" -j 2 -np 1,2,4 $nosim -o io.html -- ./iow > io.out 2>&1 || { echo "FAIL: status $?"; fail=1; }
for n in 1 2 4; do
  "$top/wrappers/simrun" -np $n $nosim --stats=direct$n.json ./iow 2> /dev/null || echo "FAIL: simrun -np $n"
done
# --own-dir: each point runs in its folder, so each writes its own out.dat (np MiB)
"$top/wrappers/simsweep" -j 2 -np 1,2,4 --own-dir $nosim -o own.html -- ./iow > own.out 2>&1 ||
  { echo "FAIL: --own-dir: status $?"; fail=1; }
sizes=$(for n in 1 2 4; do stat -c %s own.points/np$n-*/out.dat; done | tr '\n' ' ')
[ "$sizes" = "1048576 2097152 4194304 " ] && echo "ok: --own-dir: each point wrote its own out.dat ($sizes)" ||
  { echo "FAIL: --own-dir: out.dat sizes '$sizes'"; fail=1; }

python3 - "$top/tests/unit" <<'PY' || fail=1
import csv, json, re, sys
sys.path.insert(0, sys.argv[1])
from checks import check, done
rows = list(csv.DictReader(open("io.csv")))
check(f"3 points, all ok ({[r['status'] for r in rows]})", [r["status"] for r in rows] == ["ok"] * 3)
for r in rows:
    d = json.load(open(f"direct{r['np']}.json"))
    io, mpi = d["mean"]["io"], d["mean"]["p2p"] + d["mean"]["collective"] + d["mean"]["other"]
    check(f"np={r['np']}: file I/O {r['io_s']} s per rank, {r['io_written']} bytes written, as simrun's "
          f"({io:.9g} s, {d['total']['io_written']:.0f})",
          abs(float(r["io_s"]) - io) < 1e-9 and int(r["io_written"]) == d["total"]["io_written"] == int(r["np"]) << 20)
    check(f"np={r['np']}: communication {r['communication_s']} s is the MPI time without I/O and waiting",
          abs(float(r["communication_s"]) - (mpi - io - d["mean"]["waiting"])) < 1e-9 and io > 0)
html = open("io.html").read()
parts = {m[0]: float(m[1]) for m in re.findall(
    r'data-point="([^"]+)" data-part="file I/O" data-value="([^"]+)"', html)}
check("the page: a file I/O part in each point's bar, at the CSV's number",
      parts == {r["point"]: float(r["io_s"]) for r in rows})
check("the page: the table has the file I/O columns",
      all(f'data-col="{c}"' in html for c in ("io_s", "io_read", "io_written")))
done()
PY
exit $fail
