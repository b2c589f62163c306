/* what this tests: intercommunicators made from intercommunicators (Comm_dup,
 *   Comm_idup, Comm_split with a color missing from one group, Comm_create),
 *   and the v-, w- and reduce-scatter collectives on them, blocking and
 *   nonblocking, between the lower and the upper half of the world
 * np: 2 3 4 7
 */
#include "coll_check.h"

static MPI_Comm inter;
static int low, lr, ln, rn; /* my group, my rank and size in it, the other group's size */

/* the other group's rank r as a world rank */
static int remote_world(int r) { return low ? size / 2 + r : r; }

/* a message each way between local rank i and remote rank i, on c */
static int pairs_talk(MPI_Comm c)
{
  int r, rsz;
  MPI_Comm_rank(c, &r);
  MPI_Comm_remote_size(c, &rsz);
  if (r >= rsz)
    return 1;
  int out = val(rank, r, 1), in = -1;
  MPI_Sendrecv(&out, 1, MPI_INT, r, 5, &in, 1, MPI_INT, r, 5, c, MPI_STATUS_IGNORE);
  return in == val(remote_world(r), r, 1);
}

/* the sizes, kind and comparison of a copy of inter */
static int same_shape(MPI_Comm c)
{
  int flag, n, rsz, r, cmp;
  MPI_Comm_test_inter(c, &flag);
  MPI_Comm_size(c, &n);
  MPI_Comm_remote_size(c, &rsz);
  MPI_Comm_rank(c, &r);
  MPI_Comm_compare(c, inter, &cmp);
  return flag && n == ln && rsz == rn && r == lr && cmp == MPI_CONGRUENT;
}

static void dups(void)
{
  MPI_Comm d, id;
  MPI_Request req;
  MPI_Comm_dup(inter, &d);
  report("Comm_dup of an intercommunicator: same groups", same_shape(d));
  report("Comm_dup of an intercommunicator: messages", pairs_talk(d));
  int sum = -1, mine = rank;
  MPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, d);
  int expect = 0;
  for (int i = 0; i < rn; i++)
    expect += remote_world(i);
  report("Comm_dup of an intercommunicator: Allreduce", sum == expect);
  MPI_Comm_idup(inter, &id, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  report("Comm_idup of an intercommunicator: same groups", same_shape(id));
  report("Comm_idup of an intercommunicator: messages", pairs_talk(id));
  MPI_Comm dd;
  MPI_Comm_dup(d, &dd);
  report("Comm_dup of a duplicate", same_shape(dd) && pairs_talk(dd));
  MPI_Comm_free(&dd);
  MPI_Comm_free(&id);
  MPI_Comm_free(&d);
}

static void split_create(void)
{
  /* color: the parity of the local rank; key: reversed order */
  MPI_Comm s;
  int color = lr % 2;
  MPI_Comm_split(inter, color, -lr, &s);
  int local_with = (ln - color + 1) / 2, remote_with = (rn - color + 1) / 2; /* ranks of that parity */
  int ok;
  if (local_with && remote_with) {
    int n, rsz, r, flag;
    MPI_Comm_test_inter(s, &flag);
    MPI_Comm_size(s, &n);
    MPI_Comm_remote_size(s, &rsz);
    MPI_Comm_rank(s, &r);
    ok = flag && n == local_with && rsz == remote_with && r == (local_with - 1 - lr / 2);
    /* the remote rank 0 of s is the other group's highest rank of my color */
    MPI_Group g, w;
    int zero = 0, wr;
    MPI_Comm_remote_group(s, &g);
    MPI_Comm_group(MPI_COMM_WORLD, &w);
    MPI_Group_translate_ranks(g, 1, &zero, w, &wr);
    int top = rn - 1;
    if (top % 2 != color)
      top--;
    ok &= wr == remote_world(top);
    MPI_Group_free(&g);
    MPI_Group_free(&w);
    int in = -1, out = rank;
    MPI_Allreduce(&out, &in, 1, MPI_INT, MPI_MAX, s);
    ok &= in == remote_world(top);
    MPI_Comm_free(&s);
  } else
    ok = s == MPI_COMM_NULL;
  report("Comm_split of an intercommunicator", ok);
  MPI_Comm u;
  MPI_Comm_split(inter, MPI_UNDEFINED, 0, &u);
  report("Comm_split of an intercommunicator, MPI_UNDEFINED", u == MPI_COMM_NULL);

  /* Comm_create: each group without its rank 0, in reverse order */
  MPI_Group lg, g;
  MPI_Comm_group(inter, &lg);
  int *ranks = malloc(sizeof(int) * (size_t)ln), k = 0;
  for (int i = ln - 1; i >= 1; i--)
    ranks[k++] = i;
  MPI_Group_incl(lg, k, ranks, &g);
  MPI_Comm c;
  MPI_Comm_create(inter, g, &c);
  if (ln > 1 && rn > 1 && lr > 0) {
    int n, rsz, r;
    MPI_Comm_size(c, &n);
    MPI_Comm_remote_size(c, &rsz);
    MPI_Comm_rank(c, &r);
    ok = n == ln - 1 && rsz == rn - 1 && r == ln - 1 - lr;
    int in = -1, out = rank;
    MPI_Allreduce(&out, &in, 1, MPI_INT, MPI_MIN, c);
    ok &= in == remote_world(1);
    MPI_Comm_free(&c);
  } else
    ok = c == MPI_COMM_NULL;
  report("Comm_create of an intercommunicator", ok);
  free(ranks);
  MPI_Group_free(&g);
  MPI_Group_free(&lg);
}

