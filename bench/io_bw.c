/* I/O bandwidth on the storage model: every rank writes BYTES to one shared
 * file, collectively (write_at_all / write_all) or independently, in its own
 * contiguous part or interleaved with the others' in blocks of BLOCK bytes
 * (a vector view: each rank's blocks one BLOCK * N apart), as CALLS equal
 * calls. The buffer is SMPI_SHARED_MALLOC'd (a large run needs
 * --cfg=io/data:no). Rank 0 prints the simulated time of the writes (from
 * a barrier to the last rank's end) and the aggregate bandwidth.
 * Usage: io_bw coll|indep contig|inter BYTES [CALLS [BLOCK]] */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, n;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  if (argc < 4) {
    if (!rank)
      fprintf(stderr, "usage: io_bw coll|indep contig|inter BYTES [CALLS [BLOCK]]\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int coll = !strcmp(argv[1], "coll"), inter = !strcmp(argv[2], "inter");
  long long bytes = atoll(argv[3]), calls = argc > 4 ? atoll(argv[4]) : 1, block = argc > 5 ? atoll(argv[5]) : 65536;
  long long piece = bytes / calls;
  if (inter && bytes % block)
    block = bytes; /* a single block per rank: contiguous parts after all */
  char *buf = SMPI_SHARED_MALLOC((size_t)piece);
  MPI_File fh;
  MPI_File_open(MPI_COMM_WORLD, "io_bw.dat", MPI_MODE_CREATE | MPI_MODE_WRONLY | MPI_MODE_DELETE_ON_CLOSE,
                MPI_INFO_NULL, &fh);
  MPI_Datatype ft = MPI_DATATYPE_NULL;
  if (inter) {
    MPI_Datatype v;
    MPI_Type_vector((int)(bytes / block), (int)block, (int)(block * n), MPI_BYTE, &v);
    MPI_Type_create_resized(v, 0, (MPI_Aint)(bytes * n), &ft);
    MPI_Type_free(&v);
    MPI_Type_commit(&ft);
    MPI_File_set_view(fh, rank * block, MPI_BYTE, ft, "native", MPI_INFO_NULL);
  } else
    MPI_File_set_view(fh, rank * bytes, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (long long c = 0; c < calls; c++) {
    if (coll)
      MPI_File_write_at_all(fh, c * piece, buf, (int)piece, MPI_BYTE, MPI_STATUS_IGNORE);
    else
      MPI_File_write_at(fh, c * piece, buf, (int)piece, MPI_BYTE, MPI_STATUS_IGNORE);
  }
  double t = MPI_Wtime() - t0, tmax;
  MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (!rank)
    printf("%d ranks %s %s %lld B each in %lld calls: %.6f s simulated, %.1f MB/s\n", n, argv[1], argv[2], bytes,
           calls, tmax, (double)bytes * n / tmax / 1e6);
  MPI_File_close(&fh);
  if (ft != MPI_DATATYPE_NULL)
    MPI_Type_free(&ft);
  SMPI_SHARED_FREE(buf);
  MPI_Finalize();
  return 0;
}
