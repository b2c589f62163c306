/* Laws of one value over the input sizes: constant, a power of the number
 * of ranks N (N^-1 for strong-scaled volumes, N^-1/2 and N^-2/3 for faces,
 * N, ...), of a grid dimension Di or of N/Di, of log2 N, of the data volume
 * V of a rank (computation only), each alone (y = a g) or with a constant
 * (y = a + b g). Each law is judged by how well it predicts each input from
 * the others (leave-one-out); the simplest of those about as good as the
 * best (within half the best one's error) is chosen; computation prefers
 * the law of its data (see fit_law). */
#include "extrap.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum var { V_ONE, V_N, V_LOG, V_D, V_ND, V_DATA };
typedef struct form {
  unsigned char var, dim, affine;
  double p; /* power */
} form_t;

#define NF 128
static form_t forms[NF];
static int nforms;

static void add(int var, int dim, double p, int affine)
{
  forms[nforms++] = (form_t){(unsigned char)var, (unsigned char)dim, (unsigned char)affine, p};
}

/* The candidates, simplest first: constant, then the laws that decrease
 * (strong-scaled volumes), then those that grow, each alone then with a
 * constant; noise in measured computation should not turn into growth. */
static void build(void)
{
  static const double np[] = {-1, -0.5, -2.0 / 3, -1.0 / 3, 1, 0.5, 2.0 / 3, 1.0 / 3};
  static const double dp[] = {-1, -0.5, 1, 0.5};
  for (int affine = 0; affine < 2; affine++) {
    if (!affine)
      add(V_ONE, 0, 0, 0);
    add(V_DATA, 0, 1, affine);
    for (int grow = 0; grow < 2; grow++) {
      for (int i = 0; i < 8; i++)
        if ((np[i] > 0) == grow)
          add(V_N, 0, np[i], affine);
      for (int d = 0; d < EX_MAXD; d++)
        for (int i = 0; i < 4; i++)
          if ((dp[i] > 0) == grow)
            add(V_D, (unsigned char)d, dp[i], affine);
      for (int d = 0; d < EX_MAXD; d++)
        add(V_ND, (unsigned char)d, grow ? 1 : -1, affine);
      if (grow)
        add(V_LOG, 0, 1, affine);
    }
  }
}

int law_forms(void)
{
  if (!nforms)
    build();
  return nforms;
}

/* g(s) of form f; NAN where the form does not apply to the grid */
static double gval(const form_t *f, const scale_t *s)
{
  switch (f->var) {
  case V_ONE: return 1;
  case V_N: return pow(s->n, f->p);
  case V_LOG: return log2(s->n);
  case V_DATA: return s->v > 0 ? s->v : NAN;
  case V_D: return s->nd >= 2 && f->dim < s->nd ? pow(s->d[f->dim], f->p) : NAN;
  default: return s->nd >= 2 && f->dim < s->nd ? pow(s->n / s->d[f->dim], f->p) : NAN;
  }
}

static const char *pname(double p)
{
  static const struct {
    double p;
    const char *s;
  } t[] = {{-1, "^-1"}, {1, ""}, {-0.5, "^-1/2"}, {0.5, "^1/2"}, {-2.0 / 3, "^-2/3"}, {2.0 / 3, "^2/3"},
           {-1.0 / 3, "^-1/3"}, {1.0 / 3, "^1/3"}};
  for (unsigned i = 0; i < sizeof t / sizeof *t; i++)
    if (fabs(t[i].p - p) < 1e-9)
      return t[i].s;
  return "^?";
}

/* "N^-1/2", "D1", "(N/D0)^-1", "log2 N" */
static const char *gname(const form_t *f, char *buf, size_t len)
{
  switch (f->var) {
  case V_ONE: snprintf(buf, len, "1"); break;
  case V_N: snprintf(buf, len, "N%s", pname(f->p)); break;
  case V_LOG: snprintf(buf, len, "log2 N"); break;
  case V_DATA: snprintf(buf, len, "V"); break;
  case V_D: snprintf(buf, len, "D%d%s", f->dim, pname(f->p)); break;
  default: snprintf(buf, len, "(N/D%d)%s", f->dim, pname(f->p)); break;
  }
  return buf;
}

