/* Collective algorithm selection (see select.h). A selector is data: for
 * each collective, rules tried in order; the first whose conditions hold
 * names the algorithm (and a segment size for segmented ones). An
 * algorithm forced with --cfg=smpi/COLL:ALGO wins over the selector. When
 * the chosen algorithm cannot serve a call (needs a commutative operation,
 * a power-of-two communicator...), its declared fallback runs instead. */
#include "select.h"
#include "../core/op.h"
#include "../runtime/runtime.h"
#include <stdlib.h>
#include <string.h>

static const struct {
  const char *name;
  const coll_algo_t *algos;
  const char *metric; /* what "bytes" means in the rules */
} colls[COLL_N] = {
    [COLL_BARRIER] = {"barrier", coll_barrier_algos, NULL},
    [COLL_BCAST] = {"bcast", coll_bcast_algos, "message"},
    [COLL_GATHER] = {"gather", coll_gather_algos, "one rank's block"},
    [COLL_GATHERV] = {"gatherv", coll_gatherv_algos, NULL},
    [COLL_SCATTER] = {"scatter", coll_scatter_algos, "one rank's block"},
    [COLL_SCATTERV] = {"scatterv", coll_scatterv_algos, NULL},
    [COLL_ALLGATHER] = {"allgather", coll_allgather_algos, "whole result"},
    [COLL_ALLGATHERV] = {"allgatherv", coll_allgatherv_algos, "whole result"},
    [COLL_ALLTOALL] = {"alltoall", coll_alltoall_algos, "one block"},
    [COLL_ALLTOALLV] = {"alltoallv", coll_alltoallv_algos, NULL},
    [COLL_ALLTOALLW] = {"alltoallw", coll_alltoallw_algos, NULL},
    [COLL_REDUCE] = {"reduce", coll_reduce_algos, "vector"},
    [COLL_ALLREDUCE] = {"allreduce", coll_allreduce_algos, "vector"},
    [COLL_REDUCE_SCATTER] = {"reduce_scatter", coll_reduce_scatter_algos, "whole vector"},
    [COLL_REDUCE_SCATTER_BLOCK] = {"reduce_scatter_block", coll_reduce_scatter_block_algos, "whole vector"},
    [COLL_SCAN] = {"scan", coll_scan_algos, "vector"},
    [COLL_EXSCAN] = {"exscan", coll_exscan_algos, "vector"},
};

/* Rule conditions (all must hold). */
enum {
  W_POW2 = 1 << 0,        /* n is a power of two */
  W_ODD = 1 << 1,         /* n is odd */
  W_COMMUTE = 1 << 2,     /* the operation is commutative */
  W_NONCOMMUTE = 1 << 3,
  W_USER_OP = 1 << 4,     /* a user-defined operation */
  W_COUNT_LT_POF2 = 1 << 5, /* count < the largest power of two <= n */
  W_COUNT_GT_N = 1 << 6,  /* count > n */
  W_COUNT_LE_1 = 1 << 7,
  W_N_LT_LINE = 1 << 8,   /* n < a * bytes + b */
  W_N_GT_LINE = 1 << 9,   /* n > a * bytes + b */
  W_N_GE_LINE = 1 << 10,  /* n >= a * bytes + b */
  W_INPLACE = 1 << 11,    /* MPI_IN_PLACE */
  W_REGULAR = 1 << 12,    /* equal counts (reduce_scatter) */
  W_ZEROCOUNT = 1 << 13,  /* some count is 0 (reduce_scatter) */
  W_BUILTIN = 1 << 14,    /* a predefined operation */
  W_COUNT_GE_POF2 = 1 << 15,
};

typedef struct rule {
  unsigned when;
  int min_n, max_n;         /* 0: no bound */
  long ge_bytes, lt_bytes;  /* 0: no bound */
  double la, lb;            /* the line of W_N_*_LINE */
  const char *algo;
  int seg;                  /* segment size in bytes for segmented algorithms */
} rule_t;

#define END {0, 0, 0, 0, 0, 0, 0, NULL, 0}

/* MPICH 3.x (CH3 defaults of its CVARs). For non-commutative reduce_scatter
 * on other than powers of two with equal blocks, MPICH uses a recursive-
 * doubling variant that simpi replaces with reduce + scatterv. */
