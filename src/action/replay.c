/* simpi-replay: replays a time-independent trace. Started by
 * `simrun --replay=INDEX`, each rank streams its own file (line K of the
 * index for rank K, 0-based; gzip-compressed files are read transparently)
 * and performs each line with the MPI call it stands for, so that a replay
 * runs through exactly the code of an on-line run (and can itself be
 * recorded). Its own work is not timed: only the trace's compute lines
 * cost simulated time. */
#include "trace.h"
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#define MAX_TOKENS 64

typedef struct pending {
  MPI_Request req;
  int src, dst, tag;
  struct pending *next;
} pending_t;

static const char *file;
static long lineno;
static int rank;
static pending_t *pending;
static MPI_Comm *comms; /* trace ids: 0 the world, then the ones comm_split lines make */
static int ncomms;
static MPI_Win *wins; /* trace ids of windows (win_create lines), from 1 */
static int nwins;
static char *scratch[2];
static size_t scratch_size[2];

static void die(const char *fmt, const char *arg)
{
  fprintf(stderr, "simpi: %s:%ld: ", file, lineno);
  fprintf(stderr, fmt, arg);
  fputc('\n', stderr);
  MPI_Abort(MPI_COMM_WORLD, 1);
}

static long num(char **tok, int ntok, int i, const char *what)
{
  if (i >= ntok)
    die("missing %s", what);
  char *end;
  long v = strtol(tok[i], &end, 10);
  if (*end)
    die("expected a number for %s", what);
  return v;
}

static double real(char **tok, int ntok, int i, const char *what)
{
  if (i >= ntok)
    die("missing %s", what);
  char *end;
  double v = strtod(tok[i], &end);
  if (*end)
    die("expected a number for %s", what);
  return v;
}

/* The datatype at tok[i], MPI_DOUBLE when absent (SMPI's default). */
static MPI_Datatype type(char **tok, int ntok, int i)
{
  if (i >= ntok)
    return MPI_DOUBLE;
  MPI_Datatype t = simpi_trace_datatype((int)num(tok, ntok, i, "a datatype id"));
  if (t == MPI_DATATYPE_NULL)
    die("unknown datatype id %s", tok[i]);
  return t;
}

/* A buffer of count elements of t: which = 0 for the send side, 1 for the
 * receive side (contents are irrelevant: only sizes matter in a replay). */
static void *buf(long count, MPI_Datatype t, int which)
{
  int size;
  MPI_Type_size(t, &size);
  size_t need = (size_t)(count > 0 ? count : 1) * (size_t)size;
  if (need > scratch_size[which]) {
    free(scratch[which]);
    scratch_size[which] = need;
    scratch[which] = calloc(need, 1);
  }
  return scratch[which];
}

/* n counts from tok[first] on, into counts, with contiguous displacements
 * into displs; returns their sum. */
static long read_counts(char **tok, int ntok, int first, int n, int *counts, int *displs)
{
  long sum = 0;
  for (int i = 0; i < n; i++) {
    counts[i] = (int)num(tok, ntok, first + i, "a count");
    displs[i] = (int)sum;
    sum += counts[i];
  }
  return sum;
}

/* The v-forms: "gatherv SC RC... ROOT [ST RT]", "scatterv SC... RC ROOT [ST RT]",
 * "allgatherv SC RC... [ST RT]", "alltoallv SUM SC... SUM RC... [ST RT]",
 * "reducescatter RC... COMP [T]" (n = the communicator's size). */
