/* The communicator actions: the communication of communicator
 * constructors (agreement on members and contexts, in the collective
 * context), and the lines that rebuild communicators and their topologies
 * in a replay (as a comm_split of the parent where one can, extensions
 * otherwise). */
#include "record.h"
#include "../core/topo.h"
#include <stdio.h>
#include <stdlib.h>

/* Dist_graph_create agrees on everyone's edges before it makes the
 * communicator, so it is written as the call (extension):
 * "comm_dist_graph PARENT ID N S1 D1 T.. S2 D2 T.." (this rank's N sources,
 * each with its degree and destinations, as ranks of the parent). */
void act_comm_dist_graph(rt_comm_t *parent, int n, const int *sources, const int *degrees, const int *dests,
                         MPI_Comm made)
{
  if (!trace_on || rt_opts.trace_compat || !rt_self || made == MPI_COMM_NULL)
    return;
  char *line = NULL;
  size_t len;
  FILE *f = open_memstream(&line, &len);
  fprintf(f, "comm_dist_graph %d %d %d", parent->trace_id, comm_get(made)->trace_id, n);
  for (int i = 0, k = 0; i < n; i++) {
    fprintf(f, " %d %d", sources[i], degrees[i]);
    for (int j = 0; j < degrees[i]; j++)
      fprintf(f, " %d", dests[k++]);
  }
  fclose(f);
  TRACE("%s", line);
  free(line);
}

/* Extension lines after the comm_split of a topology communicator:
 * "comm_cart ID NDIMS D1..Dn P1..Pn" for a Cartesian grid, else
 * "comm_adjacent ID NIN R1..Rin NOUT R1..Rout" (this rank's neighbours,
 * in order: graphs are replayed as distributed graphs, which give the same
 * neighbourhood collectives). */
void act_comm_topo(MPI_Comm made)
{
  if (!trace_on || rt_opts.trace_compat || !rt_self || rt_self->trace_quiet || made == MPI_COMM_NULL)
    return;
  rt_comm_t *m = comm_get(made);
  const topo_t *t = m->core->topo;
  if (m->trace_id < 0 || !t)
    return;
  char *line = NULL;
  size_t len;
  FILE *f = open_memstream(&line, &len);
  if (t->kind == MPI_CART) {
    fprintf(f, "comm_cart %d %d", m->trace_id, t->ndims);
    for (int i = 0; i < t->ndims; i++)
      fprintf(f, " %d", t->dims[i]);
    for (int i = 0; i < t->ndims; i++)
      fprintf(f, " %d", t->periods[i]);
  } else {
    int nin, nout, *in, *out, *intag, *outtag;
    topo_neighbors(m, &nin, &in, &intag, &nout, &out, &outtag);
    fprintf(f, "comm_adjacent %d %d", m->trace_id, nin);
    for (int i = 0; i < nin; i++)
      fprintf(f, " %d", in[i]);
    fprintf(f, " %d", nout);
    for (int i = 0; i < nout; i++)
      fprintf(f, " %d", out[i]);
    free(in);
    free(out);
    free(intag);
    free(outtag);
  }
  fclose(f);
  TRACE("%s", line);
  free(line);
}

void act_comm_agree(rt_comm_t *c, const int *mine, int n, int *all)
{
  const dt_t *ints = dt_get(MPI_INT);
  int one = 1, max;
  coll_args_t a = {.sbuf = n ? (const void *)mine : &one, .scount = n ? n : 1, .st = ints, .rbuf = n ? (void *)all : &max,
                   .rcount = n ? n : 1, .rt = ints, .op = MPI_MAX};
  if (n && !all) { /* the time alone: no data, into a buffer every rank shares */
    a.rbuf = coll_scratch(sizeof(int) * (size_t)n * (size_t)comm_size(c));
    rt_self->no_data++;
    coll_run(COLL_ALLGATHER, c, &a);
    rt_self->no_data--;
    return;
  }
  rt_self->keep_data++; /* the members read what they agree on, in replays too */
  if (n && comm_is_inter(c)) {
    /* side 0's values first: the caller's group's through the group's own
     * intracommunicator, the other group's through c */
    int before = c->side ? comm_peer_size(c) : comm_size(c);
    rt_comm_t l = coll_inter_local(c);
    coll_args_t la = a;
    la.rbuf = c->side ? all + (long)before * n : all;
    coll_run(COLL_ALLGATHER, &l, &la);
    a.rbuf = c->side ? all : all + (long)before * n;
    coll_run(COLL_ALLGATHER, c, &a);
  } else
    coll_run(n ? COLL_ALLGATHER : COLL_ALLREDUCE, c, &a);
  rt_self->keep_data--;
}

