/* Communicators as the layers below the MPI API see them. A communicator has
 * one shared core (its groups and context) and, for each member rank, its
 * own object (its rank, error handler, name, attributes): MPI handles are
 * local to a process, so each rank's handle names its own object. An
 * intercommunicator's core holds two groups; each member's object says which
 * side it is on. Other layers use only the accessors below. */
#ifndef SIMPI_COMM_H
#define SIMPI_COMM_H
#include <mpi.h>

typedef struct comm_side {
  int size;
  int *l2w; /* local rank -> world rank; NULL for MPI_COMM_WORLD */
} comm_side_t;

struct attr;
struct topo;

typedef struct comm_core {
  comm_side_t side[2]; /* intracommunicators use side[0] only */
  int inter;
  int ctx;           /* point-to-point context; collectives use ctx + 1 */
  int refs;          /* member objects still alive */
  int self;          /* MPI_COMM_SELF: one per rank, l2w unused */
  struct comm_core *local[2]; /* intercommunicator: each side as an intracommunicator */
  struct topo *topo; /* Cartesian or graph topology, NULL if none */
} comm_core_t;

typedef struct rt_comm {
  comm_core_t *core;
  int side;        /* intercommunicator: the owner's group */
  int rank;        /* the owner's rank in its group */
  int owner;       /* world rank of the owner */
  int handle;
  int errh;        /* MPI_Errhandler */
  int coll_seq;    /* collectives started on this communicator */
  struct attr *attrs;
  int info;        /* MPI_Info hints given at creation or by Comm_set_info */
  int trace_id;    /* names it in the owner's trace: world 0, self -1, then 1, 2, ... */
  int holds;       /* operations still running on it (a freed one lives until they end) */
  int released;    /* the program freed it */
  char name[MPI_MAX_OBJECT_NAME];
} rt_comm_t;

/* The calling rank's object for h, NULL if h is not one of its communicators. */
rt_comm_t *comm_get(MPI_Comm h);
/* The calling rank's live communicator whose trace id is trace_id, NULL if none (a scan:
 * for writers that look each one up once). */
rt_comm_t *comm_traced(int trace_id);
static inline int comm_size(const rt_comm_t *c) { return c->core->side[c->side].size; }
static inline int comm_rank(const rt_comm_t *c) { return c->rank; }
static inline int comm_ctx(const rt_comm_t *c) { return c->core->ctx; }
static inline const char *comm_name(const rt_comm_t *c) { return c->name; }
static inline int comm_is_inter(const rt_comm_t *c) { return c->core->inter; }
/* World rank of a member of the owner's group. */
int comm_world(const rt_comm_t *c, int local);
/* World rank of member `local` of side `side` of core (owner: the rank whose
 * object asks, for MPI_COMM_SELF). */
int comm_side_world(const comm_core_t *core, int side, int local, int owner);
/* The world ranks of side's members, in rank order (free it). */
int *comm_side_members(const comm_core_t *core, int side, int owner);
static inline int *comm_member_list(const rt_comm_t *c) { return comm_side_members(c->core, c->side, c->owner); }
/* Point-to-point peers: the remote group of an intercommunicator, else the group. */
int comm_peer_size(const rt_comm_t *c);
int comm_peer_world(const rt_comm_t *c, int rank);
/* Sets up MPI_COMM_WORLD and MPI_COMM_SELF for every rank (at start-up). */
void comm_init_builtin(void);

/* For the communicator constructors (src/mpi/comm_create.c and topo.c). */
int comm_new_ctx(void);
comm_core_t *comm_core_new(int size, const int *l2w);
/* An intercommunicator's core: side s has the n[s] world ranks w[s]. */
comm_core_t *comm_inter_core(const int n[2], const int *const w[2]);
/* A new object (and handle) for the calling rank on core; NULL core -> MPI_COMM_NULL. */
MPI_Comm comm_attach(comm_core_t *core, int side, const rt_comm_t *parent);
/* The program frees c: its handle dies at once, the object once no
 * operation holds it (nonblocking and persistent collectives do). */
void comm_release(rt_comm_t *c);
void comm_hold(rt_comm_t *c);
void comm_unhold(rt_comm_t *c);
#endif