static void perform_v(const char *a, char **tok, int ntok, MPI_Comm comm)
{
  int n;
  MPI_Comm_size(comm, &n);
  int *c1 = malloc(4 * sizeof(int) * (size_t)n), *d1 = c1 + n, *c2 = d1 + n, *d2 = c2 + n;
  if (!strcmp(a, "gatherv") || !strcmp(a, "allgatherv")) {
    int all = a[0] == 'a';
    long sc = num(tok, ntok, 2, "the send count"), rsum = read_counts(tok, ntok, 3, n, c1, d1);
    int root = all ? 0 : (int)num(tok, ntok, 3 + n, "the root"), t0 = 3 + n + !all;
    MPI_Datatype st = type(tok, ntok, t0), rt = type(tok, ntok, t0 + 1);
    if (all)
      MPI_Allgatherv(buf(sc, st, 0), (int)sc, st, buf(rsum, rt, 1), c1, d1, rt, comm);
    else
      MPI_Gatherv(buf(sc, st, 0), (int)sc, st, buf(rsum, rt, 1), c1, d1, rt, root, comm);
  } else if (!strcmp(a, "scatterv")) {
    long ssum = read_counts(tok, ntok, 2, n, c1, d1), rc = num(tok, ntok, 2 + n, "the receive count");
    int root = (int)num(tok, ntok, 3 + n, "the root");
    MPI_Datatype st = type(tok, ntok, 4 + n), rt = type(tok, ntok, 5 + n);
    MPI_Scatterv(buf(ssum, st, 0), c1, d1, st, buf(rc, rt, 1), (int)rc, rt, root, comm);
  } else if (!strcmp(a, "alltoallv")) {
    long ssum = read_counts(tok, ntok, 3, n, c1, d1), rsum = read_counts(tok, ntok, 4 + n, n, c2, d2);
    MPI_Datatype st = type(tok, ntok, 4 + 2 * n), rt = type(tok, ntok, 5 + 2 * n);
    MPI_Alltoallv(buf(ssum, st, 0), c1, d1, st, buf(rsum, rt, 1), c2, d2, rt, comm);
  } else { /* reducescatter */
    long sum = read_counts(tok, ntok, 2, n, c1, d1);
    double comp = real(tok, ntok, 2 + n, "the computation");
    MPI_Datatype t = type(tok, ntok, 3 + n);
    MPI_Reduce_scatter(buf(sum, t, 0), buf(sum, t, 1), c1, t, MPI_SUM, comm);
    if (comp > 0)
      smpi_execute_flops(comp);
  }
  free(c1);
}

static void add_pending(MPI_Request r, int src, int dst, int tag)
{
  pending_t *p = malloc(sizeof *p), **pp = &pending;
  *p = (pending_t){r, src, dst, tag, NULL};
  while (*pp)
    pp = &(*pp)->next;
  *pp = p;
}

static void wait_one(int src, int dst, int tag, int any)
{
  for (pending_t **pp = &pending; *pp; pp = &(*pp)->next) {
    pending_t *p = *pp;
    if (any || ((p->src == src || src == -333 || p->src == -333) && p->dst == dst && p->tag == tag)) {
      MPI_Wait(&p->req, MPI_STATUS_IGNORE);
      *pp = p->next;
      free(p);
      return;
    }
  }
  die("%s: no pending request matches", "wait");
}

static int peer(long p) { return p == -333 ? MPI_ANY_SOURCE : (int)p; }

static MPI_Comm comm_of(long id)
{
  if (id < 0 || id >= ncomms || comms[id] == MPI_COMM_NULL)
    die("no communicator %s here (see the comm_split lines)", "with that id");
  return comms[id];
}

static void set_comm(long id, MPI_Comm c)
{
  if (id >= ncomms) {
    comms = realloc(comms, sizeof *comms * (size_t)(id + 1));
    for (long i = ncomms; i <= id; i++)
      comms[i] = MPI_COMM_NULL;
    ncomms = (int)id + 1;
  }
  comms[id] = c;
}

static MPI_Win win_of(char **tok, int ntok)
{
  long id = num(tok, ntok, 2, "the window id");
  if (id < 1 || id >= nwins || wins[id] == MPI_WIN_NULL)
    die("no window %s here (see the win_create lines)", tok[2]);
  return wins[id];
}

/* The group of window ranks "N R1 .. RN" at tok[first]. */
static MPI_Group win_group(MPI_Win w, char **tok, int ntok, int first)
{
  int n = (int)num(tok, ntok, first, "the group size");
  int *r = malloc(sizeof *r * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++)
    r[i] = (int)num(tok, ntok, first + 1 + i, "a rank of the group");
  MPI_Group all, g;
  MPI_Win_get_group(w, &all);
  MPI_Group_incl(all, n, r, &g);
  MPI_Group_free(&all);
  free(r);
  return g;
}

