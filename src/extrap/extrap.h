/* simextrap: the trace of an SPMD program at N ranks from its traces at a
 * few small sizes. Shared types: the Cartesian grid ranks are placed on,
 * event templates (symbols) whose peers are grid offsets, the loop trees
 * each rank's events compress into, and the laws fitted across sizes. */
#ifndef SIMPI_EXTRAP_H
#define SIMPI_EXTRAP_H
#include <stdint.h>
#include <stdio.h>

#define EX_MAXD 3  /* grids of 1, 2 or 3 dimensions */
#define EX_REACH 4 /* farthest neighbour along one dimension */

void ex_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
void *ex_alloc(size_t n);  /* zeroed, or exits */
void *ex_grow(void *p, size_t n);
char *ex_strdup(const char *s);

/* ---- grid.c: ranks on a row-major Cartesian grid (dimension 0 slowest, as MPI's) */
typedef struct grid {
  int nd, dims[EX_MAXD], periods[EX_MAXD];
  const char *how; /* "comm_cart lines" or "peers" */
} grid_t;
void grid_coords(const grid_t *g, long rank, int c[EX_MAXD]);
long grid_rank(const grid_t *g, const int c[EX_MAXD]);
/* The offset from rank a to rank b (periodic dimensions wrapped to the nearest). */
void grid_offset(const grid_t *g, long a, long b, int d[EX_MAXD]);
/* Ranks in a slice through a rank along the dimensions of mask (bit i: dimension i). */
long grid_slice_size(const grid_t *g, int mask);
void dims_create(long n, int nd, int dims[]); /* MPI_Dims_create's as simpi computes it */
/* Finds the grid of a trace from the peers of its ranks: rank r talks to
 * peers[r][0 .. npeers[r]); nd_min: fewest dimensions to try. Returns 0 if
 * no grid of 1 to 3 dimensions makes every peer a near neighbour. */
int grid_infer(long n, int nd_min, int *const *peers, const int *npeers, grid_t *out);
const char *grid_text(const grid_t *g); /* "4x4 (periodic, not)" in a static buffer */

/* ---- symbols: an event with its rank-independent description */
enum fkind {
  F_LIT,   /* literal text */
  F_PEER,  /* a world rank, as an offset on the grid (lit: a prefix such as "src=") */
  F_NUM,   /* a fitted number */
  F_ROOT,  /* a root: num = k >= 0 (rank k) or -1 - k (size - 1 - k) of the communicator */
  F_VEC,   /* one fitted count for each member of the communicator */
  F_SUM,   /* the sum of the next F_VEC */
  F_COLOR, /* comm_split color: one per slice of mask */
  F_KEY,   /* comm_split key: the rank in the slice */
  F_CART,  /* comm_cart dimensions of a slice (num 1: flattened to one) */
  F_NBC    /* "-K" of "wait 0 0 -K": the K-th nonblocking collective, num = K minus those so far */
};
typedef struct field {
  unsigned char kind;
  signed char off[EX_MAXD]; /* F_PEER */
  int num;                  /* F_NUM, F_VEC, F_SUM: numeric value index; F_ROOT, F_CART: see above */
  int mask;                 /* the communicator's slice (F_ROOT, F_VEC, F_SUM, F_COLOR, F_KEY, F_CART) */
  char *lit;
} field_t;

#define NV_COMPUTE 0 /* numeric values 0 and 1: flops and sleep seconds before the event */
#define NV_SLEEP 1
typedef struct sym {
  char *key;    /* canonical text: interned, also shown in reports */
  char *action; /* as written; NULL for the end of a rank's trace */
  int nf, nnum;
  int nbc; /* a nonblocking collective or persistent start, which "wait 0 0 -K" lines count */
  field_t *f;
  unsigned char *integral; /* per numeric value: written as an integer */
  signed char *face;       /* per numeric value: the dimension of the neighbour it goes to or comes from, or -1 */
  const char **vname;      /* per numeric value: what it is ("count", "compute", ...) */
} sym_t;
extern sym_t **syms;
extern int nsyms;
int sym_intern(sym_t *s); /* takes s (frees it if known already); returns its id */