static const rule_t mpich_barrier[] = {{0, 0, 0, 0, 0, 0, 0, "dissemination", 0}, END};
static const rule_t mpich_bcast[] = {{0, 0, 0, 0, 12288, 0, 0, "binomial_tree", 0},
                                     {0, 0, 7, 0, 0, 0, 0, "binomial_tree", 0},
                                     {W_POW2, 0, 0, 0, 524288, 0, 0, "scatter_rdb_allgather", 0},
                                     {0, 0, 0, 0, 0, 0, 0, "scatter_LR_allgather", 0},
                                     END};
static const rule_t mpich_gather[] = {{0, 0, 0, 0, 0, 0, 0, "binomial", 0}, END};
static const rule_t mpich_scatter[] = {{0, 0, 0, 0, 0, 0, 0, "binomial", 0}, END};
static const rule_t any_linear[] = {{0, 0, 0, 0, 0, 0, 0, "linear", 0}, END};
static const rule_t mpich_allgather[] = {{W_POW2, 0, 0, 0, 524288, 0, 0, "rdb", 0},
                                         {0, 0, 0, 0, 81920, 0, 0, "bruck", 0},
                                         {0, 0, 0, 0, 0, 0, 0, "ring", 0},
                                         END};
static const rule_t mpich_alltoall[] = {{W_INPLACE, 0, 0, 0, 0, 0, 0, "pair", 0},
                                        {0, 8, 0, 0, 257, 0, 0, "bruck", 0},
                                        {0, 0, 0, 0, 32769, 0, 0, "basic_linear", 0},
                                        {0, 0, 0, 0, 0, 0, 0, "pair", 0},
                                        END};
static const rule_t mpich_alltoallv[] = {{W_INPLACE, 0, 0, 0, 0, 0, 0, "pair", 0},
                                         {0, 0, 0, 0, 0, 0, 0, "basic_linear", 0},
                                         END};
static const rule_t mpich_reduce[] = {{W_BUILTIN | W_COUNT_GE_POF2, 0, 0, 2049, 0, 0, 0, "rab", 0},
                                      {0, 0, 0, 0, 0, 0, 0, "binomial", 0},
                                      END};
static const rule_t mpich_allreduce[] = {{0, 0, 0, 0, 2049, 0, 0, "rdb", 0},
                                         {W_USER_OP, 0, 0, 0, 0, 0, 0, "rdb", 0},
                                         {W_COUNT_LT_POF2, 0, 0, 0, 0, 0, 0, "rdb", 0},
                                         {0, 0, 0, 0, 0, 0, 0, "rab", 0},
                                         END};
static const rule_t mpich_reduce_scatter[] = {{W_COMMUTE, 0, 0, 0, 524288, 0, 0, "recursive_halving", 0},
                                              {W_COMMUTE, 0, 0, 0, 0, 0, 0, "pair", 0},
                                              {W_POW2 | W_REGULAR, 0, 0, 0, 0, 0, 0, "noncomm", 0},
                                              {0, 0, 0, 0, 0, 0, 0, "nonoverlapping", 0},
                                              END};
static const rule_t any_rdb[] = {{0, 0, 0, 0, 0, 0, 0, "rdb", 0}, END};

/* Open MPI 4.0 (coll/tuned fixed decision rules). Its split binary tree
 * broadcast is replaced by simpi's segmented binary tree, its segmented ring
 * allreduce by the plain ring. */
static const rule_t ompi_barrier[] = {{0, 2, 2, 0, 0, 0, 0, "recursive_doubling", 0},
                                      {W_POW2, 0, 0, 0, 0, 0, 0, "recursive_doubling", 0},
                                      {0, 0, 0, 0, 0, 0, 0, "dissemination", 0},
                                      END};
static const rule_t ompi_bcast[] = {{0, 0, 0, 0, 2048, 0, 0, "binomial_tree", 0},
                                    {W_COUNT_LE_1, 0, 0, 0, 0, 0, 0, "binomial_tree", 0},
                                    {0, 0, 0, 0, 370728, 0, 0, "bintree", 1024},
                                    {W_N_LT_LINE, 0, 0, 0, 0, 1.6134e-6, 2.1102, "pipeline", 131072},
                                    {0, 0, 12, 0, 0, 0, 0, "bintree", 8192},
                                    {W_N_LT_LINE, 0, 0, 0, 0, 2.3679e-6, 1.1787, "pipeline", 65536},
                                    {W_N_LT_LINE, 0, 0, 0, 0, 3.2118e-6, 8.7936, "pipeline", 16384},
                                    {0, 0, 0, 0, 0, 0, 0, "pipeline", 8192},
                                    END};
