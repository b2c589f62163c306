/* what this tests: groups (incl, excl, range_incl/excl, union, intersection,
 *   difference, translate_ranks, compare, rank/size) and Comm_create /
 *   Comm_create_group from them
 * np: 6
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Group world, evens, odds, firsth, u, in, diff, rng, rexcl;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  int ev[3] = {4, 2, 0}, oddr[3] = {1, 3, 5};
  MPI_Group_incl(world, 3, ev, &evens);
  MPI_Group_excl(world, 3, ev, &odds);
  int range[1][3] = {{0, 2, 1}};
  MPI_Group_range_incl(world, 1, range, &firsth);
  int r2[1][3] = {{5, 1, -2}};
  MPI_Group_range_incl(world, 1, r2, &rng);
  MPI_Group_range_excl(world, 1, range, &rexcl);
  MPI_Group_union(evens, firsth, &u);
  MPI_Group_intersection(evens, firsth, &in);
  MPI_Group_difference(world, firsth, &diff);
  int s[6], rk[6];
  MPI_Group g[6] = {evens, odds, firsth, u, in, diff};
  for (int i = 0; i < 6; i++) {
    MPI_Group_size(g[i], &s[i]);
    MPI_Group_rank(g[i], &rk[i]);
  }
  int tr[3];
  MPI_Group_translate_ranks(odds, 3, (int[]){0, 1, 2}, world, tr);
  int c1, c2, c3;
  MPI_Group_compare(odds, rng, &c1);
  MPI_Group_compare(world, world, &c2);
  MPI_Group_compare(odds, rexcl, &c3);
  MPI_Comm ecomm, gcomm;
  MPI_Comm_create(MPI_COMM_WORLD, evens, &ecomm);
  int erank = -1, esum = -1;
  if (ecomm != MPI_COMM_NULL) {
    MPI_Comm_rank(ecomm, &erank);
    MPI_Allreduce(&rank, &esum, 1, MPI_INT, MPI_SUM, ecomm);
    MPI_Comm_free(&ecomm);
  }
  int grank = -1;
  if (rank % 2) {
    MPI_Comm_create_group(MPI_COMM_WORLD, odds, 7, &gcomm);
    MPI_Comm_rank(gcomm, &grank);
    MPI_Barrier(gcomm);
    MPI_Comm_free(&gcomm);
  }
  printf("rank %d: sizes %d %d %d %d %d %d ranks %d %d %d %d %d %d odd->world %d %d %d cmp %d %d %d even-comm rank %d sum %d odd-comm rank %d\n",
         rank, s[0], s[1], s[2], s[3], s[4], s[5], rk[0], rk[1], rk[2], rk[3], rk[4], rk[5], tr[0], tr[1], tr[2],
         c1, c2, c3, erank, esum, grank);
  for (int i = 0; i < 6; i++)
    MPI_Group_free(&g[i]);
  MPI_Group_free(&rng);
  MPI_Group_free(&rexcl);
  MPI_Group_free(&world);
  MPI_Finalize();
  return 0;
}