const char *law_form_name(int form)
{
  static char buf[64];
  law_forms();
  const form_t *f = &forms[form];
  char g[32];
  if (f->var == V_ONE)
    return "constant";
  snprintf(buf, sizeof buf, f->affine ? "a + b*%s" : "a*%s", gname(f, g, sizeof g));
  return buf;
}

double law_eval(const law_t *l, const scale_t *s)
{
  law_forms();
  const form_t *f = &forms[l->form];
  double g = gval(f, s);
  return f->affine ? l->a + l->b * g : l->a * g;
}

const char *law_text(const law_t *l, char *buf, size_t len)
{
  law_forms();
  const form_t *f = &forms[l->form];
  char g[32];
  gname(f, g, sizeof g);
  if (f->var == V_ONE)
    snprintf(buf, len, "%.6g", l->a);
  else if (f->affine)
    snprintf(buf, len, "%.6g %c %.6g*%s", l->a, l->b < 0 ? '-' : '+', fabs(l->b), g);
  else
    snprintf(buf, len, "%.6g*%s", l->a, g);
  return buf;
}

/* Weighted least squares over the points k with use[k]: relative errors
 * count, so that each input weighs the same whatever its magnitude.
 * Returns 0 if the points do not determine the law. */
static int solve(const form_t *f, int m, const scale_t *s, const double *y, const double *w, const int *use,
                 double *a, double *b)
{
  double sgg = 0, sg = 0, s1 = 0, sy = 0, sgy = 0;
  int k_used = 0;
  for (int k = 0; k < m; k++) {
    if (!use[k])
      continue;
    double g = gval(f, &s[k]);
    if (!isfinite(g))
      return 0;
    sgg += w[k] * g * g, sg += w[k] * g, s1 += w[k], sy += w[k] * y[k], sgy += w[k] * g * y[k];
    k_used++;
  }
  if (!f->affine) {
    if (k_used < 1 || sgg <= 0)
      return 0;
    *a = sgy / sgg;
    *b = 0;
    return 1;
  }
  double det = s1 * sgg - sg * sg;
  if (k_used < 2 || fabs(det) <= 1e-12 * s1 * sgg)
    return 0; /* one point, or g the same at every point */
  *b = (s1 * sgy - sg * sy) / det;
  *a = (sy - *b * sg) / s1;
  return 1;
}

static double rel(double pred, double y, double unit) { return fabs(pred - y) / fmax(fabs(y), unit); }

static double at_form(const form_t *f, double a, double b, const scale_t *s)
{
  double g = gval(f, s);
  return f->affine ? a + b * g : a * g;
}

/* The first law (in the order of the list) of those in tier whose score is
 * within tol of top, or -1. */
static int first_within(const double *score, int (*tier)(const form_t *), double top, double tol)
{
  for (int i = 0; i < nforms; i++)
    if (tier(&forms[i]) && score[i] <= top + tol)
      return i;
  return -1;
}

static int any(const form_t *f) { return f != NULL; }
static int one_param(const form_t *f) { return !f->affine; }
static int data_one(const form_t *f) { return !f->affine && f->var == V_DATA; }
static int other_one(const form_t *f) { return !f->affine && f->var != V_DATA; }
static int two_param(const form_t *f) { return f->affine; }
static int data_two(const form_t *f) { return f->affine && f->var == V_DATA; }

static double best_of(const double *score, int (*tier)(const form_t *))
{
  double top = INFINITY;
  for (int i = 0; i < nforms; i++)
    if (tier(&forms[i]))
      top = fmin(top, score[i]);
  return top;
}

#define NOISE 0.10  /* measured on a shared machine, a burst's typical value moves this much from run to run */
#define DEMAND 0.10 /* an amount's one-parameter law predicting an input worse than this */
#define BETTER 3.0  /* and a two-parameter law predicting them this many times better: a constant part */

