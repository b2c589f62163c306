/* simextrap --check REF OTHER: do two traces of the same size have the
 * same events on every rank? compute and sleep lines are summed per rank
 * rather than compared (measured computation varies), and the colors of
 * comm_split lines (context numbers) need only name the same groups. */
#include "extrap.h"
#include "../action/ti_reader.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

typedef struct cmap { /* the color one side gave to a comm_split line, and the other side's */
  struct {
    long j, color;
    int side;
  } k;
  long to;
  UT_hash_handle hh;
} cmap_t;
static cmap_t *maps;

/* Whether color x of side's j-th comm_split line can stand for color y of the other side's. */
static int same_group(long j, int side, long x, long y)
{
  cmap_t key, *m;
  memset(&key, 0, sizeof key);
  key.k.j = j, key.k.color = x, key.k.side = side;
  HASH_FIND(hh, maps, &key.k, sizeof key.k, m);
  if (m)
    return m->to == y;
  m = ex_alloc(sizeof *m);
  m->k = key.k;
  m->to = y;
  HASH_ADD(hh, maps, k, sizeof m->k, m);
  return 1;
}

/* The next line that is neither compute nor sleep, adding those to time[]; 0 at the end. */
static int next_event(ti_reader_t *rd, double time[2])
{
  while (ti_next(rd)) {
    if (rd->ntok >= 3 && (!strcmp(rd->tok[1], "compute") || !strcmp(rd->tok[1], "sleep"))) {
      double v;
      if (!ti_real(rd->tok[2], &v))
        time[rd->tok[1][0] == 's'] += v;
      continue;
    }
    return 1;
  }
  return 0;
}

static const char *joined(const ti_reader_t *rd, char *buf, size_t len)
{
  size_t n = 0;
  buf[0] = 0;
  for (int i = 0; i < rd->ntok && n < len; i++)
    n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? " " : "", rd->tok[i]);
  return buf;
}

/* 1 if the ranks' events differ (and says where). */
static int compare_rank(const input_t *a, const input_t *b, long r, double ta[2], double tb[2], long *events)
{
  ti_reader_t ra, rb;
  if (ti_open(&ra, a->files[r]) || ti_open(&rb, b->files[r]))
    ex_fail("cannot open the files of rank %ld", r);
  long split = 0;
  int differ = 0;
  for (;;) {
    int ea = next_event(&ra, ta), eb = next_event(&rb, tb);
    if (!ea || !eb) {
      differ = ea != eb;
      break;
    }
    (*events)++;
    int same = ra.ntok == rb.ntok;
    int is_split = same && ra.ntok >= 6 && !strcmp(ra.tok[1], "comm_split");
    for (int i = 0; same && i < ra.ntok; i++) {
      long x, y;
      if (is_split && i == 3 && !ti_long(ra.tok[3], &x) && !ti_long(rb.tok[3], &y) && x >= 0 && y >= 0)
        same = same_group(split, 0, x, y) && same_group(split, 1, y, x);
      else
        same = !strcmp(ra.tok[i], rb.tok[i]);
    }
    split += is_split;
    if (!same) {
      differ = 1;
      break;
    }
  }
  if (differ) {
    char la[512], lb[512];
    printf("rank %ld differs:\n  %s line %ld: %s\n  %s line %ld: %s\n", r, a->files[r], ra.lineno,
           ra.ntok ? joined(&ra, la, sizeof la) : "(end)", b->files[r], rb.lineno,
           rb.ntok ? joined(&rb, lb, sizeof lb) : "(end)");
  }
  ti_close(&ra);
  ti_close(&rb);
  return differ;
}

int check_traces(const char *pa, const char *pb, double tolerance)
{
  input_t a, b;
  input_open(&a, pa);
  input_open(&b, pb);
  if (a.n != b.n) {
    printf("%s has %ld ranks, %s %ld\n", pa, a.n, pb, b.n);
    return 1;
  }
  long bad = 0, events = 0, worst = 0;
  double suma = 0, sumb = 0, worst_d = 0, sleepa = 0, sleepb = 0;
  for (long r = 0; r < a.n; r++) {
    double ta[2] = {0, 0}, tb[2] = {0, 0};
    if (compare_rank(&a, &b, r, ta, tb, &events) && ++bad >= 5) {
      printf("(stopped at 5 ranks that differ)\n");
      break;
    }
    double d = fabs(ta[0] - tb[0]) / fmax(fmax(ta[0], tb[0]), 1);
    if (d > worst_d)
      worst_d = d, worst = r;
    suma += ta[0], sumb += tb[0], sleepa += ta[1], sleepb += tb[1];
  }
  double total = fabs(suma - sumb) / fmax(fmax(suma, sumb), 1);
  if (bad)
    printf("events differ on %ld rank%s\n", bad, bad > 1 ? "s" : "");
  else
    printf("same events on all %ld ranks (%ld events)\n", a.n, events);
  printf("computation: %.6g flops against %.6g (%.3f%%); worst rank %ld (%.3f%%); sleep %.6g s against %.6g s\n",
         suma, sumb, 100 * total, worst, 100 * worst_d, sleepa, sleepb);
  if (bad)
    return 1;
  if (tolerance >= 0 && 100 * worst_d > tolerance) {
    printf("computation differs by more than %g%%\n", tolerance);
    return 1;
  }
  return 0;
}