/* The one-sided extension (see src/action/rma_act.c); returns 0 if a is not one of its actions. */
static int perform_rma(const char *a, char **tok, int n, MPI_Comm comm)
{
  if (!strcmp(a, "win_create")) {
    long id = num(tok, n, 2, "the window id"), size = num(tok, n, 3, "the size");
    int unit = (int)num(tok, n, 4, "the displacement unit"), flavor = (int)num(tok, n, 5, "the flavor");
    if (id >= nwins) {
      wins = realloc(wins, sizeof *wins * (size_t)(id + 1));
      for (long i = nwins; i <= id; i++)
        wins[i] = MPI_WIN_NULL;
      nwins = (int)id + 1;
    }
    if (flavor == MPI_WIN_FLAVOR_DYNAMIC)
      MPI_Win_create_dynamic(MPI_INFO_NULL, comm, &wins[id]);
    else { /* shared windows too: the replay's ranks may be on other hosts */
      void *base;
      MPI_Win_allocate(size, unit, MPI_INFO_NULL, comm, &base, &wins[id]);
    }
    return 1;
  }
  if (strncmp(a, "win_", 4) && strcmp(a, "put") && strcmp(a, "get") && strcmp(a, "accumulate") &&
      strcmp(a, "get_accumulate") && strcmp(a, "compare_and_swap"))
    return 0;
  MPI_Win w = win_of(tok, n);
  if (!strcmp(a, "win_free")) {
    MPI_Win_free(&wins[num(tok, n, 2, "the window id")]);
  } else if (!strcmp(a, "put") || !strcmp(a, "get") || !strcmp(a, "accumulate") || !strcmp(a, "get_accumulate") ||
             !strcmp(a, "compare_and_swap")) {
    int flavor_known, *flavor;
    MPI_Win_get_attr(w, MPI_WIN_CREATE_FLAVOR, &flavor, &flavor_known);
    if (*flavor == MPI_WIN_FLAVOR_DYNAMIC)
      die("operations on dynamic windows cannot be replayed (%s)", a);
    int t = (int)num(tok, n, 3, "the target");
    MPI_Aint disp = num(tok, n, 4, "the displacement");
    long count = num(tok, n, 5, "the count");
    MPI_Datatype type_ = type(tok, n, 6);
    MPI_Op op = MPI_OP_NULL;
    if (a[0] == 'a' || a[0] == 'g') {
      if (strcmp(a, "get"))
        op = (MPI_Op)SIMPI_HANDLE(SIMPI_KIND_OP, num(tok, n, 7, "the operation"));
    }
    void *o = buf(count, type_, 0), *r = buf(count, type_, 1);
    if (!strcmp(a, "put"))
      MPI_Put(o, (int)count, type_, t, disp, (int)count, type_, w);
    else if (!strcmp(a, "get"))
      MPI_Get(r, (int)count, type_, t, disp, (int)count, type_, w);
    else if (!strcmp(a, "accumulate"))
      MPI_Accumulate(o, (int)count, type_, t, disp, (int)count, type_, op, w);
    else if (!strcmp(a, "get_accumulate"))
      MPI_Get_accumulate(o, (int)count, type_, r, (int)count, type_, t, disp, (int)count, type_, op, w);
    else
      MPI_Compare_and_swap(o, o, r, type_, t, disp, w);
  } else if (!strcmp(a, "win_fence")) {
    MPI_Win_fence((int)num(tok, n, 3, "the assertion"), w);
  } else if (!strcmp(a, "win_post") || !strcmp(a, "win_start")) {
    MPI_Group g = win_group(w, tok, n, 4);
    int assert = (int)num(tok, n, 3, "the assertion");
    if (!strcmp(a, "win_post"))
      MPI_Win_post(g, assert, w);
    else
      MPI_Win_start(g, assert, w);
    MPI_Group_free(&g);
  } else if (!strcmp(a, "win_complete")) {
    MPI_Win_complete(w);
  } else if (!strcmp(a, "win_wait")) {
    MPI_Win_wait(w);
  } else if (!strcmp(a, "win_test")) {
    int flag;
    MPI_Win_test(w, &flag);
  } else if (!strcmp(a, "win_lock")) {
    MPI_Win_lock((int)num(tok, n, 3, "the lock type"), (int)num(tok, n, 4, "the target"),
                 (int)num(tok, n, 5, "the assertion"), w);
  } else if (!strcmp(a, "win_unlock")) {
    MPI_Win_unlock((int)num(tok, n, 3, "the target"), w);
  } else if (!strcmp(a, "win_lock_all")) {
    MPI_Win_lock_all((int)num(tok, n, 3, "the assertion"), w);
  } else if (!strcmp(a, "win_unlock_all")) {
    MPI_Win_unlock_all(w);
  } else if (!strcmp(a, "win_flush")) {
    MPI_Win_flush((int)num(tok, n, 3, "the target"), w);
  } else if (!strcmp(a, "win_flush_all")) {
    MPI_Win_flush_all(w);
  } else if (!strcmp(a, "win_sync")) {
    MPI_Win_sync(w);
  } else
    die("unknown action '%s'", a);
  return 1;
}

