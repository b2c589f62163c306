/* The storage model: where a file's bytes live and what an access costs.
 * pfs: the platform's storage servers (hosts with the property
 * simpi/storage=server, each serving from its first disk), a file striped
 * round-robin over striping_factor of them in striping_unit pieces, from a
 * server chosen by its name; local: every rank's accesses go to the first
 * disk of its own host. An independent access of one extent moves its bytes;
 * a noncontiguous one sieves (as ROMIO does by default): it reads the span of
 * its extents, and a write then writes that span back. */
#include "io.h"
#include "../runtime/runtime.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int pfs;          /* 1: storage servers, 0: each host's own disk */
static size_t *servers;  /* pfs: the servers' host indices, in name order */
static int nservers;

const char *io_model_name(void) { return pfs ? "pfs" : "local"; }

static int by_name(const void *a, const void *b)
{
  return strcmp(kern_host_name(*(const size_t *)a), kern_host_name(*(const size_t *)b));
}

void io_storage_setup(void)
{
  size_t nh = kern_host_count();
  servers = malloc(sizeof *servers * (nh ? nh : 1));
  nservers = 0;
  for (size_t h = 0; h < nh; h++) {
    const char *role = kern_host_property(h, "simpi/storage");
    if (role && !strcmp(role, "server"))
      servers[nservers++] = h;
  }
  qsort(servers, (size_t)nservers, sizeof *servers, by_name);
  pfs = rt_opts.io_storage == RT_IO_PFS || (rt_opts.io_storage == RT_IO_AUTO && nservers > 0);
  if (!pfs) /* node-local: a disk for every host that runs a rank and has none */
    for (int i = 0; i < rt_nranks; i++)
      if (!kern_host_has_disk(rt_ranks[i].host))
        kern_host_add_disk(rt_ranks[i].host, rt_opts.io_read_bw, rt_opts.io_write_bw);
}

void io_layout(io_file_t *f, const io_hints_t *h)
{
  f->unit = h->striping_unit > 0 ? h->striping_unit : (MPI_Offset)rt_opts.io_stripe_size;
  int want = h->striping_factor > 0 ? h->striping_factor : rt_opts.io_stripe_count;
  f->stripes = want > 0 && want < nservers ? want : nservers;
  unsigned long hash = 5381;
  for (const char *s = f->path; *s; s++)
    hash = hash * 33 + (unsigned char)*s;
  f->first = nservers ? (int)(hash % (unsigned long)nservers) : 0;
}

/* The bytes of [off, off + len) on each of the file's stripes (by[stripes]). */
static void stripe_bytes(const io_file_t *f, MPI_Offset off, MPI_Offset len, double *by)
{
  MPI_Offset end = off + len, round = f->unit * f->stripes;
  while (off < end) {
    if (off % round == 0 && end - off >= round) { /* whole rounds: every stripe alike */
      MPI_Offset rounds = (end - off) / round;
      for (int s = 0; s < f->stripes; s++)
        by[s] += (double)(rounds * f->unit);
      off += rounds * round;
      continue;
    }
    MPI_Offset st = off / f->unit, stop = (st + 1) * f->unit;
    MPI_Offset take = (stop < end ? stop : end) - off;
    by[st % f->stripes] += (double)take;
    off += take;
  }
}

/* The access's pieces: one per server concerned (pfs), or the caller's own
 * disk; blocking (nb = 0): made now by the caller, NULL; else the transfer
 * that completes with it. */
static kern_comm_t *access_kind(const io_file_t *f, size_t host, const io_seg_t *segs, size_t n, int kind, int nb)
{
  kern_io_piece_t fewp[16], *p = fewp;
  size_t k = 0;
  if (!pfs || f->stripes == 0) {
    double bytes = 0;
    for (size_t i = 0; i < n; i++)
      bytes += (double)segs[i].len;
    fewp[k++] = (kern_io_piece_t){host, bytes};
  } else {
    double few[16], *by = f->stripes <= 16 ? few : malloc(sizeof *by * (size_t)f->stripes);
    memset(by, 0, sizeof *by * (size_t)f->stripes);
    for (size_t i = 0; i < n; i++)
      stripe_bytes(f, segs[i].off, segs[i].len, by);
    if (f->stripes > 16)
      p = malloc(sizeof *p * (size_t)f->stripes);
    for (int s = 0; s < f->stripes; s++)
      if (by[s] > 0)
        p[k++] = (kern_io_piece_t){servers[(f->first + s) % nservers], by[s]};
    if (by != few)
      free(by);
  }
  kern_comm_t *c = NULL;
  if (nb)
    c = kern_io(host, p, k, kind, 0);
  else
    kern_io_wait(host, p, k, kind, 0);
  if (p != fewp)
    free(p);
  return c;
}

void io_storage_access(const io_file_t *f, size_t host, const io_seg_t *segs, size_t n, int write)
{
  access_kind(f, host, segs, n, write ? KERN_IO_WRITE : KERN_IO_READ, 0);
}

p2p_req_t *io_request(kern_comm_t *kc, MPI_Offset bytes)
{
  p2p_req_t *r = p2p_req_new();
  r->kind = P2P_IO;
  r->owner = rt_self->id;
  r->peer = MPI_PROC_NULL;
  r->peer_world = -1;
  r->active = 1;
  r->nonblocking = 1;
  r->kc = kc;
  r->done = kc == NULL;
  r->comm = MPI_COMM_SELF;
  r->comm_name = "a file";
  r->msg_bytes = (size_t)bytes;
  r->st.MPI_SOURCE = MPI_ANY_SOURCE;
  r->st.MPI_TAG = MPI_ANY_TAG;
  r->st.simpi_bytes = bytes;
  return r;
}

p2p_req_t *io_time_independent(io_fh_t *fh, const io_seg_t *segs, size_t n, int write, int nb)
{
  if (n == 0)
    return NULL;
  int ds = write ? fh->hints.ds_write : fh->hints.ds_read;
  size_t host = rt_self->host;
  kern_comm_t *c;
  if (n == 1 || ds == 0)
    c = access_kind(fh->f, host, segs, n, write ? KERN_IO_WRITE : KERN_IO_READ, nb);
  else {
    io_seg_t span = {segs[0].off, 0};
    MPI_Offset end = 0;
    for (size_t i = 0; i < n; i++) {
      if (segs[i].off < span.off)
        span.off = segs[i].off;
      if (segs[i].off + segs[i].len > end)
        end = segs[i].off + segs[i].len;
    }
    span.len = end - span.off;
    c = access_kind(fh->f, host, &span, 1, write ? KERN_IO_RMW : KERN_IO_READ, nb);
  }
  return nb ? io_request(c, 0) : NULL;
}
