/* The shared file pointer and the collective calls that change what all
 * members share: the pointer is the file's (one rank runs at a time, so
 * taking a piece of it is atomic); ordered access gives each member its
 * piece in rank order after an allgather of their sizes; calls that set
 * something for all (the pointer, the size) do it once, for the first
 * member past their barrier. */
#include "io.h"
#include "../coll/coll.h"
#include "../runtime/runtime.h"
#include <stdlib.h>

MPI_Offset io_shared_claim(io_fh_t *fh, MPI_Offset n)
{
  MPI_Offset at = fh->f->shared;
  fh->f->shared += n;
  return at;
}

void io_barrier(io_fh_t *fh)
{
  coll_args_t none = {0};
  coll_run(COLL_BARRIER, fh->c, &none);
}

MPI_Offset io_ordered_claim(io_fh_t *fh, MPI_Offset n)
{
  MPI_Offset *all = malloc(sizeof *all * (size_t)fh->n), before = 0, total = 0, base;
  const dt_t *ot = dt_get(MPI_OFFSET);
  coll_args_t a = {.sbuf = &n, .scount = 1, .st = ot, .rbuf = all, .rcount = 1, .rt = ot};
  coll_run(COLL_ALLGATHER, fh->c, &a);
  for (int i = 0; i < fh->n; i++) {
    if (i < fh->rank)
      before += all[i];
    total += all[i];
  }
  free(all);
  io_coll_next(fh);
  if (io_once(fh, &base)) {
    base = fh->f->shared;
    fh->f->once_val = base;
    fh->f->shared = base + total;
  }
  return base + before;
}

MPI_Offset io_collective_set(io_fh_t *fh, MPI_Offset (*set)(io_fh_t *, MPI_Offset), MPI_Offset arg)
{
  io_barrier(fh);
  io_coll_next(fh);
  MPI_Offset val;
  if (io_once(fh, &val))
    fh->f->once_val = val = set(fh, arg);
  return val;
}
