/* simpi-replay's one-sided lines (see replay.c and the format in
 * src/action/rma_act.c): windows by their trace ids, scratch memory for
 * dynamic windows' attachments, operations and synchronisation. */
#include "replay.h"
#include "trace.h"
#include <stdlib.h>

static MPI_Win *wins; /* trace ids of windows (win_create lines), from 1 */
static int nwins;

static MPI_Win win_of(void)
{
  long id = num(2, "the window id");
  if (id < 1 || id >= nwins || wins[id] == MPI_WIN_NULL)
    die("no window %s here (see the win_create lines)", tok[2]);
  return wins[id];
}

/* The group of window ranks "N R1 .. RN" at tok[first]. */
static MPI_Group win_group(MPI_Win w, int first)
{
  int n = (int)num(first, "the group size");
  int *r = malloc(sizeof *r * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++)
    r[i] = (int)num(first + 1 + i, "a rank of the group");
  MPI_Group all, g;
  MPI_Win_get_group(w, &all);
  MPI_Group_incl(all, n, r, &g);
  MPI_Group_free(&all);
  free(r);
  return g;
}

/* Memory attached to dynamic windows: the window's id, its number among
 * this rank's attachments (which the trace's region=R and win_detach name). */
typedef struct attached {
  long wid, seq;
  char *base;
  struct attached *next;
} attached_t;
static attached_t *attached;
static long *nattached; /* per window id: attachments so far */

/* The one-sided extension (see src/action/rma_act.c). */
void perform_rma(int a, MPI_Comm comm)
{
  if (a == TI_WIN_CREATE) {
    long id = num(2, "the window id"), size = num(3, "the size");
    int unit = (int)num(4, "the displacement unit"), flavor = (int)num(5, "the flavor");
    if (id >= nwins) {
      wins = realloc(wins, sizeof *wins * (size_t)(id + 1));
      nattached = realloc(nattached, sizeof *nattached * (size_t)(id + 1));
      for (long i = nwins; i <= id; i++) {
        wins[i] = MPI_WIN_NULL;
        nattached[i] = 0;
      }
      nwins = (int)id + 1;
    }
    simpi_trace_window(unit, flavor); /* recorded again as it was */
    if (flavor == MPI_WIN_FLAVOR_DYNAMIC)
      MPI_Win_create_dynamic(MPI_INFO_NULL, comm, &wins[id]);
    else { /* shared windows too: the replay's ranks may be on other hosts;
            * displacements are in bytes (DISP_UNIT is what the program used) */
      void *base;
      MPI_Win_allocate(size, 1, MPI_INFO_NULL, comm, &base, &wins[id]);
    }
    return;
  }
  MPI_Win w = win_of();
  switch (a) {
  case TI_WIN_FREE: {
    long id = num(2, "the window id");
    MPI_Win_free(&wins[id]);
    for (attached_t **p = &attached; *p;) /* memory the program left attached */
      if ((*p)->wid == id) {
        attached_t *m = *p;
        *p = m->next;
        free(m->base);
        free(m);
      } else
        p = &(*p)->next;
    break;
  }
  case TI_PUT:
  case TI_GET:
  case TI_ACCUMULATE:
  case TI_GET_ACCUMULATE:
  case TI_COMPARE_AND_SWAP: {
    if (region >= 0)
      simpi_trace_region(region);
    int t = (int)num(3, "the target");
    MPI_Aint disp = num(4, "the displacement");
    long count = num(5, "the count");
    MPI_Datatype type_ = type(6);
    MPI_Op op = MPI_OP_NULL;
    if (a == TI_ACCUMULATE || a == TI_GET_ACCUMULATE)
      op = (MPI_Op)SIMPI_HANDLE(SIMPI_KIND_OP, num(7, "the operation"));
    void *o = buf(count, type_, 0), *r = buf(count, type_, 1);
    MPI_Count c = count;
    if (rma_req) { /* MPI_Rput ...: its "wait 0 0 -K" completes it */
      MPI_Request req;
      if (a == TI_PUT)
        MPI_Rput_c(o, c, type_, t, disp, c, type_, w, &req);
      else if (a == TI_GET)
        MPI_Rget_c(r, c, type_, t, disp, c, type_, w, &req);
      else if (a == TI_ACCUMULATE)
        MPI_Raccumulate_c(o, c, type_, t, disp, c, type_, op, w, &req);
      else if (a == TI_GET_ACCUMULATE)
        MPI_Rget_accumulate_c(o, c, type_, r, c, type_, t, disp, c, type_, op, w, &req);
      else
        die("%s", "compare_and_swap has no request-based form");
      nbcs = rma_req;
      add_pending(req, 0, 0, 0, -1, nbcs, NULL);
    } else if (a == TI_PUT)
      MPI_Put_c(o, c, type_, t, disp, c, type_, w);
    else if (a == TI_GET)
      MPI_Get_c(r, c, type_, t, disp, c, type_, w);
    else if (a == TI_ACCUMULATE)
      MPI_Accumulate_c(o, c, type_, t, disp, c, type_, op, w);
    else if (a == TI_GET_ACCUMULATE)
      MPI_Get_accumulate_c(o, c, type_, r, c, type_, t, disp, c, type_, op, w);
    else
      MPI_Compare_and_swap(o, o, r, type_, t, disp, w);
    break;
  }
  case TI_WIN_ATTACH: { /* scratch memory of the recorded size, numbered as the program's attachments */
    attached_t *m = malloc(sizeof *m);
    long size = num(3, "the size");
    long id = num(2, "the window id");
    *m = (attached_t){id, nattached[id]++, calloc((size_t)(size ? size : 1), 1), attached};
    attached = m;
    MPI_Win_attach(w, m->base, size);
    break;
  }
  case TI_WIN_DETACH: {
    long id = num(2, "the window id"), seq = num(3, "the region");
    for (attached_t **p = &attached; *p; p = &(*p)->next)
      if ((*p)->wid == id && (*p)->seq == seq) {
        attached_t *m = *p;
        MPI_Win_detach(w, m->base);
        *p = m->next;
        free(m->base);
        free(m);
        return;
      }
    die("no region %s attached here", tok[3]);
    break;
  }
  case TI_WIN_FENCE: MPI_Win_fence((int)num(3, "the assertion"), w); break;
  case TI_WIN_POST:
  case TI_WIN_START: {
    MPI_Group g = win_group(w, 4);
    int assert = (int)num(3, "the assertion");
    if (a == TI_WIN_POST)
      MPI_Win_post(g, assert, w);
    else
      MPI_Win_start(g, assert, w);
    MPI_Group_free(&g);
    break;
  }
  case TI_WIN_COMPLETE: MPI_Win_complete(w); break;
  case TI_WIN_WAIT: MPI_Win_wait(w); break;
  case TI_WIN_TEST: {
    int flag;
    MPI_Win_test(w, &flag);
    break;
  }
  case TI_WIN_LOCK:
    MPI_Win_lock((int)num(3, "the lock type"), (int)num(4, "the target"), (int)num(5, "the assertion"), w);
    break;
  case TI_WIN_UNLOCK: MPI_Win_unlock((int)num(3, "the target"), w); break;
  case TI_WIN_LOCK_ALL: MPI_Win_lock_all((int)num(3, "the assertion"), w); break;
  case TI_WIN_UNLOCK_ALL: MPI_Win_unlock_all(w); break;
  case TI_WIN_FLUSH: MPI_Win_flush((int)num(3, "the target"), w); break;
  case TI_WIN_FLUSH_ALL: MPI_Win_flush_all(w); break;
  default: MPI_Win_sync(w); break;
  }
}