static const rule_t ompi_gather[] = {{0, 0, 0, 92161, 0, 0, 0, "linear_sync", 32768},
                                     {0, 0, 0, 6001, 0, 0, 0, "linear_sync", 1024},
                                     {0, 61, 0, 0, 0, 0, 0, "binomial", 0},
                                     {0, 11, 0, 0, 1024, 0, 0, "binomial", 0},
                                     {0, 0, 0, 0, 0, 0, 0, "linear", 0},
                                     END};
static const rule_t ompi_scatter[] = {{0, 11, 0, 0, 300, 0, 0, "binomial", 0},
                                      {0, 0, 0, 0, 0, 0, 0, "linear", 0},
                                      END};
static const rule_t ompi_allgather[] = {{0, 2, 2, 0, 0, 0, 0, "rdb", 0},
                                        {W_POW2, 0, 0, 0, 50000, 0, 0, "rdb", 0},
                                        {0, 0, 0, 0, 50000, 0, 0, "bruck", 0},
                                        {W_ODD, 0, 0, 0, 0, 0, 0, "ring", 0},
                                        {0, 0, 0, 0, 0, 0, 0, "neighborexchange", 0},
                                        END};
static const rule_t ompi_allgatherv[] = {{0, 2, 2, 0, 0, 0, 0, "rdb", 0},
                                         {0, 0, 0, 0, 50000, 0, 0, "bruck", 0},
                                         {W_ODD, 0, 0, 0, 0, 0, 0, "ring", 0},
                                         {0, 0, 0, 0, 0, 0, 0, "neighborexchange", 0},
                                         END};
static const rule_t ompi_alltoall[] = {{0, 2, 2, 0, 0, 0, 0, "pair", 0},
                                       {0, 13, 0, 0, 200, 0, 0, "bruck", 0},
                                       {0, 0, 0, 0, 3000, 0, 0, "basic_linear", 0},
                                       {0, 0, 0, 0, 0, 0, 0, "ring", 0},
                                       END};
static const rule_t ompi_alltoallv[] = {{0, 0, 0, 0, 0, 0, 0, "basic_linear", 0}, END};
static const rule_t ompi_reduce[] = {{W_NONCOMMUTE, 0, 11, 0, 2048, 0, 0, "linear", 0},
                                     {W_NONCOMMUTE, 0, 0, 0, 0, 0, 0, "in_order_binary", 0},
                                     {0, 0, 7, 0, 512, 0, 0, "linear", 0},
                                     {0, 0, 7, 0, 20480, 0, 0, "binomial", 0},
                                     {0, 0, 0, 0, 2048, 0, 0, "binomial", 0},
                                     {W_COUNT_LE_1, 0, 0, 0, 0, 0, 0, "binomial", 0},
                                     {W_N_GT_LINE, 0, 0, 0, 0, 0.6016 / 1024, 1.3496, "binomial", 0},
                                     {W_N_GT_LINE, 0, 0, 0, 0, 0.0410 / 1024, 9.7128, "pipeline", 1024},
                                     {W_N_GT_LINE, 0, 0, 0, 0, 0.0422 / 1024, 1.1614, "binary", 32768},
                                     {W_N_GT_LINE, 0, 0, 0, 0, 0.0033 / 1024, 1.6761, "pipeline", 32768},
                                     {0, 0, 0, 0, 0, 0, 0, "pipeline", 65536},
                                     END};
static const rule_t ompi_allreduce[] = {{0, 0, 0, 0, 10000, 0, 0, "rdb", 0},
                                        {W_COMMUTE | W_COUNT_GT_N, 0, 0, 0, 0, 0, 0, "ring", 0},
                                        {0, 0, 0, 0, 0, 0, 0, "redbcast", 0},
                                        END};
static const rule_t ompi_reduce_scatter[] = {{W_NONCOMMUTE, 0, 0, 0, 0, 0, 0, "nonoverlapping", 0},
                                             {W_ZEROCOUNT, 0, 0, 0, 0, 0, 0, "nonoverlapping", 0},
                                             {0, 0, 0, 0, 12289, 0, 0, "recursive_halving", 0},
                                             {W_POW2, 0, 0, 0, 262145, 0, 0, "recursive_halving", 0},
                                             {W_N_GE_LINE, 0, 0, 0, 0, 0.0012, 8.0, "recursive_halving", 0},
                                             {0, 0, 0, 0, 0, 0, 0, "ring", 0},
                                             END};
static const rule_t ompi_rsb[] = {{0, 0, 0, 0, 0, 0, 0, "nonoverlapping", 0}, END};

