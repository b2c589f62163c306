/* MPI-IO actions: the file calls that do something, executed by the I/O
 * engine (src/io): open and close, data access (the data moves now, the
 * access is timed on the storage model: independently, or collectively with
 * two-phase aggregation), and the collective calls that set what the
 * members share. Recorded as simpi's extension of the trace format (left
 * out under tracing/ti-compat:yes), files named by a per-rank id FID (from
 * 1, in the order of the rank's opens), positions and counts in etypes of
 * the view:
 *   file_open FID AMODE PATH UNIT FACTOR HINTS [comm=C] [err=CLASS]   file_close FID
 *   file_view FID DISP ESIZE FEXT HINTS NB OFF1 LEN1 .. OFFNB LENNB
 *   file_info FID HINTS
 *   file_read|file_write FID POS COUNT [req=K]        (independent; K: as Rput's)
 *   file_read_all|file_write_all FID POS COUNT        (collective, split ones too)
 *   file_read_shared|file_write_shared FID COUNT [req=K]
 *   file_read_ordered|file_write_ordered FID COUNT
 *   file_set_size|file_preallocate FID BYTES   file_seek_shared FID POS
 *   file_set_atomicity FID FLAG   file_sync FID
 * PATH has its spaces, '%' and control bytes as %XX; UNIT and FACTOR are
 * the striping hints (0: the model's default); HINTS is "CB_NODES
 * CB_BUFFER_SIZE CB_READ CB_WRITE DS_READ DS_WRITE" (0: default; the
 * switches 1 enable, 0 disable, -1 automatic); a view's filetype is written
 * as its NB blocks (byte offsets and lengths), ESIZE the etype's bytes and
 * FEXT the filetype's extent; an open that failed has FID 0 and the error
 * class it returned (a replay's open fails so too). Individual file pointers are written as the
 * positions they stood at; nonblocking collective accesses, timed as
 * independent ones, are written as such. */
#include "record.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tracing(void) { return trace_on && rt_self && !rt_opts.trace_compat; }

static void hints_str(const io_hints_t *h, char *s, size_t len)
{
  snprintf(s, len, "%d %lld %d %d %d %d", h->cb_nodes, (long long)h->cb_buffer_size, h->cb_read, h->cb_write,
           h->ds_read, h->ds_write);
}

int act_io_open(rt_comm_t *parent, rt_comm_t *fc, const char *path, int amode, const io_hints_t *h, io_file_t **f,
                long *trace_id, char *why, size_t len)
{
  int err;
  if (rt_self->trace_io_err) { /* a replay of an open that failed */
    err = rt_self->trace_io_err;
    rt_self->trace_io_err = 0;
    snprintf(why, len, "cannot open file '%s' (it failed so in the recorded run)", path);
  } else
    err = io_file_share(fc, path, amode, h, f, why, len);
  *trace_id = 0;
  int self = parent->handle == MPI_COMM_SELF;
  if (tracing() && (parent->trace_id >= 0 || self)) { /* an open that failed is "file_open 0 ... err=CLASS" */
    size_t n = strlen(path);
    char *p = malloc(3 * n + 1), *q = p, hs[160], suffix[64] = "";
    for (const unsigned char *s = (const unsigned char *)path; *s; s++)
      if (*s <= ' ' || *s == '%' || *s >= 127)
        q += sprintf(q, "%%%02X", *s);
      else
        *q++ = (char)*s;
    *q = 0;
    hints_str(h, hs, sizeof hs);
    int k = 0;
    if (!world_of(parent))
      k = snprintf(suffix, sizeof suffix, " comm=%d", self ? -1 : parent->trace_id);
    if (err)
      snprintf(suffix + k, sizeof suffix - (size_t)k, " err=%d", err);
    else
      *trace_id = ++rt_self->files_made;
    TRACE("file_open %ld %d %s %lld %d %s%s", *trace_id, amode, p, (long long)h->striping_unit, h->striping_factor,
          hs, suffix);
    free(p);
  }
  return err;
}

void act_io_close(io_fh_t *fh)
{
  if (tracing() && fh->trace_id)
    TRACE("file_close %ld", fh->trace_id);
  io_barrier(fh);
  io_file_release(fh->f);
  fh->f = NULL;
}

static const char *const access_names[2][4] = {
    {"file_read", "file_read_all", "file_read_shared", "file_read_ordered"},
    {"file_write", "file_write_all", "file_write_shared", "file_write_ordered"}};

