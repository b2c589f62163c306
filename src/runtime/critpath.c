/* --stats: the critical path, the longest chain of computation and message
 * transfers through the run. Each rank carries the longest chain ending at
 * its present: its computation lengthens it; a receive that completes
 * continues, instead, the chain the message left with, plus the transfer
 * (from when the transfer started: the send, or the receive if it was posted
 * later), when that is longer. MPI's own costs (smpi/os, or, Test and Iprobe
 * sleeps) and waiting are on no chain, so the path is at most the simulated
 * time, and equals it when ranks only compute and wait for messages.
 * Chains are lists of nodes shared through reference counts: a node per
 * message in flight (it becomes the chain's node at the receiver when its
 * chain is the longer), one where each chain starts, and the nodes of the
 * chains still held. */
#include "runtime.h"
#include "../kernel/kernel.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rt_cp_node {
  int rank, refs;
  long msgs;         /* messages on the chain */
  double len, comp;  /* the chain's length and its computation, at this node */
  double t;          /* departure node: when the transfer started */
  struct rt_cp_node *prev;
};
typedef struct rt_cp_node node_t;

/* Per rank: the chain ending at the rank's present, and its last node. */
static struct chain {
  double len, comp;
  long msgs;
  node_t *head; /* NULL: the chain starts on this rank */
} *chains;

static struct chain *chain(int rank)
{
  if (!chains)
    chains = calloc((size_t)rt_nranks, sizeof *chains);
  return &chains[rank];
}

static void release(node_t *n)
{
  while (n && --n->refs == 0) {
    node_t *p = n->prev;
    free(n);
    n = p;
  }
}

static node_t *node(int rank, const struct chain *c, node_t *prev_ref)
{
  node_t *n = malloc(sizeof *n);
  *n = (node_t){rank, 1, c->msgs, c->len, c->comp, kern_now(), prev_ref};
  return n;
}

void rt_cp_compute(int rank, double seconds)
{
  struct chain *c = chain(rank);
  c->len += seconds;
  c->comp += seconds;
}

node_t *rt_cp_send(int sender)
{
  struct chain *c = chain(sender);
  if (!c->head) /* the chain's first node: where it starts */
    c->head = node(sender, &(struct chain){0, 0, 0, NULL}, NULL);
  c->head->refs++;
  return node(sender, c, c->head); /* in flight: the chain as it leaves */
}

void rt_cp_transfer_starts(node_t *n) { n->t = kern_now(); }

void rt_cp_recv(int receiver, node_t *n)
{
  struct chain *c = chain(receiver);
  double via = n->len + (kern_now() - n->t);
  if (via <= c->len) {
    release(n);
    return;
  }
  release(c->head);
  c->len = via;
  c->comp = n->comp;
  c->msgs = n->msgs + 1;
  /* the message's node becomes the chain's arrival here (its prev is on the sender) */
  *n = (node_t){receiver, n->refs, c->msgs, c->len, c->comp, kern_now(), n->prev};
  c->head = n;
}

/* The longest chain: the rank where it ends. */
static int longest(void)
{
  chain(0);
  int last = 0;
  for (int i = 1; i < rt_nranks; i++)
    if (chains[i].len > chains[last].len)
      last = i;
  return last;
}

/* The ranks of the chain ending on last, from its end back, one per change of rank (*k of
 * them, malloc'ed), and how many distinct ranks it goes through (*distinct). */
static int *path_ranks(int last, int *k, int *distinct)
{
  long n = 1;
  for (node_t *p = chains[last].head; p; p = p->prev)
    n++;
  int *ranks = malloc(sizeof *ranks * (size_t)n);
  *k = 0;
  ranks[(*k)++] = last;
  for (node_t *p = chains[last].head; p; p = p->prev)
    if (p->rank != ranks[*k - 1])
      ranks[(*k)++] = p->rank;
  char *seen = calloc((size_t)rt_nranks, 1);
  *distinct = 0;
  for (int i = 0; i < *k; i++)
    if (!seen[ranks[i]]) {
      seen[ranks[i]] = 1;
      (*distinct)++;
    }
  free(seen);
  return ranks;
}

void rt_cp_summary(double *len, double *comp, long *msgs, int *nranks)
{
  int last = longest(), k;
  struct chain *c = &chains[last];
  *len = c->len;
  *comp = c->comp;
  *msgs = c->msgs;
  free(path_ranks(last, &k, nranks));
}

void rt_cp_report(void)
{
  int last = longest(), k, distinct;
  struct chain *c = &chains[last];
  fprintf(stderr,
          "simpi: critical path %.6f s of %.6f s simulated: computation %.6f s, message transfers %.6f s (%ld "
          "message%s)\n",
          c->len, kern_now(), c->comp, c->len - c->comp, c->msgs, c->msgs == 1 ? "" : "s");
  /* its ranks, from the start */
  int *ranks = path_ranks(last, &k, &distinct);
  fprintf(stderr, "  through %d rank%s:", distinct, distinct == 1 ? "" : "s");
  for (int j = 0; j < k; j++) { /* in path order: the first 8 changes of rank and the last 8 */
    if (k > 16 && j == 8) {
      fprintf(stderr, " > ... (%d more)", k - 16);
      j = k - 9;
      continue;
    }
    fprintf(stderr, j ? " > %d" : " %d", ranks[k - 1 - j]);
  }
  fputc('\n', stderr);
  free(ranks);
}