/* smpirun's own default (SimGrid 3.32, --cfg=smpi/coll-selector:default), as
 * measured against it on platforms/cluster.xml (bench/coll_default.sh): fixed
 * algorithms everywhere but for Alltoall, which follows size tables. Where
 * smpirun picks its pair Alltoall on a communicator that is not a power of
 * two it aborts; simpi's pair serves such calls. */
static const rule_t smpi_barrier[] = {{0, 0, 0, 0, 0, 0, 0, "linear", 0}, END};
static const rule_t smpi_bcast[] = {{0, 0, 0, 0, 0, 0, 0, "binomial_tree", 0}, END};
static const rule_t any_linear_nb[] = {{0, 0, 0, 0, 0, 0, 0, "linear_nb", 0}, END};
static const rule_t smpi_allgather[] = {{0, 0, 0, 0, 0, 0, 0, "spreading_simple", 0}, END};
static const rule_t smpi_alltoall[] = {{0, 0, 7, 524288, 1048576, 0, 0, "pair", 0},
                                       {0, 0, 15, 0, 0, 0, 0, "linear_nb", 0},
                                       {0, 16, 63, 0, 512, 0, 0, "bruck", 0},
                                       {0, 16, 63, 0, 0, 0, 0, "linear_nb", 0},
                                       {0, 64, 0, 0, 1024, 0, 0, "bruck", 0},
                                       {0, 64, 0, 0, 262144, 0, 0, "linear_nb", 0},
                                       {0, 0, 0, 0, 0, 0, 0, "pair", 0},
                                       END};
static const rule_t smpi_alltoallv[] = {{0, 0, 0, 0, 0, 0, 0, "linear_nb", 0}, END};
static const rule_t smpi_allreduce[] = {{0, 0, 0, 0, 0, 0, 0, "redbcast_linear", 0}, END};
static const rule_t smpi_reduce_scatter[] = {{0, 0, 0, 0, 0, 0, 0, "nonoverlapping_linear", 0}, END};
static const rule_t any_flat[] = {{0, 0, 0, 0, 0, 0, 0, "flat", 0}, END};

typedef struct selector {
  const char *name;
  const char *doc;
  const rule_t *rules[COLL_N];
} selector_t;

static const selector_t selectors[] = {
    {"mpich",
     "MPICH 3.x (the default)",
     {mpich_barrier, mpich_bcast, mpich_gather, any_linear, mpich_scatter, any_linear, mpich_allgather,
      mpich_allgather, mpich_alltoall, mpich_alltoallv, mpich_alltoallv, mpich_reduce, mpich_allreduce,
      mpich_reduce_scatter, mpich_reduce_scatter, any_rdb, any_rdb}},
    {"ompi",
     "Open MPI 4.0 (coll/tuned fixed rules)",
     {ompi_barrier, ompi_bcast, ompi_gather, any_linear, ompi_scatter, any_linear, ompi_allgather, ompi_allgatherv,
      ompi_alltoall, ompi_alltoallv, ompi_alltoallv, ompi_reduce, ompi_allreduce, ompi_reduce_scatter, ompi_rsb,
      any_linear, any_linear}},
    {"smpi",
     "smpirun's default (SimGrid 3.32's own selection, measured)",
     {smpi_barrier, smpi_bcast, any_linear_nb, any_linear, any_linear_nb, any_linear, smpi_allgather, smpi_allgather,
      smpi_alltoall, smpi_alltoallv, smpi_alltoallv, any_linear_nb, smpi_allreduce, smpi_reduce_scatter,
      smpi_reduce_scatter, any_flat, any_flat}},
};
#define NSELECTORS ((int)(sizeof selectors / sizeof *selectors))

/* SMPI's names (SimGrid 3.32, --cfg=smpi/COLL:NAME) for algorithms simpi has under another
 * name, so that smpirun users' options run unchanged. Each was checked against smpirun by
 * simulated time (tests/unit/coll_smpi_names.sh, on 7, 8 and 16 ranks, 8 B to 1 MiB): the
 * same to the nanosecond, but for reduce ompi_binary (its segments differ from 1 MiB on),
 * allreduce lr (below n elements SMPI hands the call to its default, simpi to rdb) and
 * allgatherv mpich_rdb (simpi's rdb hands other than powers of two to bruck). SMPI's
 * basic_linear Alltoall and redbcast Allreduce are simpi's linear_nb and redbcast_linear:
 * those two names mean simpi's own algorithms here. */