/* ---- tree.c: events compressed into loops */
typedef struct node {
  uint64_t h; /* structure, loop counts included */
  int sym;    /* >= 0: an event; -1: a loop */
  long count; /* loop: iterations */
  int n;      /* loop: body length */
  struct node **body;
  double *sum, *lo, *hi; /* event: per numeric value over its occurrences */
  long occ, line;        /* occurrences; line of the first in its rank's file */
  struct bursts *bursts; /* event: its computation at each occurrence (bursts.c) */
} node_t;
typedef struct seq {
  node_t **v;
  int n, cap;
} seq_t;
node_t *node_event(int sym, const double *vals, long line, int pred); /* pred: the event before (-1: none) */
void seq_push(seq_t *s, node_t *x); /* appends x, folding repeats at the end into loops */
int seq_same(node_t *const *a, node_t *const *b, int n, int counts); /* counts 0: loop counts may differ */
void node_fold(node_t *dst, node_t *src); /* adds src's values (same structure) into dst; frees src */
void seq_settle(seq_t *s); /* the end of a rank's events: bursts_settle on each */

/* ---- bursts.c: measured computation, its typical value and its variability */
#define B_WARM 2 /* first occurrences of an event in a rank, kept apart */
#define B_NQ 64  /* quantiles kept of a distribution */
typedef struct bursts {
  int pred;             /* the event before: its symbol (-1: the rank's start) */
  struct bursts *next;  /* the bursts after another event */
  double *s; /* a rank's bursts in order; once settled, the later ones' quantiles (<= B_NQ), of each rank folded in */
  long n, cap;
  double *warm; /* once settled: the B_WARM first bursts of each rank (NAN: none) */
  long nwarm, capwarm;
} bursts_t;
bursts_t *bursts_new(int pred, double v);
void bursts_fold(bursts_t **dst, bursts_t *src); /* src's bursts (or ranks, once settled) after dst's; takes src */
void bursts_settle(bursts_t *b);                  /* a rank's bursts into its typical value and ratios */
void bursts_free(bursts_t *b);
double ex_median(double *v, long n); /* reorders v; 0 if n is 0 */
void ex_quantiles(double *v, long *n); /* sorts v[0 .. *n), keeps at most B_NQ of its quantiles, evenly spaced */
typedef struct variab { /* an event's variability at the target: what its typical value is multiplied by */
  double warm[B_WARM];  /* at its first occurrences in a rank */
  double q[B_NQ];       /* at later ones: a draw from these quantiles (none: 1) */
  int nq;
  double mean; /* of the later ones */
} variab_t;
/* out's quantiles (at most B_NQ, evenly spaced) and mean from v[0 .. n), which it reorders (none: 1) */
void variab_quantiles(variab_t *out, double *v, long n);
/* The ratio of the occ-th occurrence (from 0) of event id in rank: the same for the same arguments. */
double variab_ratio(const variab_t *v, long rank, uint64_t id, long occ);
void seq_free(seq_t *s);
/* First difference of a and b in event order (counts 0: loop counts ignored):
 * fills the nodes that differ (either may be NULL: one sequence is shorter) */
int seq_diff(node_t *const *a, int na, node_t *const *b, int nb, int counts, node_t **da, node_t **db);

