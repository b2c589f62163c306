/* Laws of one value over the input sizes: constant, a power of the number
 * of ranks N (N^-1 for strong-scaled volumes, N^-1/2 and N^-2/3 for faces,
 * N, ...), of a grid dimension Di or of N/Di, of log2 N, each alone (y = a g)
 * or with a constant (y = a + b g). The law chosen is the one that predicts
 * each input best from the others (leave-one-out), the simplest among those
 * about as good (within half the best one's error). */
#include "extrap.h"
#include <math.h>
#include <stdio.h>

enum var { V_ONE, V_N, V_LOG, V_D, V_ND };
typedef struct form {
  unsigned char var, dim, affine;
  double p; /* power */
} form_t;

#define NF 96
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

law_t fit_law(int m, const scale_t *s, const double *y, const scale_t *t, int integral, int face, double *at)
{
  law_forms();
  double ymax = 0, w[64];
  int use[64];
  if (m > 64)
    m = 64;
  for (int k = 0; k < m; k++)
    ymax = fmax(ymax, fabs(y[k]));
  /* below this, differences do not count: an integer's unit, or a billionth of the largest value */
  double unit = integral ? 1 : fmax(1e-9 * ymax, 1e-300);
  int same = 1;
  for (int k = 0; k < m; k++) {
    w[k] = 1 / (fmax(fabs(y[k]), unit) * fmax(fabs(y[k]), unit));
    same &= y[k] == y[0];
  }
  law_t best = {.form = 0, .a = m ? y[0] : 0};
  if (same || m < 2) {
    *at = best.a;
    return best;
  }
  double score[NF] = {0}, pred[NF] = {0};
  double top = INFINITY;
  for (int i = 0; i < nforms; i++) {
    const form_t *f = &forms[i];
    score[i] = INFINITY;
    if (f->affine && m < 3) /* two parameters: only from three sizes on */
      continue;
    double worst = 0;
    for (int k = 0; k < m && worst < INFINITY; k++) { /* each input predicted from the others */
      for (int j = 0; j < m; j++)
        use[j] = j != k;
      double a, b;
      if (!solve(f, m, s, y, w, use, &a, &b))
        worst = INFINITY;
      else
        worst = fmax(worst, rel(f->affine ? a + b * gval(f, &s[k]) : a * gval(f, &s[k]), y[k], unit));
    }
    double a, b, g = gval(f, t);
    for (int j = 0; j < m; j++)
      use[j] = 1;
    if (worst == INFINITY || !isfinite(g) || !solve(f, m, s, y, w, use, &a, &b))
      continue;
    score[i] = worst;
    pred[i] = f->affine ? a + b * g : a * g;
    top = fmin(top, worst);
  }
  double tol = 0.002 + 0.5 * top; /* as good: the worse the best predicts, the less the difference means */
  int chosen = -1;
  for (int i = 0; i < nforms && face >= 0; i++) /* a face, if that fits as well as the best */
    if (forms[i].var == V_ND && forms[i].dim == face && forms[i].p == -1 && !forms[i].affine && score[i] <= top + tol)
      chosen = i;
  for (int i = 0; i < nforms && chosen < 0; i++)
    if (score[i] <= top + tol)
      chosen = i;
  best.form = chosen;
  best.loo = score[chosen];
  for (int j = 0; j < m; j++)
    use[j] = 1;
  solve(&forms[chosen], m, s, y, w, use, &best.a, &best.b);
  for (int k = 0; k < m; k++)
    best.err = fmax(best.err, rel(law_eval(&best, &s[k]), y[k], unit));
  double v = pred[chosen];
  for (int i = 0; i < nforms; i++)
    if (score[i] <= top + tol && rel(pred[i], v, unit) > 0.05)
      best.ambiguous = 1;
  if (v < 0) {
    best.clamped = 1;
    v = 0;
  }
  *at = integral ? round(v) : v;
  return best;
}