static const struct {
  enum coll_id id;
  const char *smpi, *simpi;
} smpi_names[] = {
    {COLL_BARRIER, "ompi_basic_linear", "linear"},
    {COLL_BARRIER, "ompi_tree", "tree"},
    {COLL_BARRIER, "ompi_bruck", "dissemination"},
    {COLL_BARRIER, "ompi_recursivedoubling", "recursive_doubling"},
    {COLL_BCAST, "ompi_pipeline", "pipeline"},
    {COLL_GATHER, "ompi_basic_linear", "linear"},
    {COLL_GATHER, "ompi_binomial", "binomial"},
    {COLL_GATHER, "ompi_linear_sync", "linear_sync"},
    {COLL_SCATTER, "ompi_basic_linear", "linear"},
    {COLL_SCATTER, "ompi_linear_nb", "linear_nb"},
    {COLL_ALLGATHER, "ompi_neighborexchange", "neighborexchange"},
    {COLL_ALLGATHERV, "ompi_neighborexchange", "neighborexchange"},
    {COLL_ALLGATHERV, "ompi_bruck", "bruck"},
    {COLL_ALLGATHERV, "mpich_rdb", "rdb"},
    {COLL_ALLGATHERV, "mpich_ring", "ring"},
    {COLL_ALLTOALLV, "ompi_basic_linear", "linear_nb"},
    {COLL_REDUCE, "flat_tree", "linear"},
    {COLL_REDUCE, "ompi_basic_linear", "linear"},
    {COLL_REDUCE, "ompi_in_order_binary", "in_order_binary"},
    {COLL_REDUCE, "ompi_pipeline", "pipeline"},
    {COLL_REDUCE, "ompi_binary", "binary"},
    {COLL_ALLREDUCE, "rab_rdb", "rab"},
    {COLL_ALLREDUCE, "lr", "ring"},
    {COLL_REDUCE_SCATTER, "ompi_basic_recursivehalving", "recursive_halving"},
    {COLL_REDUCE_SCATTER, "ompi_ring", "ring"},
    {COLL_REDUCE_SCATTER, "mpich_pair", "pair"},
    {COLL_REDUCE_SCATTER, "mpich_noncomm", "noncomm"},
};
#define NSMPI_NAMES ((int)(sizeof smpi_names / sizeof *smpi_names))

/* The rest of SMPI's names: algorithms and selectors simpi does not have (refused, saying so). */
static const char *const smpi_missing[COLL_N] = {
    [COLL_BARRIER] = "ompi_two_procs ompi_doublering mpich_smp mvapich2_pair mvapich2 impi automatic",
    [COLL_BCAST] = "arrival_pattern_aware arrival_pattern_aware_wait arrival_scatter flattree_pipeline NTSB NTSL "
                   "NTSL_Isend SMP_binary SMP_binomial SMP_linear ompi_split_bintree mvapich2 mvapich2_inter_node "
                   "mvapich2_intra_node mvapich2_knomial_intra_node impi automatic",
    [COLL_GATHER] = "mvapich2 mvapich2_two_level impi automatic",
    [COLL_SCATTER] = "ompi_binomial mvapich2 mvapich2_two_level_binomial mvapich2_two_level_direct impi automatic",
    [COLL_ALLGATHER] = "2dmesh 3dmesh GB loosely_lr NTSLR NTSLR_NB pair rhv SMP_NTS smp_simple mvapich2 "
                       "mvapich2_smp impi automatic",
    [COLL_ALLGATHERV] = "GB pair mvapich2 impi automatic",
    [COLL_ALLTOALL] = "2dmesh 3dmesh pair_rma pair_light_barrier pair_mpi_barrier pair_one_barrier rdb "
                      "ring_light_barrier ring_mpi_barrier ring_one_barrier mvapich2 mvapich2_scatter_dest impi "
                      "automatic",
    [COLL_ALLTOALLV] = "bruck pair_light_barrier pair_mpi_barrier pair_one_barrier ring_light_barrier "
                       "ring_mpi_barrier ring_one_barrier mvapich2 impi automatic",
    [COLL_REDUCE] = "arrival_pattern_aware NTSL scatter_gather ompi_chain ompi_binomial mvapich2 mvapich2_knomial "
                    "mvapich2_two_level impi automatic",
    [COLL_ALLREDUCE] = "rab1 rab2 smp_binomial smp_binomial_pipeline smp_rdb smp_rsag smp_rsag_lr smp_rsag_rab "
                       "ompi_ring_segmented mvapich2 mvapich2_rs mvapich2_two_level impi automatic",
    [COLL_REDUCE_SCATTER] = "ompi_butterfly mpich_rdb mvapich2 impi automatic",
};

