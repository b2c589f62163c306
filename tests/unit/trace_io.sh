#!/usr/bin/env bash
# MPI-IO in time-independent traces (simpi's file_* lines, src/action/io_act.c): a program that
# opens files on the world, on MPI_COMM_SELF and on a Comm_dup of it, sets a view with holes and hints, writes
# collectively, independently, nonblockingly and through the shared pointer, fails an open, and
# resizes; its trace replays with the same simulated time in an empty directory that the replay
# leaves empty (files are not touched), recorded again it gives the same lines, and under
# tracing/ti-compat:yes no file line is written (SimGrid's format has none).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
cat > tio.c <<'C'
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int r, n, buf[1000], got;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  for (int i = 0; i < 1000; i++)
    buf[i] = r * 1000 + i;
  MPI_File f, g;
  MPI_Info info;
  MPI_Info_create(&info);
  MPI_Info_set(info, "striping_factor", "2");
  MPI_Info_set(info, "cb_nodes", "2");
  if (MPI_File_open(MPI_COMM_WORLD, "missing.dat", MPI_MODE_RDONLY, MPI_INFO_NULL, &f) == MPI_SUCCESS)
    return 1;
  MPI_File_open(MPI_COMM_WORLD, "my file%.dat", MPI_MODE_CREATE | MPI_MODE_RDWR, info, &f);
  MPI_Datatype vec;
  MPI_Type_vector(100, 2, 2 * n, MPI_INT, &vec);
  MPI_Type_commit(&vec);
  MPI_File_set_view(f, r * 2 * sizeof(int), MPI_INT, vec, "native", MPI_INFO_NULL);
  MPI_File_write_all(f, buf, 200, MPI_INT, MPI_STATUS_IGNORE);
  MPI_File_read_at_all(f, 0, buf, 200, MPI_INT, MPI_STATUS_IGNORE);
  MPI_Request q;
  MPI_File_iwrite_at(f, 10, buf, 50, MPI_INT, &q);
  MPI_Wait(&q, MPI_STATUS_IGNORE);
  MPI_File_set_view(f, 0, MPI_INT, MPI_INT, "native", info);
  MPI_File_write_shared(f, buf, 300, MPI_INT, MPI_STATUS_IGNORE);
  MPI_File_write_ordered(f, buf, 1000, MPI_INT, MPI_STATUS_IGNORE);
  MPI_File_set_size(f, 100000);
  MPI_File_sync(f);
  MPI_File_close(&f);
  MPI_File_open(MPI_COMM_SELF, "mine.dat", MPI_MODE_CREATE | MPI_MODE_WRONLY | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &g);
  MPI_File_write(g, buf, 1000, MPI_INT, MPI_STATUS_IGNORE);
  MPI_File_close(&g);
  MPI_Comm me;
  MPI_Comm_dup(MPI_COMM_SELF, &me);
  MPI_File_open(me, "own.dat", MPI_MODE_CREATE | MPI_MODE_WRONLY | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &g);
  MPI_File_write_all(g, buf, 10, MPI_INT, MPI_STATUS_IGNORE);
  MPI_File_close(&g);
  MPI_Comm_free(&me);
  MPI_Allreduce(&r, &got, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Info_free(&info);
  MPI_Type_free(&vec);
  MPI_Finalize();
  return 0;
}
C
"$top/wrappers/simcc" tio.c -o tio
simtime() { sed -n 's/^simpi: simulated time \([0-9.]*\) s.*/\1/p' "$1"; }
"$top/wrappers/simrun" -np 4 --cfg=smpi/simulate-computation:no --trace-ti="$work/t.ti" ./tio 2> on.err
for w in 'file_open 0 2 missing.dat 0 0 0 0 -1 -1 -1 -1 err=38' 'file_open 1 9 my%20file%25.dat 0 2 2 0 -1 -1 -1 -1' \
         'file_view 1 8 4 3176 2 0 -1 -1 -1 -1 100 0 8 32 8 64 8 ' 'file_write_all 1 0 200' 'file_read_all 1 0 200' \
         'file_write 1 10 50 req=1' 'wait 0 0 -1' 'file_write_shared 1 300' 'file_write_ordered 1 1000' \
         'file_set_size 1 100000' 'file_sync 1' 'file_close 1' 'file_open 2 21 mine.dat 0 0 0 0 -1 -1 -1 -1 comm=-1' \
         'file_write 2 0 4000' 'comm_split -1 ' 'file_open 3 21 own.dat ' 'file_write_all 3 0 40'; do
  grep -q "^1 $w" t.ti_files/simpi_rank-2.txt || { echo "FAIL: rank 1's trace has no line '$w'"; cat t.ti_files/simpi_rank-2.txt; exit 1; }
done
echo "file lines recorded: ok"
mkdir empty && cd empty
"$top/wrappers/simrun" --replay="$work/t.ti" --trace-ti="$work/again.ti" 2> ../re.err
cd ..
a=$(simtime on.err) b=$(simtime re.err)
[ -n "$a" ] && [ "$a" = "$b" ] || { echo "FAIL: on-line $a s, replay $b s"; cat re.err; exit 1; }
echo "replay: the same simulated time ($a s): ok"
[ -z "$(ls empty)" ] || { echo "FAIL: the replay made files: $(ls empty)"; exit 1; }
echo "the replay touches no file: ok"
for k in 1 2 3 4; do
  diff <(grep file_ t.ti_files/simpi_rank-$k.txt) <(grep file_ again.ti_files/simpi_rank-$k.txt) ||
    { echo "FAIL: the replay's trace has other file lines (rank $((k - 1)))"; exit 1; }
done
echo "a replay recorded again gives the same file lines: ok"
"$top/wrappers/simrun" -np 4 --trace-ti="$work/c.ti" --cfg=tracing/ti-compat:yes ./tio 2> /dev/null
! grep -q file_ c.ti_files/*.txt || { echo "FAIL: ti-compat wrote file lines"; exit 1; }
echo "ti-compat: no file lines: ok"