static void trace_access(const io_fh_t *fh, MPI_Offset pos, MPI_Offset n, int how)
{
  int write = how & ACT_IO_WRITE;
  int kind = how & ACT_IO_ORDERED ? 3 : how & ACT_IO_SHARED ? 2 : how & ACT_IO_COLL ? 1 : 0;
  if (kind >= 2)
    TRACE("%s %ld %lld", access_names[write][kind], fh->trace_id, (long long)n);
  else
    TRACE("%s %ld %lld %lld", access_names[write][kind], fh->trace_id, (long long)pos, (long long)n);
}

int act_io_access(io_fh_t *fh, MPI_Offset pos, void *buf, MPI_Count count, const dt_t *t, int how, p2p_req_t **req,
                  MPI_Offset *moved, char *why, size_t len)
{
  int write = how & ACT_IO_WRITE, traced = tracing() && fh->trace_id;
  if (traced)
    trace_access(fh, pos, io_bytes(fh, count, t) / (MPI_Offset)fh->v.esize, how);
  io_seg_t *segs;
  size_t nseg;
  int err = io_data(fh, pos * (MPI_Offset)fh->v.esize, buf, count, t, write, moved, &segs, &nseg, why, len);
  p2p_req_t *r = NULL;
  if (how & ACT_IO_COLL) /* the other members wait for this one, error or not */
    io_time_collective(fh, segs, err ? 0 : nseg, *moved, write);
  else if (!err)
    r = io_time_independent(fh, segs, nseg, write, how & ACT_IO_NB);
  free(segs);
  if (rt_opts.stats && *moved > 0)
    rt_stats_io(rt_self->id, fh->f->path, (double)*moved, write);
  if (!r)
    r = io_request(NULL, 0);
  r->st.simpi_bytes = *moved;
  r->msg_bytes = (size_t)*moved;
  if (how & ACT_IO_NB) {
    if (traced) { /* its wait line is "wait 0 0 -K" */
      r->trace_nbc = ++rt_self->trace_nbcs;
      char ext[32];
      snprintf(ext, sizeof ext, " req=%ld", r->trace_nbc);
      trace_patch(rt_self->id, trace_hold_last(rt_self->id), ext, 0);
    }
    *req = r;
  } else {
    p2p_wait(r);
    p2p_req_free(r);
  }
  return err;
}

MPI_Offset act_io_set(io_fh_t *fh, MPI_Offset (*set)(io_fh_t *, MPI_Offset), MPI_Offset arg)
{
  if (tracing() && fh->trace_id && rt_self->call) { /* MPI_File_set_size -> file_set_size */
    char name[64];
    snprintf(name, sizeof name, "%s", rt_self->call + 4);
    for (char *c = name; *c; c++)
      *c = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
    TRACE("%s %ld %lld", name, fh->trace_id, (long long)arg);
  }
  return io_collective_set(fh, set, arg);
}

MPI_Offset act_io_view(io_fh_t *fh, MPI_Offset (*set)(io_fh_t *, MPI_Offset))
{
  if (tracing() && fh->trace_id) {
    const io_view_t *v = &fh->v;
    size_t cap = 160 + v->nb * 44, k = 0;
    char *s = malloc(cap), hs[160];
    hints_str(&fh->hints, hs, sizeof hs);
    k += (size_t)snprintf(s, cap, "file_view %ld %lld %zu %ld %s %zu", fh->trace_id, (long long)v->disp, v->esize,
                          (long)v->fext, hs, v->nb);
    for (size_t i = 0; i < v->nb; i++)
      k += (size_t)snprintf(s + k, cap - k, " %ld %zu", (long)v->b[i].off, v->b[i].len);
    TRACE("%s", s);
    free(s);
  }
  return io_collective_set(fh, set, 0);
}

void act_io_hints(io_fh_t *fh, const io_hints_t *h)
{
  fh->hints = *h;
  if (tracing() && fh->trace_id) {
    char hs[160];
    hints_str(h, hs, sizeof hs);
    TRACE("file_info %ld %s", fh->trace_id, hs);
  }
}

void act_io_barrier(io_fh_t *fh)
{
  if (tracing() && fh->trace_id)
    TRACE("file_sync %ld", fh->trace_id);
  io_barrier(fh);
}

MPI_Offset act_io_ordered(io_fh_t *fh, MPI_Offset n) { return io_ordered_claim(fh, n); }

MPI_Offset act_io_shared(io_fh_t *fh, MPI_Offset n) { return io_shared_claim(fh, n); }

void simpi_trace_file_error(int cls)
{
  if (rt_self)
    rt_self->trace_io_err = cls;
}

void simpi_trace_files(void)
{
  rt_opts.io_data = 0;
  rt_opts.io_any_file = 1;
}