/* ---- fit.c: laws of a value over the input sizes */
typedef struct scale {
  double n, d[EX_MAXD]; /* ranks, grid dimensions */
  int nd;
  double v; /* the data volume of a rank of the class being fitted (volume.c); NAN: unknown */
} scale_t;
typedef struct law {
  int form;
  double a, b;
  double err;    /* worst relative error of the fit on the inputs */
  double loo;    /* worst relative error predicting each input from the others */
  int ambiguous; /* another law fits as well and differs by more than 5% at the target */
  int second;    /* the runner-up's form (-1: none), */
  double second_at, second_loo; /* its value at the target, its error predicting each input from the others */
  double at;     /* the value at the target (before rounding) */
  double lo, hi; /* the values at the target of the fits that leave one input out, and of the law */
  int pooled;    /* > 0: the law of this many classes' inputs together, scaled to this one's; < 0: not, for it
                  * missed this one's inputs (second: that law, second_loo: its error on them; pool.c) */
} law_t;
/* a count (of elements, of iterations); an amount of computation or sleep, exact (injected) or measured (noisy) */
enum { FIT_COUNT, FIT_AMOUNT, FIT_MEASURED, FIT_POOLED };
/* FIT_POOLED: measured, from several classes at each size: each size is left
 * out in turn, and predicted by the median of its points' errors */
/* Fits y[k] at sizes s[k] (k < m), chooses the law that predicts each input
 * best from the others, and returns it, evaluated at the target t in *at.
 * No law is chosen that is negative at the target, or 0 there where every
 * input is above 0. A count: face >= 0 says the value is a message to a
 * neighbour along that dimension; if the inputs cannot tell laws apart, the
 * face perpendicular to it is assumed, a (N/Dface)^-1. An amount: the law of
 * the data volume first (a*V), then a*g, then a + b*g with a, b >= 0 only
 * when the inputs clearly demand a constant part (fit.c says how); measured,
 * a*V also when it predicts the inputs up to NOISE worse than the best. */
law_t fit_law(int m, const scale_t *s, const double *y, const scale_t *t, int kind, int integral, int face,
              double *at);
double law_eval(const law_t *l, const scale_t *s);
const char *law_text(const law_t *l, char *buf, size_t len);
int law_forms(void);
const char *law_form_name(int form);

/* ---- an input trace (scan.c: index and first pass; parse.c: events) */
typedef struct peer {
  long rank, line;
} peer_t;
typedef struct input {
  const char *path; /* the index */
  long n;           /* ranks */
  char **files;
  grid_t g;
  scale_t sc;
  peer_t **peers; /* per rank: the ranks it names in point-to-point lines, each once */
  int *npeers;
  int **masks; /* per rank: the slice of each of its comm_split lines, in order (-1: not a member) */
  int *nmasks;
  seq_t *seqs; /* per rank: its events */
  int *cls;    /* per rank: its class in the model */
  void *scan;  /* scan.c's, between the passes */
  int recordings; /* of this size, folded into this one (repeat.c) */
} input_t;

void input_open(input_t *in, const char *path);
void input_scan(input_t *in); /* first pass: communicators, topology lines, peers */
/* The grids of all inputs (a Cartesian communicator of all ranks, else the
 * peers), alike in dimensions; fails with a message if there is none. */
void inputs_grid(input_t *ins, int k);
void input_slices(input_t *in); /* what each comm_split line makes: a slice of the grid */
/* The farthest neighbour along each dimension over all inputs (at least 1). */
void inputs_reach(input_t *ins, int k, int reach[EX_MAXD]);
void input_parse(input_t *in); /* second pass: events into symbols and loops */
const char *input_where(const input_t *in, long rank, long line); /* "IN.ti (16 ranks), rank 3, line 40" */
const char *input_line(const input_t *in, long rank, long line);  /* its text */
/* Node x of rank r of in, described for messages. */
const char *node_what(const input_t *in, long r, const node_t *x, char *buf, size_t len);
/* repeat.c: inputs of one size (sorted by size, parsed) folded into the first of them; returns how many remain */
int inputs_merge(input_t *ins, int k);
/* How much slower a rank was through a whole recording than in its quickest one (none: 1):
 * each rank of the target draws one factor (variab_ratio, occurrence B_WARM) */
extern variab_t rank_slowdown;

