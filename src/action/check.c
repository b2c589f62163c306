/* Diagnostic: a collective called with inconsistent arguments across ranks.
 * The k-th collective call on a communicator is the same call on every
 * member (they must call collectives in the same order), so the first
 * member to make it leaves what it called (which collective, root, bytes per
 * rank) and each later one compares. Only the arguments the standard says
 * must agree are compared; the v- and w-forms are not checked. At the end
 * of a run, what is left are collectives some members never called. */
#include "check.h"
#include "../runtime/runtime.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct seen {
  const void *core;
  int seq, root, first;
  enum coll_id id;
  long bytes;
  const char *call;
  void *pc;
  int left, size;
  char comm[40]; /* its name when the call was made */
  struct seen *next;
} seen_t;

static seen_t *seen;

static const char *names[COLL_N] = {"MPI_Barrier", "MPI_Bcast", "MPI_Gather", "MPI_Gatherv", "MPI_Scatter",
                                    "MPI_Scatterv", "MPI_Allgather", "MPI_Allgatherv", "MPI_Alltoall",
                                    "MPI_Alltoallv", "MPI_Alltoallw", "MPI_Reduce", "MPI_Allreduce",
                                    "MPI_Reduce_scatter", "MPI_Reduce_scatter_block", "MPI_Scan", "MPI_Exscan"};

/* The bytes each rank contributes, -1 when it may differ between ranks. */
static long bytes_of(enum coll_id id, const coll_args_t *a)
{
  switch (id) {
  case COLL_BCAST: case COLL_REDUCE: case COLL_ALLREDUCE: case COLL_SCAN: case COLL_EXSCAN:
  case COLL_REDUCE_SCATTER_BLOCK:
    return a->rt ? (long)a->rcount * (long)a->rt->size : -1;
  case COLL_ALLGATHER: case COLL_ALLTOALL:
    return a->rt ? (long)a->rcount * (long)a->rt->size : -1;
  default:
    return -1;
  }
}

static int rooted(enum coll_id id)
{
  return id == COLL_BCAST || id == COLL_REDUCE || id == COLL_GATHER || id == COLL_SCATTER || id == COLL_GATHERV ||
         id == COLL_SCATTERV;
}

void check_coll(enum coll_id id, rt_comm_t *c, const coll_args_t *a)
{
  rt_rank_t *r = rt_self;
  if (!r || comm_is_inter(c) || comm_size(c) < 2)
    return;
  int root = rooted(id) ? a->root : -1;
  long bytes = bytes_of(id, a);
  for (seen_t **pp = &seen; *pp; pp = &(*pp)->next) {
    seen_t *s = *pp;
    if (s->core != c->core || s->seq != c->coll_seq)
      continue;
    if (s->id != id || s->root != root || (s->bytes >= 0 && bytes >= 0 && s->bytes != bytes)) {
      char here[600], there[600];
      rt_srcloc(r->call_pc, here, sizeof here);
      rt_srcloc(s->pc, there, sizeof there);
      rt_warn("collective %d on %s does not match across ranks: rank %d called %s (root %d, %ld bytes)%s%s, "
              "rank %d called %s (root %d, %ld bytes)%s%s",
              c->coll_seq + 1, comm_name(c), r->id, names[id], root, bytes, here[0] ? " at " : "", here, s->first,
              names[s->id], s->root, s->bytes, there[0] ? " at " : "", there);
    }
    if (--s->left == 0) {
      *pp = s->next;
      free(s);
    }
    return;
  }
  seen_t *s = malloc(sizeof *s);
  *s = (seen_t){.core = c->core, .seq = c->coll_seq, .id = id, .root = root, .first = r->id, .bytes = bytes,
                .call = names[id], .pc = r->call_pc, .left = comm_size(c) - 1, .size = comm_size(c), .next = seen};
  const char *name = comm_name(c); /* copied, not printed: see coll_begin */
  size_t len = strnlen(name, sizeof s->comm - 1);
  memcpy(s->comm, name, len);
  s->comm[len] = 0;
  seen = s;
}

void check_coll_report(void)
{
  int n = 0;
  for (seen_t *s = seen; s; s = s->next) {
    if (n++ == 10)
      break;
    char there[600];
    rt_srcloc(s->pc, there, sizeof there);
    rt_warn("collective %d on %s: rank %d called %s%s%s, which %d of its %d members never called", s->seq + 1,
            s->comm, s->first, s->call, there[0] ? " at " : "", there, s->left, s->size);
  }
}