static const selector_t *current = &selectors[0];
static const selector_t *coll_sel[COLL_N]; /* --cfg=smpi/COLL:SELECTOR: that selector's rules for COLL */
static int forced[COLL_N];              /* 1 + index of the forced algorithm, 0 for none */
static unsigned char warned[COLL_N][16]; /* a forced algorithm's fallback was announced */

static int find(enum coll_id id, const char *name)
{
  for (int i = 0; colls[id].algos[i].name; i++)
    if (!strcmp(colls[id].algos[i].name, name))
      return i;
  return -1;
}

/* simpi's algorithm, or SMPI's name for one */
static int find_any(enum coll_id id, const char *name)
{
  int i = find(id, name);
  for (int a = 0; i < 0 && a < NSMPI_NAMES; a++)
    if (smpi_names[a].id == id && !strcmp(smpi_names[a].smpi, name))
      i = find(id, smpi_names[a].simpi);
  return i;
}

/* name is one word of the space-separated list */
static int in_list(const char *list, const char *name)
{
  size_t n = strlen(name);
  for (const char *p = list; p && (p = strstr(p, name)); p += n)
    if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
      return 1;
  return 0;
}

static const selector_t *find_selector(const char *name)
{
  for (int s = 0; s < NSELECTORS; s++)
    if (!strcmp(name, selectors[s].name))
      return &selectors[s];
  return !strcmp(name, "default") ? &selectors[0] : NULL;
}

static long metric(enum coll_id id, const coll_t *k, const coll_args_t *a)
{
  long total = 0;
  switch (id) {
  case COLL_BCAST:
  case COLL_REDUCE:
  case COLL_ALLREDUCE:
  case COLL_SCAN:
  case COLL_EXSCAN:
    return (long)a->rcount * (long)a->rt->size;
  case COLL_GATHER:
    return (long)a->scount * (long)a->st->size;
  case COLL_SCATTER:
  case COLL_ALLTOALL:
    return (long)a->rcount * (long)a->rt->size;
  case COLL_ALLGATHER:
    return (long)k->n * a->rcount * (long)a->rt->size;
  case COLL_REDUCE_SCATTER_BLOCK:
    return (long)k->n * a->rcount * (long)a->rt->size;
  case COLL_ALLGATHERV:
  case COLL_REDUCE_SCATTER:
    for (int i = 0; i < k->n; i++)
      total += a->rcounts[i];
    return total * (long)a->rt->size;
  default:
    return 0;
  }
}

static int regular(enum coll_id id, const coll_t *k, const coll_args_t *a)
{
  if (id != COLL_REDUCE_SCATTER)
    return 1;
  for (int i = 1; i < k->n; i++)
    if (a->rcounts[i] != a->rcounts[0])
      return 0;
  return 1;
}

static int has_zero(enum coll_id id, const coll_t *k, const coll_args_t *a)
{
  if (id == COLL_REDUCE_SCATTER_BLOCK)
    return a->rcount == 0;
  if (id != COLL_REDUCE_SCATTER)
    return 0;
  for (int i = 0; i < k->n; i++)
    if (!a->rcounts[i])
      return 1;
  return 0;
}

static int is_reduction(enum coll_id id)
{
  return id == COLL_REDUCE || id == COLL_ALLREDUCE || id == COLL_REDUCE_SCATTER ||
         id == COLL_REDUCE_SCATTER_BLOCK || id == COLL_SCAN || id == COLL_EXSCAN;
}

static int holds(const rule_t *r, enum coll_id id, const coll_t *k, const coll_args_t *a, long bytes)
{
  int n = k->n;
  unsigned w = r->when;
  int commute = !is_reduction(id) || op_commutative(a->op);
  if ((r->min_n && n < r->min_n) || (r->max_n && n > r->max_n))
    return 0;
  if ((r->ge_bytes && bytes < r->ge_bytes) || (r->lt_bytes && bytes >= r->lt_bytes))
    return 0;
  double line = r->la * (double)bytes + r->lb;
  return !(((w & W_POW2) && !coll_is_pow2(n)) || ((w & W_ODD) && !(n % 2)) || ((w & W_COMMUTE) && !commute) ||
           ((w & W_NONCOMMUTE) && commute) || ((w & W_USER_OP) && op_predefined(a->op)) ||
           ((w & W_BUILTIN) && !op_predefined(a->op)) ||
           ((w & W_COUNT_LT_POF2) && !(a->rcount < coll_pof2_floor(n))) || ((w & W_COUNT_GT_N) && !(a->rcount > n)) ||
           ((w & W_COUNT_LE_1) && !(a->rcount <= 1)) || ((w & W_N_LT_LINE) && !(n < line)) ||
           ((w & W_N_GT_LINE) && !(n > line)) || ((w & W_N_GE_LINE) && !(n >= line)) ||
           ((w & W_INPLACE) && !k->inplace) || ((w & W_REGULAR) && !regular(id, k, a)) ||
           ((w & W_ZEROCOUNT) && !has_zero(id, k, a)) ||
           ((w & W_COUNT_GE_POF2) && !(a->rcount >= coll_pof2_floor(n))));
}

