/* Lines carried whole (see otf2_out.h). One-sided lines become OTF2's RMA records: a window's creation and freeing
 * (RmaWinCreate, RmaWinDestroy), puts and gets (RmaPut, RmaGet), accumulates (RmaAtomic),
 * locks (RmaAcquireLock, RmaReleaseLock), fences and the other synchronisations (RmaGroupSync
 * on the world's group, RmaSync). Each record carries its whole trace line (simpi::line, its
 * communicator named as the archive does), which simpi's replay performs: OTF2's records
 * lack what a replay needs (displacements, datatypes, operations). Windows are defined one
 * per rank's window, on the world. Lines OTF2 has no record for at all (topologies, blocking
 * neighbourhood collectives, buffer_detach) are a ParameterString of parameter simpi::line. */
#define OTW_INTERNAL
#include "otf2_out.h"
#include "grow.h"
#include "../runtime/runtime.h"
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint32_t otw_attr_line = 1;

/* Rank's windows: win_refs[rank][trace id] = reference + 1. */
static uint32_t **win_refs, *nwin_refs, nwins;
static int *win_rank; /* by reference: its rank */
static uint32_t win_cap;

static uint32_t window(int rank, long id)
{
  if (!win_refs) {
    win_refs = calloc((size_t)otw_nranks, sizeof *win_refs);
    nwin_refs = calloc((size_t)otw_nranks, sizeof *nwin_refs);
  }
  if (id < 0 || id > (1L << 24))
    return OTF2_UNDEFINED_RMA_WIN;
  nwin_refs[rank] = (uint32_t)grow_zeroed((void **)&win_refs[rank], nwin_refs[rank], sizeof **win_refs, (size_t)id);
  if (!win_refs[rank][id]) {
    if (nwins == win_cap) {
      win_cap = win_cap ? 2 * win_cap : 16;
      win_rank = realloc(win_rank, sizeof *win_rank * win_cap);
    }
    win_rank[nwins] = rank;
    win_refs[rank][id] = ++nwins;
  }
  return win_refs[rank][id] - 1;
}

void otw_rma_defs(OTF2_GlobalDefWriter *g)
{
  char name[64];
  uint32_t p = otw_string("simpi::line");
  if (g)
    otw_check(OTF2_GlobalDefWriter_WriteParameter(g, 0, p, OTF2_PARAMETER_TYPE_STRING));
  for (uint32_t i = 0; i < nwins; i++) {
    snprintf(name, sizeof name, "window %u of rank %d", i, win_rank[i]);
    uint32_t s = otw_string(name);
    if (g)
      otw_check(OTF2_GlobalDefWriter_WriteRmaWin(g, i, s, OTW_WORLD, OTF2_RMA_WIN_FLAG_NONE));
  }
}

static int is(const otw_line_t *l, const char *w) { return strlen(w) == l->wl && !memcmp(l->word, w, l->wl); }

/* The numbers K of the nonblocking operations carried whole (their "wait 0 0 -K" too), by rank,
 * with the window of a request-based one-sided operation (OTF2_UNDEFINED_RMA_WIN for others). */
static struct carried_k {
  struct {
    long k;
    uint32_t win;
  } *k;
  int n, cap;
} *carried_ks;

static void k_add(int rank, long k, uint32_t win)
{
  if (!carried_ks)
    carried_ks = calloc((size_t)otw_nranks, sizeof *carried_ks);
  struct carried_k *c = &carried_ks[rank];
  if (c->n == c->cap) {
    c->cap = c->cap ? 2 * c->cap : 8;
    c->k = realloc(c->k, sizeof *c->k * (size_t)c->cap);
  }
  c->k[c->n].k = k;
  c->k[c->n++].win = win;
}

/* Takes K out: 1 with its window in *win, 0 if it is not carried. */
static int k_take(int rank, long k, uint32_t *win)
{
  struct carried_k *c = carried_ks ? &carried_ks[rank] : NULL;
  for (int i = 0; c && i < c->n; i++)
    if (c->k[i].k == k) {
      *win = c->k[i].win;
      c->k[i] = c->k[--c->n];
      return 1;
    }
  return 0;
}

