/* getopt, getopt_long, getopt_long_only and POSIX's getopt with their
 * position kept per rank (libc keeps it in static storage), behaving as
 * glibc's do: argv is permuted so that options come first, unless the
 * option string starts with '+' or POSIXLY_CORRECT is set (or POSIX's
 * getopt is called); a leading '-' returns each non-option as the argument
 * of option 1; a leading ':' reports a missing argument as ':' and prints
 * nothing; long options may be abbreviated to a unique prefix; with "W;" in
 * the option string, -W foo means --foo. Messages are glibc's. */
#define _GNU_SOURCE
#include "libc.h"
#include "runtime.h"
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#define EXPORT __attribute__((visibility("default")))

enum order { PERMUTE, REQUIRE_ORDER, RETURN_IN_ORDER };

typedef struct scan {
  int argc;
  char **argv;
  const char *opts; /* without the leading '+' or '-' */
  const struct option *longopts;
  int *longind;
  int long_only;
  int loud; /* print messages */
  rt_getopt_t *g;
} scan_t;

static int is_option(const char *arg) { return arg[0] == '-' && arg[1]; }

static void reverse(char **v, int a, int b)
{
  for (b--; a < b; a++, b--) {
    char *t = v[a];
    v[a] = v[b];
    v[b] = t;
  }
}

/* The non-options skipped so far, argv[first..last), go after the options
 * that followed them, argv[last..optind). */
static void move_nonoptions_after(char **argv, rt_getopt_t *g)
{
  reverse(argv, g->first, g->last);
  reverse(argv, g->last, optind);
  reverse(argv, g->first, optind);
  g->first += optind - g->last;
  g->last = optind;
}

static int missing_argument(const scan_t *s) { return s->opts[0] == ':' ? ':' : '?'; }

/* Finds the long option at g->next (prefix: how it was written, for messages).
 * Returns what getopt returns, or -1 when getopt_long_only should try it as
 * short options instead. */
static int long_option(scan_t *s, const char *prefix)
{
  rt_getopt_t *g = s->g;
  const char *name = g->next;
  size_t len = strcspn(name, "=");
  const struct option *lo = s->longopts, *found = NULL;
  int n = 0, idx = -1, ambiguous = 0;
  while (lo[n].name)
    n++;
  for (int i = 0; i < n && !found; i++)
    if (strlen(lo[i].name) == len && !strncmp(lo[i].name, name, len))
      found = &lo[i], idx = i;
  if (!found) { /* an abbreviation: it must name one option, or several that behave alike */
    for (int i = 0; i < n; i++) {
      if (strncmp(lo[i].name, name, len))
        continue;
      if (!found)
        found = &lo[i], idx = i;
      else if (s->long_only || found->has_arg != lo[i].has_arg || found->flag != lo[i].flag ||
               found->val != lo[i].val)
        ambiguous = 1;
    }
  }
  if (ambiguous) {
    if (s->loud) {
      fprintf(stderr, "%s: option '%s%s' is ambiguous; possibilities:", s->argv[0], prefix, name);
      for (int i = 0; i < n; i++) {
        const struct option *o = &lo[i];
        int alike = !s->long_only && o->has_arg == found->has_arg && o->flag == found->flag && o->val == found->val;
        if (!strncmp(o->name, name, len) && (o == found || !alike))
          fprintf(stderr, " '%s%s'", prefix, o->name);
      }
      fputc('\n', stderr);
    }
    g->next = NULL;
    optind++;
    optopt = 0;
    return '?';
  }
  if (!found) {
    if (s->long_only && s->argv[optind][1] != '-' && strchr(s->opts, *name))
      return -1;
    if (s->loud)
      fprintf(stderr, "%s: unrecognized option '%s%s'\n", s->argv[0], prefix, name);
    g->next = NULL;
    optind++;
    optopt = 0;
    return '?';
  }
  optind++;
  g->next = NULL;
  if (name[len] == '=') {
    if (!found->has_arg) {
      if (s->loud)
        fprintf(stderr, "%s: option '%s%s' doesn't allow an argument\n", s->argv[0], prefix, found->name);
      optopt = found->val;
      return '?';
    }
    optarg = (char *)name + len + 1;
  } else if (found->has_arg == required_argument) {
    if (optind >= s->argc) {
      if (s->loud)
        fprintf(stderr, "%s: option '%s%s' requires an argument\n", s->argv[0], prefix, found->name);
      optopt = found->val;
      return missing_argument(s);
    }
    optarg = s->argv[optind++];
  }
  if (s->longind)
    *s->longind = idx;
  if (found->flag) {
    *found->flag = found->val;
    return 0;
  }
  return found->val;
}

