/* The simulated time of collective access. As ROMIO does: the members first
 * share the start and end of their accesses (two allgathers of one offset
 * each, timed without data: the members write their extents in the call's
 * shared record, so that no rank holds N of them); when those
 * interleave (or cb_read/cb_write say enable), two-phase I/O: aggregators,
 * one per host by default (cb_nodes), each own an equal part of the
 * accessed range, handled in rounds of cb_buffer_size bytes; in each round
 * the members send an aggregator the bytes of theirs that fall in its part
 * (a read: receive them from it) and the aggregator writes (reads) its
 * round's range as one access, reading it first when the data leave holes
 * in it. Otherwise each member's access is independent. The messages are
 * real messages of the file's communicator that carry no data (the data
 * moved when the members made the call); ROMIO's exchange of request counts
 * is a barrier here, the counts themselves are shared in memory. */
#include "io.h"
#include "../coll/coll.h"
#include "../runtime/runtime.h"
#include <stdlib.h>
#include <string.h>

#define DEFAULT_CB_BUFFER ((MPI_Offset)16 << 20)

typedef struct entry { /* a member's bytes in one round of one aggregator */
  long w;
  MPI_Offset bytes;
} entry_t;

/* What the members of one call share: each member's entries. */
typedef struct call {
  const io_file_t *f;
  long seq;
  int left;
  entry_t **rows;
  size_t *nrows;
  MPI_Offset *ext;   /* each member's first and last byte (-1: none) */
  int summed;        /* lo, hi, interleaved are known */
  MPI_Offset lo, hi;
  int interleaved;
  int *agg, na;      /* the aggregators, once known */
  struct call *next;
} call_t;
static call_t *calls;

static call_t *call_get(io_fh_t *fh)
{
  for (call_t *k = calls; k; k = k->next)
    if (k->f == fh->f && k->seq == fh->coll_seq)
      return k;
  call_t *k = calloc(1, sizeof *k);
  *k = (call_t){.f = fh->f, .seq = fh->coll_seq, .left = fh->n, .rows = calloc((size_t)fh->n, sizeof *k->rows),
                .nrows = calloc((size_t)fh->n, sizeof *k->nrows), .ext = malloc(sizeof *k->ext * 2 * (size_t)fh->n),
                .next = calls};
  calls = k;
  return k;
}

static void call_put(call_t *k, int n)
{
  if (--k->left > 0)
    return;
  for (call_t **pp = &calls; *pp; pp = &(*pp)->next)
    if (*pp == k) {
      *pp = k->next;
      break;
    }
  for (int i = 0; i < n; i++)
    free(k->rows[i]);
  free(k->rows);
  free(k->nrows);
  free(k->ext);
  free(k->agg);
  free(k);
}

/* The aggregators: the first member on each host, in rank order, then the
 * second on each ..., cb_nodes of them (all hosts' firsts by default). */
static int *aggregators(io_fh_t *fh, int *na)
{
  int n = fh->n, *agg = malloc(sizeof *agg * (size_t)n), want = fh->hints.cb_nodes, k = 0;
  size_t nh = kern_host_count();
  int *seen = calloc(nh ? nh : 1, sizeof *seen), *pos = malloc(sizeof *pos * (size_t)n), most = 0;
  for (int i = 0; i < n; i++) { /* i is the pos[i]-th member of its host */
    size_t host = rt_ranks[comm_world(fh->c, i)].host;
    pos[i] = seen[host]++;
    if (pos[i] > most)
      most = pos[i];
  }
  for (int pass = 0; pass <= most && (want > 0 ? k < want : pass == 0); pass++)
    for (int i = 0; i < n; i++)
      if (pos[i] == pass)
        agg[k++] = i;
  if (want > 0 && k > want)
    k = want;
  free(seen);
  free(pos);
  *na = k;
  return agg;
}

