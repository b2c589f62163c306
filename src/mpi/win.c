/* Windows: creation (create, allocate, allocate_shared, dynamic with
 * attach/detach), free, group, names, info, predefined attributes (the
 * program's are in attr.c) and error handlers. Creation is collective: members
 * duplicate the communicator (the agreement a real MPI makes) and share the
 * engine core made by the first of them to get there. */
#include "win.h"
#include "../action/action.h"
#include "../coll/coll.h"
#include "comm_make.h"
#include "../core/handles.h"
#include "info.h"
#include "attr.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static htable_t wins = HTABLE(SIMPI_KIND_WIN, 1);

rt_win_t *win_get(MPI_Win h)
{
  rt_win_t *w = ht_get(&wins, h);
  return w && w->owner == rt_self->id ? w : NULL;
}

void win_barrier(rt_win_t *w)
{
  coll_args_t a = {0};
  coll_run(COLL_BARRIER, w->c, &a);
}

static void complete_list(p2p_req_t **list, int t)
{
  for (p2p_req_t **p = list; *p;) {
    p2p_req_t *r = *p;
    if (t >= 0 && r->peer != t) {
      p = &r->next;
      continue;
    }
    *p = r->next;
    p2p_wait(r); /* a request-based one: its handle's Wait or Test then finds it done */
    p2p_req_free(r);
  }
}

void win_complete_ops(rt_win_t *w, int t)
{
  complete_list(&w->pending, t);
  complete_list(&w->held, t);
}

/* Cores being shared out, keyed by the core of the window's communicator. */
typedef struct agreeing {
  const void *key;
  rma_core_t *core;
  int left;
  struct agreeing *next;
} agreeing_t;
static agreeing_t *agreeing;

static rma_core_t *share_core(rt_comm_t *c, int flavor)
{
  for (agreeing_t **pp = &agreeing; *pp; pp = &(*pp)->next)
    if ((*pp)->key == c->core) {
      agreeing_t *a = *pp;
      rma_core_t *core = a->core;
      if (--a->left == 0) {
        *pp = a->next;
        free(a);
      }
      return core;
    }
  int n = comm_size(c);
  rma_core_t *core = rma_core_new(n);
  core->flavor = flavor;
  core->refs = n;
  for (int i = 0; i < n; i++)
    core->m[i].world = comm_world(c, i);
  if (n > 1) {
    agreeing_t *a = malloc(sizeof *a);
    *a = (agreeing_t){c->core, core, n - 1, agreeing};
    agreeing = a;
  }
  return core;
}

/* The collective part of every constructor; size < 0: allocate_shared's
 * memory is placed after every member has given its size. */
/* disp_unit is an MPI_Aint in the large-count (_c) forms; the engine keeps it in an int. */
static int make(rt_rank_t *self, MPI_Comm comm, void *base, MPI_Aint size, MPI_Aint unit, MPI_Info info, int flavor,
                MPI_Win *win, void *baseptr)
{
  int disp_unit = unit > INT_MAX ? 0 : (int)unit;
  CHECK_COMM(comm, c);
  CHECK(!comm_is_inter(c), comm, MPI_ERR_COMM, "windows on intercommunicators are not supported");
  CHECK(win, comm, MPI_ERR_ARG, "win is NULL");
  CHECK(size >= 0, comm, MPI_ERR_SIZE, "negative window size %ld", (long)size);
  CHECK(unit > 0 && unit <= INT_MAX, comm, MPI_ERR_DISP, "displacement unit %lld is not in 1..%d", (long long)unit,
        INT_MAX);
  CHECK(info_valid(info), comm, MPI_ERR_INFO, "invalid info object (0x%x)", (unsigned)info);
  CHECK(flavor != MPI_WIN_FLAVOR_CREATE || base || size == 0, comm, MPI_ERR_BASE, "null base with size %ld",
        (long)size);
  CHECK(!baseptr == (flavor == MPI_WIN_FLAVOR_CREATE || flavor == MPI_WIN_FLAVOR_DYNAMIC), comm, MPI_ERR_ARG,
        "baseptr is NULL");
  if (flavor == MPI_WIN_FLAVOR_SHARED)
    for (int i = 1; i < comm_size(c); i++)
      CHECK(rt_ranks[comm_world(c, i)].host == rt_ranks[comm_world(c, 0)].host, comm, MPI_ERR_RMA_SHARED,
            "ranks 0 and %d of the communicator are on different simulated hosts (%s, %s): they share no memory",
            i, kern_host_name(rt_ranks[comm_world(c, 0)].host), kern_host_name(rt_ranks[comm_world(c, i)].host));
  MPI_Comm dup;
  int err = comm_dup_quiet(self, c, &dup);
  if (err)
    return err;
  rt_win_t *w = calloc(1, sizeof *w);
  w->c = comm_get(dup);
  w->core = share_core(w->c, flavor);
  w->rank = comm_rank(c);
  w->n = comm_size(c);
  w->owner = self->id;
  w->errh = MPI_ERRORS_ARE_FATAL;
  w->info = info_dup(info);
  rma_mem_t *m = &w->core->m[w->rank];
  if (flavor == MPI_WIN_FLAVOR_ALLOCATE)
    base = w->allocated = calloc(1, size ? (size_t)size : 1);
  m->base = base;
  m->size = flavor == MPI_WIN_FLAVOR_DYNAMIC ? 0 : size;
  m->disp_unit = disp_unit;
  win_barrier(w); /* every member's memory is known after it */
  if (flavor == MPI_WIN_FLAVOR_SHARED) {
    rma_core_t *core = w->core;
    if (!core->shared) {
      size_t total = 0;
      for (int i = 0; i < core->n; i++)
        total += (size_t)core->m[i].size;
      core->shared = calloc(1, total ? total : 1);
      char *p = core->shared;
      for (int i = 0; i < core->n; i++) {
        core->m[i].base = p;
        p += core->m[i].size;
      }
    }
  }
  if (baseptr)
    *(void **)baseptr = m->base;
  *win = w->handle = ht_add(&wins, w);
  w->trace_id = ++self->wins_made;
  char where[24] = "";
  if (c->trace_id != 0)
    snprintf(where, sizeof where, " comm=%d", c->trace_id < 0 ? -1 : c->trace_id);
  if (self->trace_win_flavor) { /* a replay's window, recorded as the program's */
    disp_unit = self->trace_win_unit;
    flavor = self->trace_win_flavor;
    self->trace_win_flavor = 0;
  }
  act_win_traced(w, "win_create", "%ld %d %d%s", (long)m->size, disp_unit, flavor, where);
  return MPI_SUCCESS;
}