/* A swap between two members only: its tag is outside the sequence numbers
 * of the communicator's collectives, which every member must share. */
void act_comm_exchange(rt_comm_t *c, int peer, int tag, const int *sbuf, int sn, int *rbuf, int rn)
{
  const dt_t *ints = dt_get(MPI_INT);
  char what[176];
  snprintf(what, sizeof what, "a communicator constructor on %s", comm_name(c));
  coll_t k = {.c = c, .n = comm_size(c), .me = comm_rank(c), .tag = 0x40000000 | (tag & 0x3fffffff),
              .what = coll_intern(what)};
  p2p_req_t *rs[2];
  rs[0] = coll_irecv(&k, rbuf, rn, ints, peer);
  rs[1] = coll_isend(&k, sbuf, sn, ints, peer);
  coll_waitall(&k, rs, 2);
}

void act_comm_bcast(rt_comm_t *c, int *buf, int n, int root)
{
  const dt_t *ints = dt_get(MPI_INT);
  coll_args_t a = {.rbuf = buf, .rcount = n, .rt = ints, .st = ints, .root = root};
  rt_self->keep_data++;
  coll_run(COLL_BCAST, c, &a);
  rt_self->keep_data--;
}

void act_comm_made(rt_comm_t *parent, MPI_Comm made)
{
  if (!trace_on || rt_opts.trace_compat || !rt_self || rt_self->trace_quiet)
    return;
  rt_comm_t *m = made == MPI_COMM_NULL ? NULL : comm_get(made);
  /* any such communicator is a split of its parent (of an intercommunicator
   * too): one color per new communicator (its context), the new rank as the key */
  if (m)
    TRACE("comm_split %d %d %d %d", parent->trace_id, comm_ctx(m), comm_rank(m), m->trace_id);
  else
    TRACE("comm_split %d -1 0 -1", parent->trace_id);
}

/* Comm_idup costs no communication here (split would): "comm_idup PARENT ID" (extension). */
void act_comm_idup_made(rt_comm_t *parent, MPI_Comm made)
{
  if (!trace_on || rt_opts.trace_compat || !rt_self || rt_self->trace_quiet)
    return;
  TRACE("comm_idup %d %d", parent->trace_id, comm_get(made)->trace_id);
}

/* Comm_create_group is collective over the group only, so it cannot be a
 * split of its parent: "comm_create_group PARENT ID TAG N R1..RN"
 * (extension; R: ranks in the parent, in the group's order). */
void act_comm_made_group(rt_comm_t *parent, const int *w, int n, int tag, MPI_Comm made)
{
  if (!trace_on || rt_opts.trace_compat || !rt_self || comm_is_inter(parent) ||
      made == MPI_COMM_NULL)
    return;
  char *line = NULL;
  size_t len;
  FILE *f = open_memstream(&line, &len);
  fprintf(f, "comm_create_group %d %d %d %d", parent->trace_id, comm_get(made)->trace_id, tag, n);
  int size = comm_size(parent);
  for (int i = 0; i < n; i++) {
    int r = 0;
    while (r < size && comm_world(parent, r) != w[i])
      r++;
    fprintf(f, " %d", r);
  }
  fclose(f);
  TRACE("%s", line);
  free(line);
}

void act_comm_freed(rt_comm_t *c)
{
  if (trace_on && !rt_opts.trace_compat)
    TRACE("comm_free %d", c->trace_id);
}

/* Intercommunicators (extensions): "intercomm_create LOCAL LEADER PEER
 * RLEADER TAG ID" (PEER is -1 but at the local leader, the one rank that
 * uses it) and "intercomm_merge INTER HIGH ID". Their collectives are written
 * with their roots as given: MPI_ROOT (-3), MPI_PROC_NULL (-1) or a rank of
 * the remote group; peers of point-to-point lines are world ranks as always. */
void act_intercomm_made(rt_comm_t *local, int leader, rt_comm_t *peer, int rleader, int tag, MPI_Comm made)
{
  if (!trace_on || rt_opts.trace_compat || !rt_self)
    return;
  TRACE("intercomm_create %d %d %d %d %d %d", local->trace_id, leader, peer ? peer->trace_id : -1, rleader, tag,
        comm_get(made)->trace_id);
}

void act_intercomm_merged(rt_comm_t *inter, int high, MPI_Comm made)
{
  if (!trace_on || rt_opts.trace_compat || !rt_self || inter->trace_id < 0)
    return;
  TRACE("intercomm_merge %d %d %d", inter->trace_id, !!high, comm_get(made)->trace_id);
}