/* ---- model.c: classes of ranks (by their place on the grid) and their events' laws */
typedef struct mnode {
  int sym;   /* -1: a loop */
  law_t law; /* loop: of its count */
  long count;
  int n;
  struct mnode **body;
  law_t *laws; /* event: per numeric value */
  double *val; /* at the target */
  long line;   /* of the event in the largest input's representative rank */
  struct mctx *ctx; /* event: its computation after each event that can come before it */
  int nctx;
  uint64_t id; /* for draws */
} mnode_t;
typedef struct mctx {
  int pred; /* the event before (symbol; -1: the rank's start) */
  int m;    /* sizes it appears at */
  law_t law; /* of its typical value */
  double val; /* at the target */
  law_t *prefix; /* the laws the first p sizes give (p = 2 .. m) */
  variab_t var;
  double tot, lo, hi; /* over a rank's run at the target (spread.c): with the law's value, its lowest, its highest */
  double share;       /* of its class's computation */
  long written;       /* occurrences written so far in the rank being written */
  int kind;           /* FIT_AMOUNT or FIT_MEASURED */
  double *y;          /* the typical value at each of the m sizes, */
  scale_t *s, t;      /* at these scales; the target's */
} mctx_t;
/* The laws and variability of the computation of each context of event x,
 * from the same event of a class at its m sizes. */
void bursts_model(mnode_t *x, node_t *const *at, int m, const scale_t *sc, const scale_t *t);
mctx_t *bursts_context(mnode_t *x, int pred); /* the context after pred (a likely one if none) */
typedef struct appear { /* a class in one input */
  int input;
  long rep, nranks; /* its lowest rank; how many */
  seq_t *seq;       /* its events, values summed over its ranks */
} appear_t;
typedef struct mclass {
  int pos[EX_MAXD]; /* per dimension: see class_name */
  appear_t *at;     /* by input size */
  int nat;
  long ntarget; /* ranks at the target */
  mnode_t **model;
  int nmodel;
  double v;    /* a rank's data volume at the target (NAN: unknown) */
  double vlo, vhi; /* the least and the largest at the inputs' sizes (NAN: unknown) */
  double comp; /* a rank's computation over the run at the target (spread.c) */
} mclass_t;
extern mclass_t *classes;
extern int nclasses, class_parity;
/* Classes of the inputs' ranks, their events checked alike across ranks
 * and sizes, and the laws of their values fitted for the target grid. */
void model_build(input_t *ins, int k, const grid_t *target, const int reach[EX_MAXD]);
int model_class(const grid_t *g, long rank); /* -1 if no class matches */
const char *class_name(const mclass_t *c, int nd);
const char *sym_text(int sym); /* an event for messages */
/* How many of the *all counts fitted predict the inputs worse than limit (relative). */
int model_poor(double limit, int *all);
/* Of the classes with measured computation, the largest ratio between a rank's data volume at
 * the target and the nearest of the inputs' (1: inside their range, 0: no volume known); *cls
 * the class. */
double model_volume_gap(int *cls);

/* ---- pool.c: each measured computation's law over all the classes that have it */
void model_pool(void);

/* ---- spread.c: the computation at the target, how far the inputs support it */
typedef struct run_comp {
  double tot, lo, hi; /* the run's computation (flops, all ranks), and its spread */
  double max;         /* a rank's, in the class that computes most */
  int max_class;
} run_comp_t;
extern run_comp_t run_comp;
double law_spread(const law_t *l); /* the farthest of lo and hi from the value at the target, relative */
/* Fills the shares and totals; warns, one line each, of the contexts whose
 * spread exceeds limit (relative); returns how many. */
int spread_check(const input_t *ins, double limit);

/* ---- volume.c: the data volume of a rank, from the counts of its messages to neighbours (NAN: unknown) */
double seq_volume(node_t *const *v, int n, int nd);    /* of an input's class */
double model_volume(mnode_t *const *v, int n, int nd); /* at the target */
#endif