static void perform(char **tok, int n)
{
  /* extension: a trailing comm=ID names the communicator of a collective */
  MPI_Comm comm = MPI_COMM_WORLD;
  if (n > 2 && !strncmp(tok[n - 1], "comm=", 5)) {
    char *end;
    long id = strtol(tok[n - 1] + 5, &end, 10);
    if (*end)
      die("expected comm=ID, got '%s'", tok[n - 1]);
    comm = id == -1 ? MPI_COMM_SELF : comm_of(id);
    n--;
  }
  const char *a = tok[1];
  if (!strcmp(a, "comm_split")) {
    long parent = num(tok, n, 2, "the parent communicator"), color = num(tok, n, 3, "the color");
    long key = num(tok, n, 4, "the key"), id = num(tok, n, 5, "the new communicator");
    MPI_Comm made;
    MPI_Comm_split(comm_of(parent), color < 0 ? MPI_UNDEFINED : (int)color, (int)key, &made);
    if (id >= 0)
      set_comm(id, made);
    return;
  }
  if (!strcmp(a, "comm_free")) {
    long id = num(tok, n, 2, "the communicator");
    MPI_Comm c = comm_of(id);
    MPI_Comm_free(&c);
    comms[id] = MPI_COMM_NULL;
    return;
  }
  if (!strcmp(a, "init") || !strcmp(a, "finalize") || !strcmp(a, "comm_size") || !strcmp(a, "test"))
    return; /* Init and Finalize frame the replay; the others cost nothing */
  if (!strcmp(a, "compute")) {
    smpi_execute_flops(real(tok, n, 2, "flops"));
  } else if (!strcmp(a, "sleep")) {
    smpi_execute(real(tok, n, 2, "seconds"));
  } else if (!strcmp(a, "send") || !strcmp(a, "isend") || !strcmp(a, "recv") || !strcmp(a, "irecv")) {
    int p = peer(num(tok, n, 2, "the partner")), tag = (int)num(tok, n, 3, "the tag");
    long count = num(tok, n, 4, "the count");
    MPI_Datatype t = type(tok, n, 5);
    MPI_Request r;
    if (!strcmp(a, "send"))
      MPI_Send(buf(count, t, 0), (int)count, t, p, tag, MPI_COMM_WORLD);
    else if (!strcmp(a, "recv"))
      MPI_Recv(buf(count, t, 1), (int)count, t, p, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    else if (!strcmp(a, "isend")) {
      MPI_Isend(buf(count, t, 0), (int)count, t, p, tag, MPI_COMM_WORLD, &r);
      add_pending(r, rank, p, tag);
    } else {
      MPI_Irecv(buf(count, t, 1), (int)count, t, p, tag, MPI_COMM_WORLD, &r);
      add_pending(r, p == MPI_ANY_SOURCE ? -333 : p, rank, tag);
    }
  } else if (!strcmp(a, "wait")) {
    if (n >= 5)
      wait_one((int)num(tok, n, 2, "the source"), (int)num(tok, n, 3, "the destination"),
               (int)num(tok, n, 4, "the tag"), 0);
    else
      wait_one(0, 0, 0, 1);
  } else if (!strcmp(a, "waitall")) {
    while (pending)
      wait_one(0, 0, 0, 1);
  } else if (!strcmp(a, "barrier")) {
    MPI_Barrier(comm);
  } else if (!strcmp(a, "bcast")) {
    long count = num(tok, n, 2, "the count");
    int root = n > 3 ? (int)num(tok, n, 3, "the root") : 0;
    MPI_Datatype t = type(tok, n, 4);
    MPI_Bcast(buf(count, t, 0), (int)count, t, root, comm);
  } else if (!strcmp(a, "reduce") || !strcmp(a, "allreduce") || !strcmp(a, "scan") || !strcmp(a, "exscan")) {
    long count = num(tok, n, 2, "the count");
    double comp = real(tok, n, 3, "the computation");
    int rooted = !strcmp(a, "reduce");
    int root = rooted && n > 4 ? (int)num(tok, n, 4, "the root") : 0;
    MPI_Datatype t = type(tok, n, rooted ? 5 : 4);
    if (!strcmp(a, "allreduce"))
      MPI_Allreduce(buf(count, t, 0), buf(count, t, 1), (int)count, t, MPI_SUM, comm);
    else if (!strcmp(a, "scan"))
      MPI_Scan(buf(count, t, 0), buf(count, t, 1), (int)count, t, MPI_SUM, comm);
    else if (!strcmp(a, "exscan"))
      MPI_Exscan(buf(count, t, 0), buf(count, t, 1), (int)count, t, MPI_SUM, comm);
    else
      MPI_Reduce(buf(count, t, 0), buf(count, t, 1), (int)count, t, MPI_SUM, root, comm);
    if (comp > 0)
      smpi_execute_flops(comp);
  } else if (!strcmp(a, "gather") || !strcmp(a, "scatter") || !strcmp(a, "allgather") || !strcmp(a, "alltoall")) {
    int size;
    MPI_Comm_size(comm, &size);
    long sc = num(tok, n, 2, "the send count"), rc = num(tok, n, 3, "the receive count");
    int rooted = a[0] == 'g' || a[0] == 's';
    int root = rooted ? (int)num(tok, n, 4, "the root") : 0;
    MPI_Datatype st = type(tok, n, rooted ? 5 : 4), rt = type(tok, n, rooted ? 6 : 5);
    void *s = buf(size * sc, st, 0), *r = buf(size * rc, rt, 1);
    if (!strcmp(a, "gather"))
      MPI_Gather(s, (int)sc, st, r, (int)rc, rt, root, comm);
    else if (!strcmp(a, "scatter"))
      MPI_Scatter(s, (int)sc, st, r, (int)rc, rt, root, comm);
    else if (!strcmp(a, "allgather"))
      MPI_Allgather(s, (int)sc, st, r, (int)rc, rt, comm);
    else
      MPI_Alltoall(s, (int)sc, st, r, (int)rc, rt, comm);
  } else if (!strcmp(a, "gatherv") || !strcmp(a, "scatterv") || !strcmp(a, "allgatherv") ||
             !strcmp(a, "alltoallv") || !strcmp(a, "reducescatter")) {
    perform_v(a, tok, n, comm);
  } else if (!perform_rma(a, tok, n, comm))
    die("unknown action '%s'", a);
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv); /* the runtime does not time a replayer's own work */
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  set_comm(0, MPI_COMM_WORLD);
  const char *index = getenv("SIMPI_REPLAY");
  if (!index || !*index) {
    fprintf(stderr, "simpi-replay: start me with simrun --replay=TRACE\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  (void)argc;
  (void)argv;
  file = index;
  FILE *idx = fopen(index, "r");
  if (!idx)
    die("cannot open the trace index (%s)", "missing file?");
  char path[8400], name[4096];
  int found = 0;
  for (int k = 0; fgets(name, sizeof name, idx); k++) {
    lineno = k + 1;
    name[strcspn(name, "\r\n")] = 0;
    if (k == rank) {
      /* relative names: to the current directory (as smpirun reads them),
       * else to the index's directory */
      const char *slash = strrchr(index, '/');
      if (name[0] == '/' || !slash || access(name, R_OK) == 0)
        snprintf(path, sizeof path, "%s", name);
      else
        snprintf(path, sizeof path, "%.*s/%s", (int)(slash - index), index, name);
      found = 1;
      break;
    }
  }
  fclose(idx);
  if (!found) {
    lineno = 0;
    die("the index lists fewer files than there are ranks (%s)", "use as many ranks as trace files");
  }
  gzFile f = gzopen(path, "r");
  file = path;
  lineno = 0;
  if (!f)
    die("cannot open %s", path);
  char line[8192];
  while (gzgets(f, line, sizeof line)) {
    lineno++;
    char *tok[MAX_TOKENS];
    int n = 0;
    for (char *t = strtok(line, " \t\r\n"); t && n < MAX_TOKENS; t = strtok(NULL, " \t\r\n"))
      tok[n++] = t;
    if (n == 0 || tok[0][0] == '#')
      continue;
    if (n < 2)
      die("expected '<rank> <action> ...', got '%s'", tok[0]);
    if (num(tok, n, 0, "the rank") != rank)
      die("this line belongs to rank %s", tok[0]);
    simpi_trace_position(file, lineno);
    perform(tok, n);
  }
  gzclose(f);
  while (pending)
    wait_one(0, 0, 0, 1);
  MPI_Finalize();
  return 0;
}
