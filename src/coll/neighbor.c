/* Neighbourhood collectives: every block to and from the topology's
 * neighbours at once (all receives and sends posted, then waited). One
 * general form: per-neighbour buffers, counts and types, and a tag per
 * message so that a neighbour met twice (a periodic dimension of size 2)
 * gets each block in the right place. PROC_NULL neighbours are skipped. */
#include "coll.h"
#include <stdlib.h>

void coll_neighbor(const coll_nbr_t *in, int nin, const coll_nbr_t *out, int nout, rt_comm_t *c)
{
  p2p_req_t **rs = malloc(sizeof *rs * (size_t)(nin + nout + 1));
  int k = 0;
  for (int i = 0; i < nin; i++)
    if (in[i].peer != MPI_PROC_NULL)
      rs[k++] = coll_irecv(in[i].buf, in[i].count, in[i].type, in[i].peer, TAG_NEIGHBOR + in[i].tag, c);
  for (int i = 0; i < nout; i++)
    if (out[i].peer != MPI_PROC_NULL)
      rs[k++] = coll_isend(out[i].buf, out[i].count, out[i].type, out[i].peer, TAG_NEIGHBOR + out[i].tag, c);
  coll_waitall(rs, k);
  free(rs);
}