/* An amount of computation (or sleep): the law of the rank's data volume,
 * a*V, if it predicts about as well as the best one-parameter law; else,
 * from three sizes on, a + b*V if it does (a phase that follows the data
 * plus one that does not: the seed paper's IS, an inverse-proportional
 * phase plus a constant one: a*V then misses the inputs, and a power of N
 * that fits them as well runs away at the target); else the simplest
 * one-parameter law that does. Only when that one predicts some input more
 * than 10% off, and a law with a constant part predicts all of them three
 * times better, is another a + b*g chosen. With noisy inputs a second
 * parameter mostly fits the noise and runs away at the target.
 * Measured inputs (noise 1) are from runs at different times, each slowed
 * its own way: over sizes a factor 2 or so apart, that can bend a*V into
 * a*N^-2/3, which then runs away at the target; the laws of the data stay
 * the choice while they predict the inputs within NOISE of the best. A
 * measured value is predicted above the largest input (by more than NOISE)
 * only by a law that predicts each input within DEMAND: under a load of 28
 * on 2 cores, weak-scaled inputs of equal work, read in different loads,
 * fitted a growing law that made 30 times the on-line computation at 256
 * ranks. */
static int choose_amount(const double *score, int m, int noise)
{
  double top = best_of(score, one_param), tol = 0.002 + 0.5 * top + (noise ? NOISE : 0);
  int c = first_within(score, data_one, top, tol);
  if (c < 0 && m >= 3)
    c = first_within(score, data_two, top, tol);
  if (c < 0)
    c = first_within(score, other_one, top, 0.002 + 0.5 * top);
  double top2 = best_of(score, two_param);
  if (m >= 3 && (c < 0 || (score[c] > DEMAND && top2 * BETTER <= score[c])))
    c = first_within(score, two_param, top2, 0.002 + 0.5 * top2);
  return c;
}

/* A count: the simplest law about as good as the best; a face, if the value is one and that law fits as well. */
static int choose_count(const double *score, int face)
{
  double top = best_of(score, any), tol = 0.002 + 0.5 * top; /* as good: the worse the best predicts, the less the difference means */
  for (int i = 0; i < nforms && face >= 0; i++)
    if (forms[i].var == V_ND && forms[i].dim == face && forms[i].p == -1 && !forms[i].affine && score[i] <= top + tol)
      return i;
  for (int i = 0; i < nforms; i++)
    if (score[i] <= top + tol)
      return i;
  return -1;
}

/* Which points fit the law that predicts input k (use[j]): all but k; pooled
 * (several classes' points at each size, whose noise a loaded run shares),
 * all but those of k's size, once per size. Returns 0 if k's size was left
 * out before. */
static int leave_out(int kind, int m, const scale_t *s, int k, int *use)
{
  for (int j = 0; j < m; j++)
    use[j] = kind == FIT_POOLED ? s[j].n != s[k].n : j != k;
  for (int j = 0; j < k && kind == FIT_POOLED; j++)
    if (s[j].n == s[k].n)
      return 0;
  return 1;
}

