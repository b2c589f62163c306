/* Neighbourhood collectives: every block to and from the topology's
 * neighbours at once (all receives and sends posted, then waited). One
 * general form: per-neighbour buffers, counts and types, and a tag index per
 * message so that a neighbour met twice (a periodic dimension of size 2)
 * gets each block in the right place: each tag index is a collective call
 * number of its own on the communicator, taken when the call is made (the
 * nonblocking and persistent forms run later, on a helper: nbc.c). PROC_NULL
 * neighbours are skipped. */
#include "coll.h"
#include <stdlib.h>
#include <string.h>

coll_nbr_call_t *coll_neighbor_begin(const coll_nbr_t *in, int nin, const coll_nbr_t *out, int nout, rt_comm_t *c)
{
  int ntags = 1;
  for (int i = 0; i < nin; i++)
    ntags = in[i].tag >= ntags ? in[i].tag + 1 : ntags;
  for (int i = 0; i < nout; i++)
    ntags = out[i].tag >= ntags ? out[i].tag + 1 : ntags;
  coll_nbr_call_t *n = malloc(sizeof *n + sizeof(coll_nbr_t) * (size_t)(nin + nout));
  n->k = malloc(sizeof *n->k * (size_t)ntags);
  n->ntags = ntags;
  for (int t = 0; t < ntags; t++)
    n->k[t] = coll_begin(c);
  n->in = (coll_nbr_t *)(n + 1);
  n->out = n->in + nin;
  n->nin = nin;
  n->nout = nout;
  for (int i = 0; i < nin; i++)
    n->in[i] = in[i];
  for (int i = 0; i < nout; i++)
    n->out[i] = out[i];
  return n;
}

void coll_neighbor_run(const coll_nbr_call_t *n)
{
  p2p_req_t **rs = malloc(sizeof *rs * (size_t)(n->nin + n->nout + 1));
  coll_t *k = malloc(sizeof *k * (size_t)n->ntags); /* a copy: a persistent call runs the same identities again */
  memcpy(k, n->k, sizeof *k * (size_t)n->ntags);
  int m = 0;
  for (int i = 0; i < n->nin; i++)
    if (n->in[i].peer != MPI_PROC_NULL)
      rs[m++] = coll_irecv(&k[n->in[i].tag], n->in[i].buf, n->in[i].count, n->in[i].type, n->in[i].peer);
  for (int i = 0; i < n->nout; i++)
    if (n->out[i].peer != MPI_PROC_NULL)
      rs[m++] = coll_isend(&k[n->out[i].tag], n->out[i].buf, n->out[i].count, n->out[i].type, n->out[i].peer);
  coll_waitall(&k[0], rs, m);
  free(rs);
  free(k);
}

void coll_neighbor_free(coll_nbr_call_t *n)
{
  if (n) {
    free(n->k);
    free(n);
  }
}

void coll_neighbor(const coll_nbr_t *in, int nin, const coll_nbr_t *out, int nout, rt_comm_t *c)
{
  coll_nbr_call_t *n = coll_neighbor_begin(in, nin, out, nout, c);
  coll_neighbor_run(n);
  coll_neighbor_free(n);
}
