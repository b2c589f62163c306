/* --stats: after the run, a table per rank of simulated time in computation
 * and in each family of MPI calls, messages and bytes sent, and the call
 * sites that took the most simulated time (an mpiP-like profile); when the
 * program used MPI-IO, its time and bytes per rank and per file. The
 * counters are cheap enough to stay on; the report is printed on demand. */
#include "runtime.h"
#include "../kernel/kernel.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

enum { FAM_P2P, FAM_COLL, FAM_OTHER, NFAM };
static const char *fam_names[NFAM] = {"p2p", "collective", "other"};

typedef struct rank_stats {
  double compute, mpi[NFAM];
  long msgs;
  double bytes;
  double io_time, io_read, io_written; /* MPI_File_* calls */
} rank_stats_t;

typedef struct file_stats { /* bytes per file, by its name */
  char *path;
  double read, written;
  UT_hash_handle hh;
} file_stats_t;
static file_stats_t *files;
static int any_io;

typedef struct site {
  void *pc;
  const char *call;
  double time;
  long calls;
  UT_hash_handle hh;
} site_t;

static rank_stats_t *per_rank;
static site_t *sites;

static rank_stats_t *of(int rank)
{
  if (!per_rank)
    per_rank = calloc((size_t)rt_nranks, sizeof *per_rank);
  return &per_rank[rank];
}

static int family(const char *call)
{
  static const char *coll[] = {"Barrier", "Bcast", "Reduce", "Allreduce", "Gather", "Scatter", "Allgather",
                               "Alltoall", "Scan", "Exscan", "Neighbor_", "Ibarrier", "Ibcast", "Ireduce",
                               "Iallreduce", "Igather", "Iscatter", "Iallgather", "Ialltoall", "Iscan",
                               "Iexscan", "Ineighbor_"};
  static const char *p2p[] = {"Send", "Recv", "Isend", "Irecv", "Ssend", "Issend", "Rsend", "Irsend", "Bsend",
                              "Ibsend", "Sendrecv", "Wait", "Test", "Probe", "Iprobe", "Start", "Mprobe",
                              "Improbe", "Mrecv", "Imrecv"};
  const char *n = strncmp(call, "MPI_", 4) ? call : call + 4;
  for (size_t i = 0; i < sizeof coll / sizeof *coll; i++)
    if (!strncmp(n, coll[i], strlen(coll[i])))
      return FAM_COLL;
  for (size_t i = 0; i < sizeof p2p / sizeof *p2p; i++)
    if (!strncmp(n, p2p[i], strlen(p2p[i])))
      return FAM_P2P;
  return FAM_OTHER;
}

void rt_stats_call(rt_rank_t *r, double seconds)
{
  of(r->id)->mpi[family(r->call)] += seconds;
  if (!strncmp(r->call, "MPI_File_", 9))
    of(r->id)->io_time += seconds;
  site_t *s;
  void *pc = r->call_pc;
  HASH_FIND_PTR(sites, &pc, s);
  if (!s) {
    s = calloc(1, sizeof *s);
    s->pc = pc;
    s->call = r->call;
    HASH_ADD_PTR(sites, pc, s);
  }
  s->time += seconds;
  s->calls++;
}

void rt_stats_compute(int rank, double seconds, int main_thread)
{
  of(rank)->compute += seconds;
  if (rt_opts.stats && main_thread)
    rt_cp_compute(rank, seconds);
}

void rt_stats_thread_wait(int rank, double seconds)
{
  if (rt_opts.stats)
    rt_cp_compute(rank, seconds);
}

void rt_stats_message(int rank, double bytes)
{
  rank_stats_t *s = of(rank);
  s->msgs++;
  s->bytes += bytes;
}

void rt_stats_io(int rank, const char *path, double bytes, int write)
{
  any_io = 1;
  *(write ? &of(rank)->io_written : &of(rank)->io_read) += bytes;
  file_stats_t *f;
  HASH_FIND_STR(files, path, f);
  if (!f) {
    f = calloc(1, sizeof *f);
    f->path = strdup(path);
    HASH_ADD_KEYPTR(hh, files, f->path, strlen(f->path), f);
  }
  *(write ? &f->written : &f->read) += bytes;
}

