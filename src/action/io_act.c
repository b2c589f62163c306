/* MPI-IO actions: the file calls that do something, executed by the I/O
 * engine (src/io): open and close, data access (the data moves now, the
 * access is timed on the storage model: independently, or collectively with
 * two-phase aggregation), and the collective calls that set what the
 * members share. No trace lines exist for them: recording a trace stops at
 * the first one, with an error saying so, rather than writing a trace that
 * replays without its I/O. */
#include "record.h"
#include <stdlib.h>

static void untraced(const char *what)
{
  if (trace_on)
    rt_fatal(1, "rank %d: %s: MPI-IO calls cannot be recorded in a time-independent trace (simpi has no trace lines "
             "for them); run without -trace-ti / --trace-ti",
             rt_self ? rt_self->id : -1, what);
}

int act_io_open(rt_comm_t *fc, const char *path, int amode, const io_hints_t *h, io_file_t **f, char *why,
                size_t len)
{
  untraced("MPI_File_open");
  return io_file_share(fc, path, amode, h, f, why, len);
}

void act_io_close(io_fh_t *fh)
{
  untraced("MPI_File_close");
  io_barrier(fh);
  io_file_release(fh->f);
  fh->f = NULL;
}

int act_io_access(io_fh_t *fh, MPI_Offset pos, void *buf, MPI_Count count, const dt_t *t, int how, p2p_req_t **req,
                  MPI_Offset *moved, char *why, size_t len)
{
  untraced(rt_self && rt_self->call ? rt_self->call : "MPI-IO");
  int write = how & ACT_IO_WRITE;
  io_seg_t *segs;
  size_t nseg;
  int err = io_data(fh, pos * (MPI_Offset)fh->v.esize, buf, count, t, write, moved, &segs, &nseg, why, len);
  p2p_req_t *r = NULL;
  if (how & ACT_IO_COLL) /* the other members wait for this one, error or not */
    io_time_collective(fh, segs, err ? 0 : nseg, *moved, write);
  else if (!err)
    r = io_time_independent(fh, segs, nseg, write);
  free(segs);
  if (rt_opts.stats && *moved > 0)
    rt_stats_io(rt_self->id, fh->f->path, (double)*moved, write);
  if (!r)
    r = io_request(NULL, 0);
  r->st.simpi_bytes = *moved;
  r->msg_bytes = (size_t)*moved;
  if (how & ACT_IO_NB)
    *req = r;
  else {
    p2p_wait(r);
    p2p_req_free(r);
  }
  return err;
}

MPI_Offset act_io_set(io_fh_t *fh, MPI_Offset (*set)(io_fh_t *, MPI_Offset), MPI_Offset arg)
{
  untraced(rt_self && rt_self->call ? rt_self->call : "MPI-IO");
  return io_collective_set(fh, set, arg);
}

void act_io_barrier(io_fh_t *fh)
{
  untraced(rt_self && rt_self->call ? rt_self->call : "MPI-IO");
  io_barrier(fh);
}

MPI_Offset act_io_ordered(io_fh_t *fh, MPI_Offset n)
{
  untraced(rt_self && rt_self->call ? rt_self->call : "MPI-IO");
  return io_ordered_claim(fh, n);
}

MPI_Offset act_io_shared(io_fh_t *fh, MPI_Offset n)
{
  untraced(rt_self && rt_self->call ? rt_self->call : "MPI-IO");
  return io_shared_claim(fh, n);
}
