/* Neighbourhood collectives: every block to and from the topology's
 * neighbours at once (all receives and sends posted, then waited). One
 * general form: per-neighbour buffers, counts and types, and a tag index per
 * message so that a neighbour met twice (a periodic dimension of size 2)
 * gets each block in the right place: each tag index is a collective call
 * number of its own on the communicator. PROC_NULL neighbours are skipped. */
#include "coll.h"
#include <stdlib.h>

void coll_neighbor(const coll_nbr_t *in, int nin, const coll_nbr_t *out, int nout, rt_comm_t *c)
{
  int ntags = 1;
  for (int i = 0; i < nin; i++)
    ntags = in[i].tag >= ntags ? in[i].tag + 1 : ntags;
  for (int i = 0; i < nout; i++)
    ntags = out[i].tag >= ntags ? out[i].tag + 1 : ntags;
  coll_t *k = malloc(sizeof *k * (size_t)ntags);
  for (int t = 0; t < ntags; t++)
    k[t] = coll_begin(c);
  p2p_req_t **rs = malloc(sizeof *rs * (size_t)(nin + nout + 1));
  int n = 0;
  for (int i = 0; i < nin; i++)
    if (in[i].peer != MPI_PROC_NULL)
      rs[n++] = coll_irecv(&k[in[i].tag], in[i].buf, in[i].count, in[i].type, in[i].peer);
  for (int i = 0; i < nout; i++)
    if (out[i].peer != MPI_PROC_NULL)
      rs[n++] = coll_isend(&k[out[i].tag], out[i].buf, out[i].count, out[i].type, out[i].peer);
  coll_waitall(&k[0], rs, n);
  free(rs);
  free(k);
}