law_t fit_law(int m, const scale_t *s, const double *y, const scale_t *t, int kind, int integral, int face,
              double *at)
{
  law_forms();
  double ymax = 0, *w = ex_alloc(sizeof *w * (size_t)(m + 1)), *e = ex_alloc(sizeof *e * (size_t)(m + 1));
  int *use = ex_alloc(sizeof *use * (size_t)(m + 1));
  for (int k = 0; k < m; k++)
    ymax = fmax(ymax, fabs(y[k]));
  /* below this, differences do not count: an integer's unit, or a billionth of the largest value */
  double unit = integral ? 1 : fmax(1e-9 * ymax, 1e-300);
  int same = 1, positive = 1;
  for (int k = 0; k < m; k++) {
    w[k] = 1 / (fmax(fabs(y[k]), unit) * fmax(fabs(y[k]), unit));
    same &= y[k] == y[0];
    positive &= y[k] > 0;
  }
  law_t best = {.form = 0, .a = m ? y[0] : 0, .second = -1};
  if (same || m < 2) {
    *at = best.second_at = best.at = best.lo = best.hi = best.a;
    free(w);
    free(e);
    free(use);
    return best;
  }
  int sizes = m; /* pooled: the distinct sizes */
  for (int k = 0; k < m && kind == FIT_POOLED; k++)
    for (int j = 0; j < k; j++)
      if (s[j].n == s[k].n) {
        sizes--;
        break;
      }
  double score[NF], pred[NF];
  for (int i = 0; i < nforms; i++) {
    const form_t *f = &forms[i];
    score[i] = INFINITY;
    if ((f->affine && sizes < 3) || (f->var == V_DATA && kind == FIT_COUNT)) /* two parameters: from three sizes on */
      continue;
    double worst = 0, a, b;
    for (int k = 0; k < m && worst < INFINITY; k++) { /* each input predicted from the others */
      if (!leave_out(kind, m, s, k, use))
        continue;
      if (!solve(f, m, s, y, w, use, &a, &b)) {
        worst = INFINITY;
        break;
      }
      int ne = 0;
      for (int j = 0; j < m; j++)
        if (!use[j])
          e[ne++] = rel(at_form(f, a, b, &s[j]), y[j], unit);
      worst = fmax(worst, ex_median(e, ne));
    }
    for (int j = 0; j < m; j++)
      use[j] = 1;
    if (worst == INFINITY || !isfinite(gval(f, t)) || !solve(f, m, s, y, w, use, &a, &b))
      continue;
    if (kind != FIT_COUNT && f->affine && (a < 0 || b < 0))
      continue; /* the phases of a computation are amounts: none is negative */
    double v = at_form(f, a, b, t), written = integral ? round(v) : v;
    if (written < 0 || (positive && written <= 0))
      continue; /* what is positive at every input size stays so: no clamping */
    score[i] = worst;
    pred[i] = v;
  }
  for (int i = 0; i < nforms && kind >= FIT_MEASURED; i++) /* growth from noise: only a law that fits the inputs */
    if (score[i] < INFINITY && pred[i] > (1 + NOISE) * ymax && score[i] > DEMAND)
      score[i] = INFINITY;
  int chosen = kind != FIT_COUNT ? choose_amount(score, sizes, kind != FIT_AMOUNT) : choose_count(score, face);
  if (chosen < 0) /* cannot happen: the constant is there */
    chosen = 0, score[0] = 0, pred[0] = y[m - 1];
  best.form = chosen;
  best.loo = score[chosen];
  for (int j = 0; j < m; j++)
    use[j] = 1;
  const form_t *f = &forms[chosen];
  solve(f, m, s, y, w, use, &best.a, &best.b);
  for (int k = 0; k < m; k++)
    best.err = fmax(best.err, rel(law_eval(&best, &s[k]), y[k], unit));
  double v = pred[chosen];
  double top = best_of(score, any), tol = 0.002 + 0.5 * top;
  for (int i = 0; i < nforms && kind == FIT_COUNT; i++) /* an amount's doubt is its spread */
    if (score[i] <= top + tol && rel(pred[i], v, unit) > 0.05)
      best.ambiguous = 1;
  for (int i = 0; i < nforms; i++) /* the runner-up: the best of the others */
    if (i != chosen && score[i] < INFINITY && (best.second < 0 || score[i] < score[best.second]))
      best.second = i;
  best.second_at = best.second >= 0 ? pred[best.second] : v;
  best.second_loo = best.second >= 0 ? score[best.second] : best.loo;
  best.lo = best.hi = v;
  for (int k = 0; k < m; k++) { /* the spread: what the fits without one input give at the target */
    double a, b;
    if (leave_out(kind, m, s, k, use) && solve(f, m, s, y, w, use, &a, &b)) {
      best.lo = fmin(best.lo, at_form(f, a, b, t));
      best.hi = fmax(best.hi, at_form(f, a, b, t));
    }
  }
  best.at = v;
  *at = integral ? round(v) : v;
  free(w);
  free(e);
  free(use);
  return best;
}

double law_spread(const law_t *l)
{
  if (!(l->at > 0))
    return l->hi > 0 ? INFINITY : 0;
  return fmax(l->hi - l->at, l->at - l->lo) / l->at;
}