static const char *unmet(unsigned needs, enum coll_id id, const coll_t *k, const coll_args_t *a)
{
  if ((needs & NEED_COMMUTE) && is_reduction(id) && !op_commutative(a->op))
    return "a commutative operation";
  if ((needs & NEED_POW2) && !coll_is_pow2(k->n))
    return "a power-of-two communicator";
  if ((needs & NEED_EVEN) && k->n % 2)
    return "an even communicator size";
  if ((needs & NEED_REGULAR) && !regular(id, k, a))
    return "equal counts";
  return NULL;
}

const coll_algo_t *coll_select(enum coll_id id, coll_t *k, const coll_args_t *a)
{
  const coll_algo_t *algos = colls[id].algos;
  int i = forced[id] - 1, was_forced = i >= 0;
  k->seg = 0;
  if (i < 0) {
    long bytes = metric(id, k, a);
    const rule_t *r;
    for (r = (coll_sel[id] ? coll_sel[id] : current)->rules[id]; r->algo; r++)
      if (holds(r, id, k, a, bytes))
        break;
    i = r->algo ? find(id, r->algo) : 0;
    if (i < 0)
      i = 0; /* tables are checked by the selector test; never a crash */
    k->seg = r->algo ? r->seg : 0;
  }
  for (int hops = 0; hops < 8; hops++) {
    const char *why = unmet(algos[i].needs, id, k, a);
    if (!why)
      break;
    int next = algos[i].fallback ? find(id, algos[i].fallback) : -1;
    if (next < 0)
      break;
    if (was_forced && i < 16 && !warned[id][i]) {
      warned[id][i] = 1;
      rt_warn("smpi/%s:%s needs %s; using %s for such calls", colls[id].name, algos[i].name, why,
              algos[next].name);
    }
    i = next;
  }
  return &algos[i];
}

/* "name1, name2 and name3" */
static void list_names(char *out, size_t len, const char *const *names, int n)
{
  size_t used = 0;
  out[0] = 0;
  for (int i = 0; i < n && used < len; i++)
    used += (size_t)snprintf(out + used, len - used, "%s%s", i ? (i == n - 1 ? " or " : ", ") : "", names[i]);
}

int coll_set_option(const char *key, const char *val, char *err, size_t errlen)
{
  if (strncmp(key, "smpi/", 5))
    return 0;
  const char *what = key + 5;
  const char *names[32];
  if (!strcmp(what, "coll-selector")) {
    if (find_selector(val)) {
      current = find_selector(val);
      return 1;
    }
    int n = 0;
    for (int s = 0; s < NSELECTORS; s++)
      names[n++] = selectors[s].name;
    names[n++] = "default";
    char list[512];
    list_names(list, sizeof list, names, n);
    snprintf(err, errlen, "unknown collective selector '%s' for --cfg=%s: use %s", val, key, list);
    return -1;
  }
  for (int id = 0; id < COLL_N; id++) {
    if (strcmp(what, colls[id].name))
      continue;
    if (!strcmp(val, "default")) {
      forced[id] = 0;
      coll_sel[id] = NULL;
      return 1;
    }
    int i = find_any((enum coll_id)id, val);
    if (i >= 0) {
      forced[id] = i + 1;
      return 1;
    }
    if (find_selector(val)) { /* SMPI's smpi/COLL:mpich, :ompi: that selector's rules for COLL */
      forced[id] = 0;
      coll_sel[id] = find_selector(val);
      return 1;
    }
    int n = 0;
    for (int j = 0; colls[id].algos[j].name && n < 30; j++)
      names[n++] = colls[id].algos[j].name;
    names[n++] = "default";
    char list[512];
    list_names(list, sizeof list, names, n);
    snprintf(err, errlen, "%s %s algorithm '%s' for --cfg=%s: use %s, SMPI's names for them or a selector's name (simrun --help-coll)",
             in_list(smpi_missing[id], val) ? "simpi does not implement SMPI's" : "unknown", colls[id].name, val,
             key, list);
    return -1;
  }
  return 0;
}