#define WIN_MAKE_FNS(Suffix, Unit)                                                                                     \
  int PMPI_Win_create##Suffix(void *base, MPI_Aint size, Unit disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win *win)   \
  {                                                                                                                    \
    MPI_ENTER("MPI_Win_create" #Suffix);                                                                               \
    MPI_LEAVE(make(self, comm, base, size, disp_unit, info, MPI_WIN_FLAVOR_CREATE, win, NULL));                        \
  }                                                                                                                    \
  int PMPI_Win_allocate##Suffix(MPI_Aint size, Unit disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr,            \
                                MPI_Win *win)                                                                          \
  {                                                                                                                    \
    MPI_ENTER("MPI_Win_allocate" #Suffix);                                                                             \
    MPI_LEAVE(make(self, comm, NULL, size, disp_unit, info, MPI_WIN_FLAVOR_ALLOCATE, win, baseptr));                   \
  }                                                                                                                    \
  int PMPI_Win_allocate_shared##Suffix(MPI_Aint size, Unit disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr,     \
                                       MPI_Win *win)                                                                   \
  {                                                                                                                    \
    MPI_ENTER("MPI_Win_allocate_shared" #Suffix);                                                                      \
    MPI_LEAVE(make(self, comm, NULL, size, disp_unit, info, MPI_WIN_FLAVOR_SHARED, win, baseptr));                     \
  }                                                                                                                    \
  PMPI_ALIAS(Win_create##Suffix)                                                                                       \
  PMPI_ALIAS(Win_allocate##Suffix)                                                                                     \
  PMPI_ALIAS(Win_allocate_shared##Suffix)
WIN_MAKE_FNS(, int)
WIN_MAKE_FNS(_c, MPI_Aint) /* the large-count forms: an MPI_Aint displacement unit */

int PMPI_Win_create_dynamic(MPI_Info info, MPI_Comm comm, MPI_Win *win)
{
  MPI_ENTER("MPI_Win_create_dynamic");
  MPI_LEAVE(make(self, comm, NULL, 0, 1, info, MPI_WIN_FLAVOR_DYNAMIC, win, NULL));
}

static int shared_query(rt_rank_t *self, MPI_Win win, int rank, MPI_Aint *size, MPI_Aint *disp_unit, void *baseptr)
{
  CHECK_WIN(win, w);
  WCHECK(w->core->flavor == MPI_WIN_FLAVOR_SHARED, w, MPI_ERR_RMA_FLAVOR,
         "the window was not made by MPI_Win_allocate_shared");
  WCHECK(rank == MPI_PROC_NULL || (rank >= 0 && rank < w->n), w, MPI_ERR_RANK, "invalid rank %d", rank);
  WCHECK(size && disp_unit && baseptr, w, MPI_ERR_ARG, "null argument");
  if (rank == MPI_PROC_NULL) /* the first member with memory */
    for (rank = 0; rank < w->n - 1 && !w->core->m[rank].size; rank++)
      ;
  *size = w->core->m[rank].size;
  *disp_unit = w->core->m[rank].disp_unit;
  *(void **)baseptr = w->core->m[rank].base;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Win_shared_query(MPI_Win win, int rank, MPI_Aint *size, int *disp_unit, void *baseptr)
{
  MPI_ENTER("MPI_Win_shared_query");
  MPI_Aint unit = 0;
  int e = shared_query(self, win, rank, size, disp_unit ? &unit : NULL, baseptr);
  if (!e)
    *disp_unit = (int)unit;
  return e;
}

int PMPI_Win_shared_query_c(MPI_Win win, int rank, MPI_Aint *size, MPI_Aint *disp_unit, void *baseptr)
{
  MPI_ENTER("MPI_Win_shared_query_c");
  return shared_query(self, win, rank, size, disp_unit, baseptr);
}

int PMPI_Win_attach(MPI_Win win, void *base, MPI_Aint size)
{
  MPI_ENTER("MPI_Win_attach");
  CHECK_WIN(win, w);
  WCHECK(w->core->flavor == MPI_WIN_FLAVOR_DYNAMIC, w, MPI_ERR_RMA_FLAVOR,
         "memory can be attached only to a window made by MPI_Win_create_dynamic");
  WCHECK(size >= 0, w, MPI_ERR_SIZE, "negative size %ld", (long)size);
  WCHECK(base || !size, w, MPI_ERR_BASE, "null base");
  rma_mem_t *m = &w->core->m[w->rank];
  for (rma_region_t *r = m->regions; r; r = r->next)
    WCHECK((char *)base + size <= r->base || (char *)base >= r->base + r->size, w, MPI_ERR_RMA_ATTACH,
           "memory at %p overlaps memory already attached at %p", base, (void *)r->base);
  rma_region_t *r = malloc(sizeof *r);
  *r = (rma_region_t){base, size, m->attached++, m->regions};
  m->regions = r;
  act_win_traced(w, "win_attach", "%ld", (long)size);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Win_detach(MPI_Win win, const void *base)
{
  MPI_ENTER("MPI_Win_detach");
  CHECK_WIN(win, w);
  WCHECK(w->core->flavor == MPI_WIN_FLAVOR_DYNAMIC, w, MPI_ERR_RMA_FLAVOR,
         "memory can be detached only from a window made by MPI_Win_create_dynamic");
  for (rma_region_t **p = &w->core->m[w->rank].regions; *p; p = &(*p)->next)
    if ((*p)->base == base) {
      rma_region_t *r = *p;
      *p = r->next;
      act_win_traced(w, "win_detach", "%d", r->seq);
      free(r);
      MPI_LEAVE(MPI_SUCCESS);
    }
  WCHECK(0, w, MPI_ERR_RMA_ATTACH, "no memory is attached at %p", base);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Win_free(MPI_Win *win)
{
  MPI_ENTER("MPI_Win_free");
  CHECK(win, MPI_COMM_WORLD, MPI_ERR_ARG, "win is NULL");
  CHECK_WIN(*win, w);
  for (int t = 0; w->locks && t < w->n; t++)
    WCHECK(!w->locks[t], w, MPI_ERR_RMA_SYNC, "this rank still holds a lock on rank %d's window (no MPI_Win_unlock)",
           t);
  WCHECK(!w->lock_all, w, MPI_ERR_RMA_SYNC, "this rank still holds MPI_Win_lock_all (no MPI_Win_unlock_all)");
  WCHECK(!w->access, w, MPI_ERR_RMA_SYNC, "an access epoch opened by MPI_Win_start is not closed (no MPI_Win_complete)");
  WCHECK(!w->exposure, w, MPI_ERR_RMA_SYNC, "an exposure epoch opened by MPI_Win_post is not closed (no MPI_Win_wait)");
  act_win_traced(w, "win_free", "%s", "");
  win_complete_ops(w, -1);
  win_barrier(w); /* nobody reaches this memory any more */
  int err = attr_win_delete_all(w);
  WCHECK(!err, w, err, "an attribute delete callback failed");
  ht_remove(&wins, w->handle);
  free(w->allocated);
  free(w->locks);
  info_release(w->info);
  rma_core_release(w->core);
  comm_release(w->c);
  free(w);
  *win = MPI_WIN_NULL;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Win_get_group(MPI_Win win, MPI_Group *group)
{
  MPI_ENTER("MPI_Win_get_group");
  CHECK_WIN(win, w);
  WCHECK(group, w, MPI_ERR_ARG, "group is NULL");
  int *ws = malloc(sizeof *ws * (size_t)w->n);
  for (int i = 0; i < w->n; i++)
    ws[i] = w->core->m[i].world;
  *group = group_handle(group_make(w->n, ws));
  free(ws);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Win_set_name(MPI_Win win, const char *win_name)
{
  MPI_ENTER("MPI_Win_set_name");
  CHECK_WIN(win, w);
  WCHECK(win_name, w, MPI_ERR_ARG, "win_name is NULL");
  snprintf(w->name, sizeof w->name, "%s", win_name);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Win_get_name(MPI_Win win, char *win_name, int *resultlen)
{
  MPI_ENTER("MPI_Win_get_name");
  CHECK_WIN(win, w);
  WCHECK(win_name && resultlen, w, MPI_ERR_ARG, "null argument");
  strcpy(win_name, w->name);
  *resultlen = (int)strlen(w->name);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Win_set_info(MPI_Win win, MPI_Info info)
{
  MPI_ENTER("MPI_Win_set_info");
  CHECK_WIN(win, w);
  WCHECK(info_valid(info), w, MPI_ERR_INFO, "invalid info object (0x%x)", (unsigned)info);
  info_release(w->info);
  w->info = info_dup(info);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Win_get_info(MPI_Win win, MPI_Info *info_used_)
{
  MPI_ENTER("MPI_Win_get_info");
  CHECK_WIN(win, w);
  WCHECK(info_used_, w, MPI_ERR_ARG, "info_used is NULL");
  /* with the standard's defaults where it gives one */
  static const char *const known[] = {"no_locks", "accumulate_ordering=rar,raw,war,waw",
                                      "accumulate_ops=same_op_no_op", "mpi_accumulate_granularity", "same_size",
                                      "same_disp_unit", "alloc_shared_noncontig", NULL};
  *info_used_ = info_used(w->info, known);
  MPI_LEAVE(MPI_SUCCESS);
}

int win_predefined_attr(rt_win_t *w, int keyval, void *val)
{
  rma_mem_t *m = &w->core->m[w->rank];
  static int flavors[5] = {0, MPI_WIN_FLAVOR_CREATE, MPI_WIN_FLAVOR_ALLOCATE, MPI_WIN_FLAVOR_DYNAMIC,
                           MPI_WIN_FLAVOR_SHARED};
  static int model = MPI_WIN_UNIFIED;
  switch (keyval) {
  case MPI_WIN_BASE: *(void **)val = m->base; return 1;
  case MPI_WIN_SIZE: *(MPI_Aint **)val = &m->size; return 1;
  case MPI_WIN_DISP_UNIT: *(int **)val = &m->disp_unit; return 1;
  case MPI_WIN_CREATE_FLAVOR: *(int **)val = &flavors[w->core->flavor]; return 1;
  case MPI_WIN_MODEL: *(int **)val = &model; return 1;
  }
  return 0;
}

int PMPI_Win_create_errhandler(MPI_Win_errhandler_function *fn, MPI_Errhandler *errhandler)
{
  MPI_ENTER("MPI_Win_create_errhandler");
  CHECK(fn && errhandler, MPI_COMM_WORLD, MPI_ERR_ARG, "null argument");
  *errhandler = mpi_errh_new(fn);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Win_set_errhandler(MPI_Win win, MPI_Errhandler errhandler)
{
  MPI_ENTER("MPI_Win_set_errhandler");
  CHECK_WIN(win, w);
  WCHECK(mpi_errh_valid(errhandler), w, MPI_ERR_ARG, "invalid error handler (0x%x)", (unsigned)errhandler);
  w->errh = errhandler;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Win_get_errhandler(MPI_Win win, MPI_Errhandler *errhandler)
{
  MPI_ENTER("MPI_Win_get_errhandler");
  CHECK_WIN(win, w);
  WCHECK(errhandler, w, MPI_ERR_ARG, "errhandler is NULL");
  *errhandler = w->errh;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Win_call_errhandler(MPI_Win win, int errorcode)
{
  MPI_ENTER("MPI_Win_call_errhandler");
  CHECK_WIN(win, w);
  const char *s = mpi_error_text(errorcode);
  mpi_error_errh(self, w->errh, win, errorcode, "%s", s ? s : "error code given by the program");
  MPI_LEAVE(MPI_SUCCESS);
}

PMPI_ALIAS(Win_create_dynamic)
PMPI_ALIAS(Win_shared_query)
PMPI_ALIAS(Win_shared_query_c)
PMPI_ALIAS(Win_attach)
PMPI_ALIAS(Win_detach)
PMPI_ALIAS(Win_free)
PMPI_ALIAS(Win_get_group)
PMPI_ALIAS(Win_set_name)
PMPI_ALIAS(Win_get_name)
PMPI_ALIAS(Win_set_info)
PMPI_ALIAS(Win_get_info)
PMPI_ALIAS(Win_create_errhandler)
PMPI_ALIAS(Win_set_errhandler)
PMPI_ALIAS(Win_get_errhandler)
PMPI_ALIAS(Win_call_errhandler)
