/* The one-sided actions: the MPI layer's checked RMA calls, executed by
 * the engine in src/rma on the window's shared core. */
#include "../mpi/win.h"
#include "action.h"

p2p_req_t *act_put(rt_win_t *w, const void *obuf, int ocount, const dt_t *ot, int t, char *taddr, int tcount,
                   const dt_t *tt)
{
  return rma_put(w->core, w->rank, t, obuf, ocount, ot, taddr, tcount, tt);
}

p2p_req_t *act_get(rt_win_t *w, void *obuf, int ocount, const dt_t *ot, int t, const char *taddr, int tcount,
                   const dt_t *tt)
{
  return rma_get(w->core, w->rank, t, obuf, ocount, ot, taddr, tcount, tt);
}

p2p_req_t *act_accumulate(rt_win_t *w, const void *obuf, int ocount, const dt_t *ot, void *result, int rcount,
                          const dt_t *rt, int t, char *taddr, int tcount, const dt_t *tt, MPI_Op op)
{
  return rma_accumulate(w->core, w->rank, t, obuf, ocount, ot, result, rcount, rt, taddr, tcount, tt, op);
}

p2p_req_t *act_compare_and_swap(rt_win_t *w, const void *obuf, const void *cmp, void *result, const dt_t *type,
                                int t, char *taddr)
{
  return rma_compare_and_swap(w->core, w->rank, t, obuf, cmp, result, type, taddr);
}