static void print_rule(FILE *out, const rule_t *r)
{
  char buf[256];
  size_t u = 0;
#define ADD(...) u += (size_t)snprintf(buf + u, sizeof buf - u, __VA_ARGS__)
  unsigned w = r->when;
  if (r->min_n && r->max_n && r->min_n == r->max_n)
    ADD("n = %d, ", r->min_n);
  else {
    if (r->min_n)
      ADD("n >= %d, ", r->min_n);
    if (r->max_n)
      ADD("n <= %d, ", r->max_n);
  }
  if (r->ge_bytes)
    ADD("bytes >= %ld, ", r->ge_bytes);
  if (r->lt_bytes)
    ADD("bytes < %ld, ", r->lt_bytes);
  static const char *const flag_text[] = {"n a power of two", "n odd", "commutative op", "non-commutative op",
                                          "user op", "count < largest power of two <= n", "count > n", "count <= 1",
                                          "n < a*bytes+b", "n > a*bytes+b", "n >= a*bytes+b", "MPI_IN_PLACE",
                                          "equal counts", "a count is 0", "predefined op",
                                          "count >= largest power of two <= n"};
  for (int b = 0; b < 16; b++)
    if (w & (1u << b)) {
      if (b >= 8 && b <= 10)
        ADD("n %s %g*bytes+%g, ", b == 8 ? "<" : b == 9 ? ">" : ">=", r->la, r->lb);
      else
        ADD("%s, ", flag_text[b]);
    }
  if (u >= 2)
    buf[u - 2] = 0;
  else
    snprintf(buf, sizeof buf, "otherwise");
#undef ADD
  fprintf(out, "      %-44s -> %s", buf, r->algo);
  if (r->seg)
    fprintf(out, " (segments of %d bytes)", r->seg);
  fputc('\n', out);
}

void coll_help(FILE *out)
{
  fprintf(out, "Collectives and their algorithms (--cfg=smpi/COLLECTIVE:ALGORITHM forces one, by simpi's\n"
               "name or SMPI's; a selector's name there, e.g. smpi/bcast:ompi, applies that selector's\n"
               "rules to that collective; 'default' returns to the selector). Algorithms that cannot\n"
               "serve a call (see 'needs') hand it to their fallback.\n\n");
  for (int id = 0; id < COLL_N; id++) {
    fprintf(out, "%s (smpi/%s):\n", colls[id].name, colls[id].name);
    for (const coll_algo_t *al = colls[id].algos; al->name; al++) {
      fprintf(out, "  %-22s %s\n", al->name, al->doc);
      const char *sep = "SMPI's name:";
      for (int a = 0; a < NSMPI_NAMES; a++)
        if ((int)smpi_names[a].id == id && !strcmp(smpi_names[a].simpi, al->name)) {
          fprintf(out, "%s %s", *sep == 'S' ? "                         SMPI's name:" : ",", smpi_names[a].smpi);
          sep = ",";
        }
      if (*sep == ',')
        fputc('\n', out);
      if (al->needs) {
        fprintf(out, "  %-22s needs", "");
        if (al->needs & NEED_COMMUTE)
          fprintf(out, " a commutative op;");
        if (al->needs & NEED_POW2)
          fprintf(out, " n a power of two;");
        if (al->needs & NEED_EVEN)
          fprintf(out, " n even;");
        if (al->needs & NEED_REGULAR)
          fprintf(out, " equal counts;");
        fprintf(out, " else %s\n", al->fallback);
      }
    }
  }
  fprintf(out, "\nSelectors (--cfg=smpi/coll-selector:NAME; n = communicator size, bytes = see each):\n");
  for (int s = 0; s < NSELECTORS; s++) {
    fprintf(out, "  %s: %s\n", selectors[s].name, selectors[s].doc);
    for (int id = 0; id < COLL_N; id++) {
      fprintf(out, "    %s%s%s%s:\n", colls[id].name, colls[id].metric ? " (bytes: " : "",
              colls[id].metric ? colls[id].metric : "", colls[id].metric ? ")" : "");
      for (const rule_t *r = selectors[s].rules[id]; r->algo; r++)
        print_rule(out, r);
    }
  }
}