/* comm_cart ID ..., comm_adjacent ID ... (ID: the communicator), neighbor_... and
 * ineighbor_... lines (comm=ID), persistent collectives (coll_init P LINE, coll_start P),
 * buffer_detach: a ParameterString. A nonblocking one takes the number K of "wait 0 0 -K" as
 * the TI writer counts them, which the reader counts alike (its nonblocking collectives and
 * these lines); so is its wait carried. */
static int carried(int rank, OTF2_EvtWriter *w, uint64_t t, const otw_line_t *l)
{
  int topo = is(l, "comm_cart") || is(l, "comm_adjacent");
  int nbr = (l->wl > 9 && !memcmp(l->word, "neighbor_", 9)) || (l->wl > 10 && !memcmp(l->word, "ineighbor_", 10));
  int numbered = l->word[0] == 'i' || is(l, "coll_start");
  if (is(l, "wait") && l->n >= 3 && l->v[0] == 0 && l->v[1] == 0 && l->v[2] < 0) {
    uint32_t win;
    if (!k_take(rank, -l->v[2], &win))
      return 0;
    if (win != OTF2_UNDEFINED_RMA_WIN) { /* a request-based one-sided operation's completion */
      char line[64];
      snprintf(line, sizeof line, "wait 0 0 %ld", l->v[2]);
      otw_check(OTF2_EvtWriter_RmaOpCompleteNonBlocking(w, otw_attr(otw_attr_line, otw_string(line)), t, win,
                                                        (uint64_t)-l->v[2]));
      otw_ranks[rank].events++;
      return 1;
    }
  } else if (!topo && !nbr && !is(l, "buffer_detach") && !is(l, "coll_init") && !is(l, "coll_start"))
    return 0;
  char line[sizeof l->args + 64];
  if (topo) {
    uint32_t c = l->n > 0 ? otw_comm(rank, l->v[0], OTF2_UNDEFINED_COMM) : OTF2_UNDEFINED_COMM;
    const char *rest = strchr(l->args + 1, ' ');
    if (c == OTF2_UNDEFINED_COMM)
      return 0;
    snprintf(line, sizeof line, "%.*s %ld%s", (int)l->wl, l->word, otw_ti(c), rest ? rest : "");
  } else {
    uint32_t c = otw_comm(rank, l->comm, OTF2_UNDEFINED_COMM);
    if (c == OTF2_UNDEFINED_COMM)
      return 0;
    int n = snprintf(line, sizeof line, "%.*s%s", (int)l->wl, l->word, l->args);
    if (c != OTW_WORLD)
      snprintf(line + n, sizeof line - (size_t)n, " comm=%ld", otw_ti(c));
    if (numbered && !is(l, "wait"))
      k_add(rank, rt_ranks[rank].trace_nbcs + 1, OTF2_UNDEFINED_RMA_WIN); /* the number its wait will give it */
  }
  otw_check(OTF2_EvtWriter_ParameterString(w, NULL, t, 0, otw_string(line)));
  otw_ranks[rank].events++;
  return 1;
}

/* A rank's last one-sided operation, written at its next record: a request-based one's
 * (MPI_Rput ...) request is numbered after its line (" req=K" appended), and K is then its
 * matching id, its completion ("wait 0 0 -K") an RmaOpCompleteNonBlocking. */
typedef struct held {
  char *line;
  uint64_t t;
  uint32_t win, remote;
  uint64_t bytes, match;
  char op; /* p put, g get, a accumulate, f get_accumulate, c compare_and_swap */
} held_t;
static held_t *helds;

static held_t *hold(int rank)
{
  if (!helds)
    helds = calloc((size_t)otw_nranks, sizeof *helds);
  return &helds[rank];
}

void otw_rma_request(int rank, long k)
{
  if (!otw_on || !otw_ranks[rank].rma_held)
    return;
  held_t *h = hold(rank);
  size_t n = strlen(h->line);
  h->line = realloc(h->line, n + 32);
  snprintf(h->line + n, 32, " req=%ld", k);
  h->match = (uint64_t)k;
  k_add(rank, k, h->win);
}