/* The next short option at g->next. */
static int short_option(scan_t *s)
{
  rt_getopt_t *g = s->g;
  char c = *g->next++;
  const char *spec = strchr(s->opts, c);
  if (!*g->next) /* its element is used up */
    optind++;
  if (!spec || c == ':' || c == ';') {
    if (s->loud)
      fprintf(stderr, "%s: invalid option -- '%c'\n", s->argv[0], c);
    optopt = c;
    return '?';
  }
  if (spec[0] == 'W' && spec[1] == ';' && s->longopts) { /* -W foo is --foo */
    if (*g->next) {
      optind++;
    } else if (optind >= s->argc) {
      if (s->loud)
        fprintf(stderr, "%s: option requires an argument -- '%c'\n", s->argv[0], c);
      optopt = c;
      g->next = NULL;
      return missing_argument(s);
    } else {
      g->next = s->argv[optind++];
    }
    optind--; /* long_option counts the element it reads */
    s->long_only = 0;
    return long_option(s, "-W ");
  }
  if (spec[1] != ':')
    return c;
  if (*g->next) { /* the rest of the element is the argument */
    optarg = (char *)g->next;
    optind++;
  } else if (spec[2] == ':') { /* optional, and not given */
    optarg = NULL;
  } else if (optind >= s->argc) {
    if (s->loud)
      fprintf(stderr, "%s: option requires an argument -- '%c'\n", s->argv[0], c);
    optopt = c;
    c = (char)missing_argument(s);
  } else {
    optarg = s->argv[optind++];
  }
  g->next = NULL;
  return c;
}

static int scan(int argc, char *const *argv_in, const char *opts, const struct option *longopts, int *longind,
                int long_only, int posix)
{
  char **argv = (char **)argv_in; /* GNU getopt permutes argv */
  rt_getopt_t *g = &rt_libc()->getopt;
  if (argc < 1)
    return -1;
  enum order order = PERMUTE;
  if (*opts == '-')
    order = RETURN_IN_ORDER, opts++;
  else if (*opts == '+')
    order = REQUIRE_ORDER, opts++;
  else if (posix || getenv("POSIXLY_CORRECT"))
    order = REQUIRE_ORDER;
  scan_t s = {argc, argv, opts, longopts, longind, long_only, opterr && opts[0] != ':', g};
  optarg = NULL;
  if (optind == 0 || !g->initialized) {
    if (optind == 0)
      optind = 1;
    g->first = g->last = optind;
    g->next = NULL;
    g->initialized = 1;
  }
  if (g->next && *g->next)
    return short_option(&s);

  /* the next element: first put the non-options skipped so far behind the
   * options that followed them, then skip further non-options */
  if (g->last > optind) /* the program moved optind back */
    g->last = optind;
  if (g->first > optind)
    g->first = optind;
  if (order == PERMUTE) {
    if (g->first != g->last && g->last != optind)
      move_nonoptions_after(argv, g);
    else if (g->last != optind)
      g->first = optind;
    while (optind < argc && !is_option(argv[optind]))
      optind++;
    g->last = optind;
  }
  if (optind != argc && !strcmp(argv[optind], "--")) { /* the end of the options */
    optind++;
    if (g->first != g->last && g->last != optind)
      move_nonoptions_after(argv, g);
    else if (g->first == g->last)
      g->first = optind;
    g->last = argc;
    optind = argc;
  }
  if (optind == argc) { /* done: optind names the first non-option */
    if (g->first != g->last)
      optind = g->first;
    return -1;
  }
  if (!is_option(argv[optind])) {
    if (order == REQUIRE_ORDER)
      return -1;
    optarg = argv[optind++];
    return 1;
  }
  if (longopts) {
    if (argv[optind][1] == '-') {
      g->next = argv[optind] + 2;
      return long_option(&s, "--");
    }
    /* with getopt_long_only, "-f" for a short option f is that option */
    if (long_only && (argv[optind][2] || !strchr(opts, argv[optind][1]))) {
      g->next = argv[optind] + 1;
      int c = long_option(&s, "-");
      if (c != -1)
        return c;
    }
  }
  g->next = argv[optind] + 1;
  return short_option(&s);
}

EXPORT int getopt(int argc, char *const *argv, const char *opts)
{
  return scan(argc, argv, opts, NULL, NULL, 0, 0);
}

EXPORT int __posix_getopt(int argc, char *const *argv, const char *opts)
{
  return scan(argc, argv, opts, NULL, NULL, 0, 1);
}

EXPORT int getopt_long(int argc, char *const *argv, const char *opts, const struct option *lo, int *longind)
{
  return scan(argc, argv, opts, lo, longind, 0, 0);
}

EXPORT int getopt_long_only(int argc, char *const *argv, const char *opts, const struct option *lo, int *longind)
{
  return scan(argc, argv, opts, lo, longind, 1, 0);
}
