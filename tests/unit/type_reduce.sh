#!/usr/bin/env bash
# Reductions on derived datatypes (not a differential test: MPICH 4.0 refuses
# predefined ops on derived types, simpi applies them element-wise over the
# typemap's values). The program checks itself: each result must equal the
# same reduction done on the values alone, with predefined types, and bytes
# between the typemap's values must stay untouched.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/red.c" <<'C'
#include <mpi.h>
#include <stdio.h>
#include <string.h>
static int rank, bad;
#define CHECK(what, cond) do { if (!(cond)) { printf("rank %d: %s: wrong\n", rank, what); bad = 1; } } while (0)
int main(int c, char **v)
{
  MPI_Init(&c, &v);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int n, i;
  MPI_Comm_size(MPI_COMM_WORLD, &n);

  /* every other double, count 3: Allreduce SUM and Reduce MAX at root 2 */
  double d[24], r[24], dv[12], rv[12];
  MPI_Datatype dvec, dv7;
  MPI_Type_vector(4, 1, 2, MPI_DOUBLE, &dv7); /* extent 7 doubles: resized to 8 so that elements interleave */
  MPI_Type_create_resized(dv7, 0, 8 * sizeof(double), &dvec);
  MPI_Type_free(&dv7);
  MPI_Type_commit(&dvec);
  for (i = 0; i < 24; i++) { d[i] = i % 2 ? -7 : rank * 0.25 + i; r[i] = -1; }
  for (i = 0; i < 12; i++) dv[i] = d[2 * i];
  MPI_Allreduce(d, r, 3, dvec, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(dv, rv, 12, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  for (i = 0; i < 24; i++)
    CHECK("allreduce sum vector of doubles", r[i] == (i % 2 ? -1 : rv[i / 2]));
  for (i = 0; i < 24; i++) r[i] = -1;
  MPI_Reduce(d, r, 3, dvec, MPI_MAX, 2 % n, MPI_COMM_WORLD);
  MPI_Reduce(dv, rv, 12, MPI_DOUBLE, MPI_MAX, 2 % n, MPI_COMM_WORLD);
  if (rank == 2 % n)
    for (i = 0; i < 24; i++)
      CHECK("reduce max vector of doubles", r[i] == (i % 2 ? -1 : rv[i / 2]));

  /* vector of MPI_2INT with MAXLOC and MINLOC */
  struct { int v, k; } p[8], q[8], pv[4], qv[4];
  MPI_Datatype pvec;
  MPI_Type_vector(4, 1, 2, MPI_2INT, &pvec);
  MPI_Type_commit(&pvec);
  for (i = 0; i < 8; i++) { p[i].v = (rank * 3 + i) % 4; p[i].k = rank; q[i].v = q[i].k = -1; }
  for (i = 0; i < 4; i++) pv[i] = p[2 * i];
  MPI_Allreduce(p, q, 1, pvec, MPI_MAXLOC, MPI_COMM_WORLD);
  MPI_Allreduce(pv, qv, 4, MPI_2INT, MPI_MAXLOC, MPI_COMM_WORLD);
  for (i = 0; i < 8; i++)
    CHECK("maxloc vector of 2int", i % 2 ? q[i].v == -1 && q[i].k == -1 : q[i].v == qv[i / 2].v && q[i].k == qv[i / 2].k);
  MPI_Allreduce(p, q, 1, pvec, MPI_MINLOC, MPI_COMM_WORLD);
  MPI_Allreduce(pv, qv, 4, MPI_2INT, MPI_MINLOC, MPI_COMM_WORLD);
  for (i = 0; i < 8; i += 2)
    CHECK("minloc vector of 2int", q[i].v == qv[i / 2].v && q[i].k == qv[i / 2].k);

  /* hindexed ints out of order, PROD; contiguous(3) of ints, MAX; dup(int), BOR */
  int h[8], hr[8], hv[3], hrv[3];
  MPI_Datatype hi, c3, di;
  MPI_Type_create_hindexed(2, (int[]){2, 1}, (MPI_Aint[]){4 * sizeof(int), 0}, MPI_INT, &hi);
  MPI_Type_commit(&hi);
  for (i = 0; i < 8; i++) { h[i] = rank + 1 + i; hr[i] = -1; }
  hv[0] = h[4]; hv[1] = h[5]; hv[2] = h[0];
  MPI_Reduce(h, hr, 1, hi, MPI_PROD, 0, MPI_COMM_WORLD);
  MPI_Reduce(hv, hrv, 3, MPI_INT, MPI_PROD, 0, MPI_COMM_WORLD);
  if (rank == 0)
    CHECK("reduce prod hindexed", hr[4] == hrv[0] && hr[5] == hrv[1] && hr[0] == hrv[2] && hr[1] == -1 && hr[2] == -1 &&
          hr[3] == -1 && hr[6] == -1 && hr[7] == -1);
  int x[6], y[6], yv[6];
  MPI_Type_contiguous(3, MPI_INT, &c3);
  MPI_Type_commit(&c3);
  for (i = 0; i < 6; i++) x[i] = (rank * 7 + i * 3) % 5;
  MPI_Allreduce(x, y, 2, c3, MPI_MAX, MPI_COMM_WORLD);
  MPI_Allreduce(x, yv, 6, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  CHECK("allreduce max contiguous", !memcmp(y, yv, sizeof y));
  MPI_Type_dup(MPI_INT, &di);
  MPI_Type_commit(&di);
  for (i = 0; i < 6; i++) x[i] = rank << i;
  MPI_Allreduce(x, y, 6, di, MPI_BOR, MPI_COMM_WORLD);
  MPI_Allreduce(x, yv, 6, MPI_INT, MPI_BOR, MPI_COMM_WORLD);
  CHECK("allreduce bor dup(int)", !memcmp(y, yv, sizeof y));

  /* resized int with a negative lb and gaps, count 3 */
  int g[12], gr[12], gv[3], grv[3];
  MPI_Datatype gap;
  MPI_Type_create_resized(MPI_INT, -4, 4 * sizeof(int), &gap);
  MPI_Type_commit(&gap);
  for (i = 0; i < 12; i++) { g[i] = i % 4 == 1 ? rank * 10 + i : -100; gr[i] = -1; }
  for (i = 0; i < 3; i++) gv[i] = g[4 * i + 1];
  MPI_Allreduce(g + 1, gr + 1, 3, gap, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(gv, grv, 3, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  for (i = 0; i < 12; i++)
    CHECK("allreduce sum resized with gaps", gr[i] == (i % 4 == 1 ? grv[i / 4] : -1));

  /* mixed types are refused: MPI_ERR_OP */
  MPI_Datatype mix;
  MPI_Type_create_struct(2, (int[]){1, 1}, (MPI_Aint[]){0, 8}, (MPI_Datatype[]){MPI_INT, MPI_DOUBLE}, &mix);
  MPI_Type_commit(&mix);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  char mb[16], mr[16];
  int e = MPI_Allreduce(mb, mr, 1, mix, MPI_SUM, MPI_COMM_WORLD), cls;
  MPI_Error_class(e, &cls);
  CHECK("sum on a mixed struct is MPI_ERR_OP", cls == MPI_ERR_OP);

  MPI_Type_free(&dvec); MPI_Type_free(&pvec); MPI_Type_free(&hi); MPI_Type_free(&c3); MPI_Type_free(&di);
  MPI_Type_free(&gap); MPI_Type_free(&mix);
  printf("rank %d: %s\n", rank, bad ? "FAILED" : "ok");
  MPI_Finalize();
  return bad;
}
C
"$top/wrappers/simcc" "$work/red.c" -o "$work/red"
for np in 1 3 4; do
  out=$("$top/wrappers/simrun" -q -np $np "$work/red" | sort)
  want=$(for ((r = 0; r < np; r++)); do echo "rank $r: ok"; done)
  if [ "$out" != "$want" ]; then
    echo "type_reduce: np $np:"
    echo "$out"
    exit 1
  fi
done