void otw_rma_flush(int rank, OTF2_EvtWriter *w)
{
  held_t *h = hold(rank);
  otw_ranks[rank].rma_held = 0;
  OTF2_AttributeList *al = otw_attr(otw_attr_line, otw_string(h->line));
  if (h->op == 'p')
    otw_check(OTF2_EvtWriter_RmaPut(w, al, h->t, h->win, h->remote, h->bytes, h->match));
  else if (h->op == 'g')
    otw_check(OTF2_EvtWriter_RmaGet(w, al, h->t, h->win, h->remote, h->bytes, h->match));
  else
    otw_check(OTF2_EvtWriter_RmaAtomic(
        w, al, h->t, h->win, h->remote,
        h->op == 'c' ? OTF2_RMA_ATOMIC_TYPE_COMPARE_AND_SWAP : OTF2_RMA_ATOMIC_TYPE_ACCUMULATE, h->bytes,
        h->op == 'a' ? 0 : h->bytes, h->match));
  otw_ranks[rank].events++;
}

int otw_rma(int rank, OTF2_EvtWriter *w, uint64_t t, const otw_line_t *l)
{
  if (carried(rank, w, t, l))
    return 1;
  int put = is(l, "put"), get = is(l, "get"), acc = is(l, "accumulate") || is(l, "get_accumulate"),
      cas = is(l, "compare_and_swap");
  int win = l->wl > 4 && !memcmp(l->word, "win_", 4);
  if ((!put && !get && !acc && !cas && !win) || l->n < 1)
    return 0;
  uint32_t c = otw_comm(rank, l->comm, OTF2_UNDEFINED_COMM);
  if (c == OTF2_UNDEFINED_COMM)
    return 0;
  /* the line, its communicator as the archive's (the reader names them by reference + 1) */
  char line[sizeof l->args + 64];
  int n = snprintf(line, sizeof line, "%.*s%s", (int)l->wl, l->word, l->args);
  if (c == OTW_SELF)
    snprintf(line + n, sizeof line - (size_t)n, " comm=-1");
  else if (c != OTW_WORLD)
    snprintf(line + n, sizeof line - (size_t)n, " comm=%u", c + 1);
  uint32_t wr = window(rank, l->v[0]);
  uint32_t remote = l->n > 1 ? (uint32_t)l->v[1] : OTF2_UNDEFINED_UINT32;
  if (put || get || acc || cas) { /* held until its request is known (otw_rma_request) */
    held_t *h = hold(rank);
    free(h->line);
    *h = (held_t){strdup(line), t, wr, remote, l->n > 4 ? otw_bytes(l->v[3], l->v[4]) : 0, 0,
                  put ? 'p' : get ? 'g' : cas ? 'c' : is(l, "accumulate") ? 'a' : 'f'};
    otw_ranks[rank].rma_held = 1;
    return 1;
  }
  OTF2_AttributeList *al = otw_attr(otw_attr_line, otw_string(line));
  if (is(l, "win_create"))
    otw_check(OTF2_EvtWriter_RmaWinCreate(w, al, t, wr));
  else if (is(l, "win_free"))
    otw_check(OTF2_EvtWriter_RmaWinDestroy(w, al, t, wr));
  else if (is(l, "win_lock") || is(l, "win_lock_all")) { /* win_lock WIN TYPE RANK ASSERT */
    int one = is(l, "win_lock") && l->n > 2;
    otw_check(OTF2_EvtWriter_RmaAcquireLock(w, al, t, wr, one ? (uint32_t)l->v[2] : OTF2_UNDEFINED_UINT32, 0,
                                            one && l->v[1] == MPI_LOCK_EXCLUSIVE ? OTF2_LOCK_EXCLUSIVE
                                                                                 : OTF2_LOCK_SHARED));
  } else if (is(l, "win_unlock") || is(l, "win_unlock_all")) /* win_unlock WIN RANK */
    otw_check(OTF2_EvtWriter_RmaReleaseLock(w, al, t, wr,
                                            is(l, "win_unlock") && l->n > 1 ? (uint32_t)l->v[1] : OTF2_UNDEFINED_UINT32, 0));
  else if (is(l, "win_fence") || is(l, "win_post") || is(l, "win_start") || is(l, "win_complete") ||
           is(l, "win_wait") || is(l, "win_test"))
    otw_check(OTF2_EvtWriter_RmaGroupSync(w, al, t, OTF2_RMA_SYNC_LEVEL_PROCESS | OTF2_RMA_SYNC_LEVEL_MEMORY, wr, 1));
  else
    otw_check(OTF2_EvtWriter_RmaSync(w, al, t, wr, OTF2_UNDEFINED_UINT32, OTF2_RMA_SYNC_TYPE_MEMORY));
  otw_ranks[rank].events++;
  return 1;
}
