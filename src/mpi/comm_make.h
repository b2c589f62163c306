/* Communicator constructors shared by comm_create.c, comm_inter.c, session.c and topo.c. */
#ifndef SIMPI_COMM_MAKE_H
#define SIMPI_COMM_MAKE_H
#include "../core/group.h"
#include "mpi_impl.h"

enum { MADE_DUP = 1, MADE_SPLIT, MADE_CREATE, MADE_CREATE_GROUP, MADE_INTER, MADE_MERGE, MADE_CART, MADE_GRAPH,
       MADE_DIST_GRAPH };

/* The members of g (all in c) get a new communicator, the others
 * MPI_COMM_NULL; collective over c (kind MADE_CREATE_GROUP: over g only). */
int comm_create_from(rt_rank_t *self, rt_comm_t *c, rt_group_t *g, int kind, int tag, MPI_Comm *newcomm);
/* The tag of an MPI 4.0 string tag (Comm_create_from_group, Intercomm_create_from_groups): a hash of
 * the string, told apart per call by salt. */
static inline int comm_string_tag(const char *s, unsigned long salt)
{
  unsigned long h = 5381;
  for (; *s; s++)
    h = h * 33 + (unsigned char)*s;
  return (int)((h ^ salt) & 0x3fffffff);
}
/* Comm_split with a kind of its own (so that topology splits do not pair with user ones). */
int comm_split_kind(rt_rank_t *self, rt_comm_t *c, int color, int key, int kind, MPI_Comm *newcomm);
/* The agreement of a constructor: the core that the members of a new
 * communicator share, found under (parent, kind, key) when another member
 * made it, else made by build(arg); repeated calls pair up in call order. */
comm_core_t *comm_agree(const void *parent, int kind, const long key[3], comm_core_t *(*build)(void *), void *arg);
/* Builds an intracommunicator core of a comm_list. */
struct comm_list {
  int n;
  const int *w;
};
comm_core_t *comm_build_list(void *arg);
/* The world ranks w[i] of the n members whose pairs[2i] (color) is color,
 * ordered by pairs[2i + 1] (key), then by i; *k of them (free it). */
int *comm_split_members(const int *pairs, int n, int color, const int *w, int *k);
/* Intercommunicators (comm_inter.c): build an intercommunicator core from
 * an inter_list, and split one (color MPI_UNDEFINED: no new communicator). */
struct inter_list {
  int n[2];
  const int *w[2];
};
comm_core_t *comm_build_inter(void *arg);
void comm_inter_split(rt_comm_t *c, int color, int key, int kind, MPI_Comm *newcomm);
/* A duplicate of intracommunicator c for the library's own use (windows):
 * no attribute copies, not traced. */
int comm_dup_quiet(rt_rank_t *self, rt_comm_t *c, MPI_Comm *newcomm);
#endif