void io_time_collective(io_fh_t *fh, const io_seg_t *segs, size_t n, MPI_Offset bytes, int write)
{
  rt_comm_t *c = fh->c;
  int np = fh->n, me = fh->rank;
  MPI_Offset mine[2] = {-1, -1};
  for (size_t i = 0; i < n; i++) {
    if (mine[0] < 0 || segs[i].off < mine[0])
      mine[0] = segs[i].off;
    if (segs[i].off + segs[i].len > mine[1])
      mine[1] = segs[i].off + segs[i].len;
  }
  (void)bytes;
  io_coll_next(fh); /* each collective access its own record */
  call_t *k = call_get(fh);
  k->ext[2 * me] = mine[0];
  k->ext[2 * me + 1] = mine[1];
  const dt_t *ot = dt_get(MPI_OFFSET);
  void *none_read = coll_scratch(sizeof(MPI_Offset) * (size_t)np);
  coll_args_t ga = {.sbuf = &mine[0], .scount = 1, .st = ot, .rbuf = none_read, .rcount = 1, .rt = ot};
  rt_self->no_data++; /* every member has written its extents once these end */
  coll_run(COLL_ALLGATHER, c, &ga);
  ga.sbuf = &mine[1];
  coll_run(COLL_ALLGATHER, c, &ga);
  rt_self->no_data--;
  if (!k->summed) { /* the first member past them, for all */
    MPI_Offset lo = -1, hi = -1, prev_end = -1;
    for (int i = 0; i < np; i++) {
      const MPI_Offset *e = k->ext + 2 * i;
      if (e[0] < 0)
        continue;
      if (prev_end > e[0])
        k->interleaved = 1;
      if (lo < 0 || e[0] < lo)
        lo = e[0];
      if (e[1] > hi)
        hi = e[1];
      if (e[1] > prev_end)
        prev_end = e[1];
    }
    k->lo = lo, k->hi = hi, k->summed = 1;
  }
  MPI_Offset lo = k->lo, hi = k->hi;
  int interleaved = k->interleaved;
  int cb = write ? fh->hints.cb_write : fh->hints.cb_read;
  if (lo < 0 || np == 1 || cb == 0 || (cb < 0 && !interleaved)) {
    call_put(k, np);
    io_time_independent(fh, segs, n, write, 0);
    return;
  }
  if (!k->agg)
    k->agg = aggregators(fh, &k->na);
  int na = k->na, *agg = k->agg;
  MPI_Offset span = hi - lo, fd = (span + na - 1) / na;
  MPI_Offset cbuf = fh->hints.cb_buffer_size > 0 ? fh->hints.cb_buffer_size : DEFAULT_CB_BUFFER;
  long ntimes = (long)((fd + cbuf - 1) / cbuf);
  /* this member's bytes per round of each aggregator (w = aggregator * ntimes + round) */
  size_t cap = 0, nr = 0;
  entry_t *row = NULL;
  for (size_t i = 0; i < n; i++)
    for (MPI_Offset p = segs[i].off, e = segs[i].off + segs[i].len; p < e;) {
      long j = (long)((p - lo) / fd);
      MPI_Offset dom = lo + j * fd, t = (p - dom) / cbuf, wend = dom + (t + 1) * cbuf;
      if (wend > dom + fd)
        wend = dom + fd;
      MPI_Offset take = (wend < e ? wend : e) - p;
      long w = j * ntimes + (long)t;
      if (nr && row[nr - 1].w == w)
        row[nr - 1].bytes += take;
      else {
        if (nr == cap)
          row = realloc(row, sizeof *row * (cap = cap ? cap * 2 : 8));
        row[nr++] = (entry_t){w, take};
      }
      p += take;
    }
  k->rows[me] = row;
  k->nrows[me] = nr;
  coll_args_t none = {0};
  coll_run(COLL_BARRIER, c, &none); /* ROMIO's exchange of request counts */
  int my_agg = -1; /* which aggregator this member is */
  for (int j = 0; j < na; j++)
    if (agg[j] == me)
      my_agg = j;
  /* an aggregator's senders per round: (member, bytes), from every member's entries */
  MPI_Offset *got = NULL;
  int *from = NULL, *cnt = NULL, *first = NULL;
  if (my_agg >= 0) {
    cnt = calloc((size_t)ntimes, sizeof *cnt);
    for (int r = 0; r < np; r++)
      for (size_t e = 0; e < k->nrows[r]; e++)
        if (k->rows[r][e].w / ntimes == my_agg)
          cnt[k->rows[r][e].w % ntimes]++;
    first = calloc((size_t)ntimes + 1, sizeof *first);
    for (long t = 0; t < ntimes; t++)
      first[t + 1] = first[t] + cnt[t];
    from = malloc(sizeof *from * (size_t)(first[ntimes] + 1));
    got = malloc(sizeof *got * (size_t)(first[ntimes] + 1));
    memset(cnt, 0, sizeof *cnt * (size_t)ntimes);
    for (int r = 0; r < np; r++)
      for (size_t e = 0; e < k->nrows[r]; e++)
        if (k->rows[r][e].w / ntimes == my_agg) {
          long t = k->rows[r][e].w % ntimes;
          from[first[t] + cnt[t]] = r;
          got[first[t] + cnt[t]++] = k->rows[r][e].bytes;
        }
  }
  const dt_t *byte = dt_get(MPI_BYTE);
  p2p_req_t **rs = malloc(sizeof *rs * (nr + (size_t)(first ? first[ntimes] : 0) + 2));
  for (long t = 0; t < ntimes; t++) {
    coll_t ck = coll_begin(c);
    ck.nodata = 1;
    ck.what = "a collective file access";
    int m = 0;
    MPI_Offset wlo = 0, wlen = 0, sum = 0;
    if (my_agg >= 0) {
      wlo = lo + my_agg * fd + t * cbuf;
      MPI_Offset whi = lo + my_agg * fd + fd;
      if (whi > hi)
        whi = hi;
      wlen = wlo + cbuf < whi ? cbuf : whi - wlo;
      for (int i = first[t]; i < first[t + 1]; i++)
        sum += got[i];
      if (!write && sum > 0) { /* a read: the aggregator reads its range, then sends */
        io_seg_t s = {wlo, wlen};
        io_storage_access(fh->f, rt_self->host, &s, 1, 0);
      }
      for (int i = first[t]; i < first[t + 1]; i++)
        if (from[i] != me)
          rs[m++] = write ? coll_irecv(&ck, NULL, got[i], byte, from[i]) : coll_isend(&ck, NULL, got[i], byte, from[i]);
    }
    for (size_t e = 0; e < nr; e++) {
      int a = agg[row[e].w / ntimes];
      if (row[e].w % ntimes == t && a != me)
        rs[m++] = write ? coll_isend(&ck, NULL, row[e].bytes, byte, a) : coll_irecv(&ck, NULL, row[e].bytes, byte, a);
    }
    coll_waitall(&ck, rs, m);
    if (my_agg >= 0 && write && sum > 0) {
      io_seg_t s = {wlo, wlen};
      if (sum < wlen) /* holes: read the range first */
        io_storage_access(fh->f, rt_self->host, &s, 1, 0);
      io_storage_access(fh->f, rt_self->host, &s, 1, 1);
    }
  }
  free(rs);
  free(got);
  free(from);
  free(cnt);
  free(first);
  call_put(k, np);
}