/* rooted v-collectives: the upper group's rank 0 is the root */
static void rooted(int nb)
{
  int root = low ? 0 : (lr == 0 ? MPI_ROOT : MPI_PROC_NULL);
  int *counts = malloc(sizeof(int) * 2 * (size_t)rn), *displs = counts + rn, total = 0;
  for (int i = 0; i < rn; i++) {
    counts[i] = i % 3 + 1;
    displs[i] = total + 1; /* a gap before each block */
    total += counts[i] + 1;
  }
  int *big = malloc(sizeof(int) * (size_t)(total + 1)), mine[4], got[4] = {-1, -1, -1, -1};
  for (int i = 0; i <= total; i++)
    big[i] = -1;
  for (int i = 0; i < 4; i++)
    mine[i] = val(rank, i, 2);
  MPI_Request req;
  int mycount = lr % 3 + 1;
  if (nb) {
    MPI_Igatherv(mine, mycount, MPI_INT, big, counts, displs, MPI_INT, root, inter, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else
    MPI_Gatherv(mine, mycount, MPI_INT, big, counts, displs, MPI_INT, root, inter);
  int ok = 1;
  if (root == MPI_ROOT)
    for (int i = 0; i < rn; i++) {
      ok &= big[displs[i] - 1] == -1;
      for (int j = 0; j < counts[i]; j++)
        ok &= big[displs[i] + j] == val(remote_world(i), j, 2);
    }
  report(nb ? "Igatherv on an intercommunicator" : "Gatherv on an intercommunicator", ok);
  /* the root sends block i (its values) back to remote rank i */
  for (int i = 0; i <= total; i++)
    big[i] = 1000 * rank + i;
  if (nb) {
    MPI_Iscatterv(big, counts, displs, MPI_INT, got, mycount, MPI_INT, root, inter, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else
    MPI_Scatterv(big, counts, displs, MPI_INT, got, mycount, MPI_INT, root, inter);
  ok = 1;
  if (low) {
    int d = 1;
    for (int i = 0; i < lr; i++)
      d += i % 3 + 2;
    for (int j = 0; j < mycount; j++)
      ok &= got[j] == 1000 * remote_world(0) + d + j;
  } else
    ok = got[0] == -1;
  report(nb ? "Iscatterv on an intercommunicator" : "Scatterv on an intercommunicator", ok);
  free(big);
  free(counts);
}

/* Allgatherv, Alltoallv, Alltoallw */
static void all_to_all(int nb)
{
  int *counts = malloc(sizeof(int) * 4 * (size_t)rn), *displs = counts + rn, *sc = displs + rn, *sd = sc + rn, total = 0;
  for (int i = 0; i < rn; i++) {
    counts[i] = (i + lr) % 2 + 1; /* what remote rank i sends me: its and my parity */
    displs[i] = total;
    total += counts[i];
  }
  int *r = malloc(sizeof(int) * (size_t)(total + 1)), mine[2] = {val(rank, 0, 3), val(rank, 1, 3)};
  MPI_Request req;
  /* Allgatherv: every rank of the other group sends 1 or 2 values by its own parity */
  int *ag = malloc(sizeof(int) * 2 * (size_t)rn), *agd = malloc(sizeof(int) * (size_t)rn), t2 = 0;
  for (int i = 0; i < rn; i++) {
    agd[i] = t2;
    t2 += ag[i] = i % 2 + 1;
  }
  int *agr = malloc(sizeof(int) * (size_t)(t2 + 1));
  if (nb) {
    MPI_Iallgatherv(mine, lr % 2 + 1, MPI_INT, agr, ag, agd, MPI_INT, inter, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else
    MPI_Allgatherv(mine, lr % 2 + 1, MPI_INT, agr, ag, agd, MPI_INT, inter);
  int ok = 1;
  for (int i = 0; i < rn; i++)
    for (int j = 0; j < ag[i]; j++)
      ok &= agr[agd[i] + j] == val(remote_world(i), j, 3);
  report(nb ? "Iallgatherv on an intercommunicator" : "Allgatherv on an intercommunicator", ok);
  /* Alltoallv: to remote rank i, (i + lr) % 2 + 1 values */
  int *s = malloc(sizeof(int) * 2 * (size_t)rn), st = 0;
  for (int i = 0; i < rn; i++) {
    sc[i] = (i + lr) % 2 + 1;
    sd[i] = st;
    for (int j = 0; j < sc[i]; j++)
      s[st + j] = 10000 * rank + 100 * i + j;
    st += sc[i];
  }
  if (nb) {
    MPI_Ialltoallv(s, sc, sd, MPI_INT, r, counts, displs, MPI_INT, inter, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else
    MPI_Alltoallv(s, sc, sd, MPI_INT, r, counts, displs, MPI_INT, inter);
  ok = 1;
  for (int i = 0; i < rn; i++)
    for (int j = 0; j < counts[i]; j++)
      ok &= r[displs[i] + j] == 10000 * remote_world(i) + 100 * lr + j;
  report(nb ? "Ialltoallv on an intercommunicator" : "Alltoallv on an intercommunicator", ok);
  /* Alltoallw: the same in bytes, one int as MPI_INT and the second as 4 MPI_BYTEs */
  MPI_Datatype *ts = malloc(sizeof(MPI_Datatype) * 2 * (size_t)rn), *rts = ts + rn;
  int *wsc = malloc(sizeof(int) * 4 * (size_t)rn), *wsd = wsc + rn, *wrc = wsd + rn, *wrd = wrc + rn;
  for (int i = 0; i < rn; i++) {
    ts[i] = sc[i] == 1 ? MPI_INT : MPI_BYTE;
    wsc[i] = sc[i] == 1 ? 1 : 8;
    wsd[i] = (int)sizeof(int) * sd[i];
    rts[i] = counts[i] == 1 ? MPI_INT : MPI_BYTE;
    wrc[i] = counts[i] == 1 ? 1 : 8;
    wrd[i] = (int)sizeof(int) * displs[i];
  }
  for (int i = 0; i < total; i++)
    r[i] = -1;
  if (nb) {
    MPI_Ialltoallw(s, wsc, wsd, ts, r, wrc, wrd, rts, inter, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else
    MPI_Alltoallw(s, wsc, wsd, ts, r, wrc, wrd, rts, inter);
  ok = 1;
  for (int i = 0; i < rn; i++)
    for (int j = 0; j < counts[i]; j++)
      ok &= r[displs[i] + j] == 10000 * remote_world(i) + 100 * lr + j;
  report(nb ? "Ialltoallw on an intercommunicator" : "Alltoallw on an intercommunicator", ok);
  free(ts);
  free(wsc);
  free(s);
  free(ag);
  free(agd);
  free(agr);
  free(r);
  free(counts);
}

/* Reduce_scatter(_block): both groups give vectors of the same length */
static void reduce_scatters(int nb)
{
  /* vectors of 12 elements: each group's counts add up to 12 */
  int L = 12, *rc = malloc(sizeof(int) * (size_t)ln), off = 0, mine = 0;
  for (int i = 0; i < ln; i++) {
    rc[i] = L / ln + (i < L % ln);
    if (i == lr)
      mine = off;
    off += rc[i];
  }
  int v[12], out[12];
  for (int i = 0; i < L; i++)
    v[i] = val(rank, i, 4);
  MPI_Request req;
  if (nb) {
    MPI_Ireduce_scatter(v, out, rc, MPI_INT, MPI_SUM, inter, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else
    MPI_Reduce_scatter(v, out, rc, MPI_INT, MPI_SUM, inter);
  int ok = 1;
  for (int j = 0; j < rc[lr]; j++) {
    int e = 0;
    for (int i = 0; i < rn; i++)
      e += val(remote_world(i), mine + j, 4);
    ok &= out[j] == e;
  }
  report(nb ? "Ireduce_scatter on an intercommunicator" : "Reduce_scatter on an intercommunicator", ok);
  free(rc);
  /* the block form needs n * count equal on both sides: groups of equal size only */
  if (ln == rn) {
    int *bv = malloc(sizeof(int) * 2 * (size_t)ln), bout[2] = {-1, -1};
    for (int i = 0; i < 2 * ln; i++)
      bv[i] = val(rank, i, 5);
    if (nb) {
      MPI_Ireduce_scatter_block(bv, bout, 2, MPI_INT, MPI_MAX, inter, &req);
      MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else
      MPI_Reduce_scatter_block(bv, bout, 2, MPI_INT, MPI_MAX, inter);
    int e0 = val(remote_world(rn - 1), 2 * lr, 5), e1 = val(remote_world(rn - 1), 2 * lr + 1, 5);
    ok = bout[0] == e0 && bout[1] == e1;
    free(bv);
  } else
    ok = 1;
  report(nb ? "Ireduce_scatter_block on an intercommunicator" : "Reduce_scatter_block on an intercommunicator", ok);
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  low = rank < size / 2;
  MPI_Comm half;
  MPI_Comm_split(MPI_COMM_WORLD, low, rank, &half);
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, low ? size / 2 : 0, 7, &inter);
  MPI_Comm_rank(inter, &lr);
  MPI_Comm_size(inter, &ln);
  MPI_Comm_remote_size(inter, &rn);
  dups();
  split_create();
  for (int nb = 0; nb < 2; nb++) {
    rooted(nb);
    all_to_all(nb);
    reduce_scatters(nb);
  }
  MPI_Comm_free(&inter);
  MPI_Comm_free(&half);
  MPI_Finalize();
  return 0;
}