static void io_report(void)
{
  if (!any_io)
    return;
  fprintf(stderr, "simpi: file I/O (MPI_File_* calls), in simulated seconds and bytes\n  %-8s %12s %16s %16s\n",
          "rank", "time", "bytes read", "bytes written");
  for (int i = 0; i < rt_nranks && i < 64; i++)
    fprintf(stderr, "  %-8d %12.6f %16.0f %16.0f\n", i, per_rank[i].io_time, per_rank[i].io_read,
            per_rank[i].io_written);
  if (rt_nranks > 64)
    fprintf(stderr, "  (ranks 64 and above left out)\n");
  file_stats_t *f, *tmp;
  HASH_ITER(hh, files, f, tmp)
  fprintf(stderr, "  file %s: %.0f bytes read, %.0f bytes written\n", f->path, f->read, f->written);
}

static int by_time(const void *a, const void *b)
{
  double x = (*(site_t *const *)a)->time, y = (*(site_t *const *)b)->time;
  return x < y ? 1 : x > y ? -1 : 0;
}

static void row(const char *label, const rank_stats_t *s)
{
  fprintf(stderr, "  %-8s %12.6f %12.6f %12.6f %12.6f %10ld %14.0f\n", label, s->compute, s->mpi[FAM_P2P],
          s->mpi[FAM_COLL], s->mpi[FAM_OTHER], s->msgs, s->bytes);
}

static void report(const char *partial)
{
  static int done;
  if (!rt_opts.stats || done++)
    return;
  fflush(stdout);
  of(0);
  if (partial)
    fprintf(stderr, "simpi: statistics of what ran (partial: %s), in simulated seconds\n", partial);
  else
    fprintf(stderr, "simpi: statistics, in simulated seconds\n");
  fprintf(stderr, "  %-8s %12s %12s %12s %12s %10s %14s\n", "rank", "compute", fam_names[FAM_P2P],
          fam_names[FAM_COLL], fam_names[FAM_OTHER], "msgs sent", "bytes sent");
  rank_stats_t sum = {0}, mn = per_rank[0], mx = per_rank[0];
  for (int i = 0; i < rt_nranks; i++) {
    rank_stats_t *s = &per_rank[i];
    if (rt_nranks <= 64) {
      char label[16];
      snprintf(label, sizeof label, "%d", i);
      row(label, s);
    }
    sum.compute += s->compute;
    sum.msgs += s->msgs;
    sum.bytes += s->bytes;
    mn.compute = s->compute < mn.compute ? s->compute : mn.compute;
    mx.compute = s->compute > mx.compute ? s->compute : mx.compute;
    mn.msgs = s->msgs < mn.msgs ? s->msgs : mn.msgs;
    mx.msgs = s->msgs > mx.msgs ? s->msgs : mx.msgs;
    mn.bytes = s->bytes < mn.bytes ? s->bytes : mn.bytes;
    mx.bytes = s->bytes > mx.bytes ? s->bytes : mx.bytes;
    for (int f = 0; f < NFAM; f++) {
      sum.mpi[f] += s->mpi[f];
      mn.mpi[f] = s->mpi[f] < mn.mpi[f] ? s->mpi[f] : mn.mpi[f];
      mx.mpi[f] = s->mpi[f] > mx.mpi[f] ? s->mpi[f] : mx.mpi[f];
    }
  }
  rank_stats_t mean = sum;
  mean.compute /= rt_nranks;
  mean.msgs /= rt_nranks;
  mean.bytes /= rt_nranks;
  for (int f = 0; f < NFAM; f++)
    mean.mpi[f] /= rt_nranks;
  row("min", &mn);
  row("mean", &mean);
  row("max", &mx);
  io_report();
  rt_cp_report();
  int n = (int)HASH_COUNT(sites);
  if (!n)
    return;
  site_t **all = malloc(sizeof *all * (size_t)n), *s, *tmp;
  int k = 0;
  HASH_ITER(hh, sites, s, tmp)
  all[k++] = s;
  qsort(all, (size_t)n, sizeof *all, by_time);
  fprintf(stderr, "simpi: call sites by simulated time, all ranks\n  %12s %10s  %-22s %s\n", "time", "calls",
          "call", "site");
  for (int i = 0; i < n && i < 10; i++) {
    char loc[600];
    rt_srcloc(all[i]->pc, loc, sizeof loc);
    fprintf(stderr, "  %12.6f %10ld  %-22s %s\n", all[i]->time, all[i]->calls, all[i]->call, loc[0] ? loc : "?");
  }
  free(all);
}

void rt_stats_report(void) { report(NULL); }
void rt_stats_report_partial(const char *why) { report(why); }
