/* The omp_* routines, the ICVs the environment sets (read from each rank's own environment
 * when it first uses OpenMP), the clock, memory allocators, the error directive, and target
 * regions (run on the host: simpi simulates no accelerators). Defaults are libgomp's, but
 * for the machine simulated: without OMP_NUM_THREADS a region gets the rank's share of its
 * host's cores (the host's core count divided by the ranks placed on it), and
 * omp_get_num_procs is that host's core count. */
#include "omprt.h"
#include "../compute/compute.h"
#include "../kernel/kernel.h"
#include <ctype.h>
#include <limits.h>
#include <malloc.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#define MAX_LEVELS 255

/* --- the environment ----------------------------------------------------------------- */

static void bad_env(const char *name, const char *value)
{
  rt_warn("invalid value '%s' for environment variable %s: ignored", value, name);
}

static int env_bool(const char *name, int dflt)
{
  const char *v = getenv(name);
  if (!v)
    return dflt;
  while (isspace((unsigned char)*v))
    v++;
  if (!strncasecmp(v, "true", 4))
    return 1;
  if (!strncasecmp(v, "false", 5))
    return 0;
  bad_env(name, v);
  return dflt;
}

/* A non-negative integer (min..max), or dflt. */
static long env_long(const char *name, long dflt, long min, long max)
{
  const char *v = getenv(name);
  if (!v)
    return dflt;
  char *end;
  long x = strtol(v, &end, 10);
  while (isspace((unsigned char)*end))
    end++;
  if (end == v || *end || x < min) {
    bad_env(name, v);
    return dflt;
  }
  return x > max ? max : x;
}

/* OMP_SCHEDULE: [modifier:]kind[,chunk] */
static void env_schedule(om_icv_t *icv)
{
  const char *v = getenv("OMP_SCHEDULE");
  if (!v)
    return;
  char buf[128], *p = buf;
  size_t k = 0;
  for (const char *s = v; *s && k < sizeof buf - 1; s++)
    if (!isspace((unsigned char)*s))
      buf[k++] = (char)tolower((unsigned char)*s);
  buf[k] = 0;
  unsigned mono = 0;
  int nonmono = 0;
  if (!strncmp(p, "monotonic:", 10)) {
    mono = OM_MONOTONIC;
    p += 10;
  } else if (!strncmp(p, "nonmonotonic:", 13)) {
    nonmono = 1;
    p += 13;
  }
  static const char *kinds[] = {"static", "dynamic", "guided", "auto"};
  int kind = 0;
  for (int i = 0; i < 4; i++)
    if (!strncmp(p, kinds[i], strlen(kinds[i]))) {
      kind = i + 1;
      p += strlen(kinds[i]);
      break;
    }
  long chunk = kind == OM_STATIC ? 0 : 1;
  if (kind && *p == ',') {
    char *end;
    chunk = strtol(p + 1, &end, 10);
    p = end;
    if (chunk < 1)
      chunk = kind == OM_STATIC ? 0 : 1;
  }
  if (!kind || *p) {
    bad_env("OMP_SCHEDULE", v);
    return;
  }
  if (kind == OM_STATIC && !nonmono)
    mono = OM_MONOTONIC;
  icv->sched = kind | (int)mono;
  icv->chunk = chunk;
}

/* OMP_STACKSIZE: number[B|K|M|G], K by default. Returns KiB (0: unset). */
static size_t env_stack_kib(void)
{
  const char *v = getenv("OMP_STACKSIZE");
  if (!v)
    v = getenv("GOMP_STACKSIZE");
  if (!v)
    return 0;
  char *end;
  unsigned long long x = strtoull(v, &end, 10);
  while (isspace((unsigned char)*end))
    end++;
  unsigned long long mult = 1024;
  switch (tolower((unsigned char)*end)) {
  case 'b': mult = 1; end++; break;
  case 'k': end++; break;
  case 'm': mult = 1024ull * 1024; end++; break;
  case 'g': mult = 1024ull * 1024 * 1024; end++; break;
  default: break;
  }
  while (isspace((unsigned char)*end))
    end++;
  if (end == v || *end || !x) {
    bad_env("OMP_STACKSIZE", v);
    return 0;
  }
  unsigned long long kib = (x * mult + 1023) / 1024;
  return kib < 16 ? 16 : (size_t)kib;
}

/* The rank's share of its host's cores. */
static int default_threads(om_rank_t *o)
{
  if (!rt_self)
    return 1;
  static int *per_host;
  size_t nh = kern_host_count();
  if (!per_host) {
    per_host = calloc(nh, sizeof *per_host);
    for (int i = 0; i < rt_nranks && per_host; i++)
      per_host[rt_ranks[i].host]++;
  }
  int sharing = per_host ? per_host[rt_self->host] : 1;
  int n = o->cores / (sharing > 0 ? sharing : 1);
  return n > 0 ? n : 1;
}

void om_icv_init(om_rank_t *o)
{
  o->cores = rt_self ? kern_host_cores(rt_self->host) : 1;
  om_icv_t *icv = &o->icv;
  icv->nthreads = default_threads(o);
  const char *v = getenv("OMP_NUM_THREADS");
  if (v) {
    int vals[16], n = 0;
    const char *p = v;
    for (;;) {
      char *end;
      long x = strtol(p, &end, 10);
      if (end == p || x < 1 || n == 16)
        break;
      vals[n++] = (int)(x > INT_MAX ? INT_MAX : x);
      while (isspace((unsigned char)*end))
        end++;
      if (*end != ',') {
        p = end;
        break;
      }
      p = end + 1;
    }
    if (n == 0 || *p) {
      bad_env("OMP_NUM_THREADS", v);
    } else {
      o->nlist = malloc((size_t)n * sizeof *o->nlist);
      memcpy(o->nlist, vals, (size_t)n * sizeof *vals);
      o->nlist_len = n;
      icv->nthreads = vals[0];
    }
  }
  icv->dyn = env_bool("OMP_DYNAMIC", 0);
  icv->sched = OM_DYNAMIC;
  icv->chunk = 1;
  env_schedule(icv);
  int nested = env_bool("OMP_NESTED", o->nlist_len > 1);
  icv->max_active_levels = (int)env_long("OMP_MAX_ACTIVE_LEVELS", nested ? MAX_LEVELS : 1, 0, MAX_LEVELS);
  icv->default_device = (int)env_long("OMP_DEFAULT_DEVICE", 0, 0, INT_MAX);
  o->thread_limit = (int)env_long("OMP_THREAD_LIMIT", INT_MAX, 1, INT_MAX);
  o->cancellation = env_bool("OMP_CANCELLATION", 0);
  o->max_task_priority = (int)env_long("OMP_MAX_TASK_PRIORITY", 0, 0, INT_MAX);
  o->stack_kib = env_stack_kib();
}

om_icv_t om_icv_child(const om_icv_t *parent, int level)
{
  (void)level;
  om_icv_t c = *parent;
  om_rank_t *o = om_rank();
  if (parent->nlevel + 1 < o->nlist_len) {
    c.nlevel = parent->nlevel + 1;
    c.nthreads = o->nlist[c.nlevel];
  }
  return c;
}

/* --- threads and teams --------------------------------------------------------------- */

EXPORT void omp_set_num_threads(int n) { om_icv()->nthreads = n > 0 ? n : 1; }
EXPORT int omp_get_num_threads(void) { return om_self()->at.team->n; }
EXPORT int omp_get_max_threads(void) { return om_icv()->nthreads; }
EXPORT int omp_get_thread_num(void) { return om_self()->at.num; }
EXPORT int omp_get_num_procs(void) { return om_rank()->cores; }
EXPORT int omp_in_parallel(void) { return om_self()->at.team->active_level > 0; }
EXPORT void omp_set_dynamic(int d) { om_icv()->dyn = d != 0; }
EXPORT int omp_get_dynamic(void) { return om_icv()->dyn; }
EXPORT void omp_set_nested(int n) { om_icv()->max_active_levels = n ? MAX_LEVELS : 1; }
EXPORT int omp_get_nested(void) { return om_icv()->max_active_levels > 1; }
EXPORT int omp_get_thread_limit(void) { return om_rank()->thread_limit; }
EXPORT void omp_set_max_active_levels(int n)
{
  if (n >= 0)
    om_icv()->max_active_levels = n > MAX_LEVELS ? MAX_LEVELS : n;
}
EXPORT int omp_get_max_active_levels(void) { return om_icv()->max_active_levels; }
EXPORT int omp_get_supported_active_levels(void) { return MAX_LEVELS; }
EXPORT int omp_get_level(void) { return om_self()->at.team->level; }
EXPORT int omp_get_active_level(void) { return om_self()->at.team->active_level; }
EXPORT int omp_get_ancestor_thread_num(int level) { return om_ancestor(level, NULL); }
EXPORT int omp_get_team_size(int level)
{
  int size;
  return om_ancestor(level, &size) < 0 ? -1 : size;
}
EXPORT int omp_get_cancellation(void) { return om_rank()->cancellation; }
EXPORT int omp_get_max_task_priority(void) { return om_rank()->max_task_priority; }

EXPORT void omp_set_schedule(omp_sched_t kind, int chunk)
{
  om_icv_t *icv = om_icv();
  int k = (int)kind & ~(int)OM_MONOTONIC;
  if (k < OM_STATIC || k > OM_AUTO)
    return;
  icv->sched = (int)kind;
  icv->chunk = chunk >= 1 ? chunk : k == OM_STATIC ? 0 : 1;
}

EXPORT void omp_get_schedule(omp_sched_t *kind, int *chunk)
{
  om_icv_t *icv = om_icv();
  *kind = (omp_sched_t)icv->sched;
  *chunk = (int)icv->chunk;
}

/* Threads are not bound to places in the simulation. */
EXPORT omp_proc_bind_t omp_get_proc_bind(void) { return omp_proc_bind_false; }
EXPORT int omp_get_num_places(void) { return 0; }
EXPORT int omp_get_place_num_procs(int place)
{
  (void)place;
  return 0;
}
EXPORT void omp_get_place_proc_ids(int place, int *ids)
{
  (void)place;
  (void)ids;
}
EXPORT int omp_get_place_num(void) { return -1; }
EXPORT int omp_get_partition_num_places(void) { return 0; }
EXPORT void omp_get_partition_place_nums(int *nums) { (void)nums; }

/* --- devices: the host only ---------------------------------------------------------- */

EXPORT void omp_set_default_device(int d) { om_icv()->default_device = d; }
EXPORT int omp_get_default_device(void) { return om_icv()->default_device; }
EXPORT int omp_get_num_devices(void) { return 0; }
EXPORT int omp_get_device_num(void) { return 0; }
EXPORT int omp_is_initial_device(void) { return 1; }
EXPORT int omp_get_initial_device(void) { return 0; }

static int nteams_var, teams_thread_limit_var;
EXPORT void omp_set_num_teams(int n)
{
  if (n > 0)
    nteams_var = n;
}
EXPORT int omp_get_max_teams(void) { return nteams_var; }
EXPORT void omp_set_teams_thread_limit(int n)
{
  if (n >= 0)
    teams_thread_limit_var = n;
}
EXPORT int omp_get_teams_thread_limit(void) { return teams_thread_limit_var; }

#define host_device(dev, call)                                                                                         \
  do {                                                                                                                 \
    if ((dev) != omp_get_initial_device())                                                                             \
      om_fatal(OM_CALLER(), "%s: device %d does not exist (simpi simulates the host only)", call, dev);               \
  } while (0)

EXPORT void *omp_target_alloc(size_t size, int dev)
{
  host_device(dev, "omp_target_alloc");
  return malloc(size);
}
EXPORT void omp_target_free(void *p, int dev)
{
  host_device(dev, "omp_target_free");
  free(p);
}
EXPORT int omp_target_is_present(const void *p, int dev)
{
  (void)p;
  return dev == omp_get_initial_device();
}
EXPORT int omp_target_memcpy(void *dst, const void *src, size_t len, size_t dst_off, size_t src_off, int dst_dev,
                             int src_dev)
{
  host_device(dst_dev, "omp_target_memcpy");
  host_device(src_dev, "omp_target_memcpy");
  memmove((char *)dst + dst_off, (const char *)src + src_off, len);
  return 0;
}

/* Target regions run on the host, as libgomp's host fallback does: firstprivate data is
 * copied, and the region runs as a new initial thread (no team) on the calling thread. */
EXPORT void GOMP_target_ext(int device, void (*fn)(void *), size_t mapnum, void **hostaddrs, size_t *sizes,
                            unsigned short *kinds, unsigned flags, void **depend, void **args)
{
  (void)device;
  (void)flags;
  (void)args;
  if (depend)
    GOMP_taskwait_depend(depend);
  void **addrs = malloc((mapnum ? mapnum : 1) * sizeof *addrs);
  void **copies = calloc(mapnum ? mapnum : 1, sizeof *copies);
  if (!addrs || !copies)
    rt_fatal(1, "out of memory (OpenMP target region)");
  for (size_t i = 0; i < mapnum; i++) {
    addrs[i] = hostaddrs[i];
    if ((kinds[i] & 0xff) == 12) { /* firstprivate */
      size_t align = (size_t)1 << (kinds[i] >> 8);
      char *c = malloc(sizes[i] + align);
      if (!c)
        rt_fatal(1, "out of memory (OpenMP target region)");
      copies[i] = c;
      addrs[i] = (void *)(((uintptr_t)c + align - 1) & ~(uintptr_t)(align - 1));
      memcpy(addrs[i], hostaddrs[i], sizes[i]);
    }
  }
  om_thread_t *me = om_self();
  om_where_t at = me->at;
  om_task_t *implicit = me->implicit;
  om_team_t alone = {.n = 1, .refs = 1, .member = &me, .icv = *om_icv()};
  me->at = (om_where_t){.team = &alone, .chunk_seq = -1};
  me->at.task = om_implicit_task(me);
  fn(addrs);
  om_barrier(me, "the end of an OpenMP target region", NULL); /* its tasks */
  om_implicit_task_end(me);
  thr_queue_free(&alone.q);
  me->at = at;
  me->implicit = implicit;
  for (size_t i = 0; i < mapnum; i++)
    free(copies[i]);
  free(copies);
  free(addrs);
}

/* Data movement to a device: the host's data is the device's. */
EXPORT void GOMP_target_data_ext(int device, size_t mapnum, void **hostaddrs, size_t *sizes, unsigned short *kinds)
{
  (void)device, (void)mapnum, (void)hostaddrs, (void)sizes, (void)kinds;
}
EXPORT void GOMP_target_end_data(void) {}
EXPORT void GOMP_target_update_ext(int device, size_t mapnum, void **hostaddrs, size_t *sizes,
                                   unsigned short *kinds, unsigned flags, void **depend)
{
  (void)device, (void)mapnum, (void)hostaddrs, (void)sizes, (void)kinds, (void)flags;
  if (depend)
    GOMP_taskwait_depend(depend);
}
EXPORT void GOMP_target_enter_exit_data(int device, size_t mapnum, void **hostaddrs, size_t *sizes,
                                        unsigned short *kinds, unsigned flags, void **depend)
{
  (void)device, (void)mapnum, (void)hostaddrs, (void)sizes, (void)kinds, (void)flags;
  if (depend)
    GOMP_taskwait_depend(depend);
}

/* --- the clock ----------------------------------------------------------------------- */

/* Simulated time, as MPI_Wtime gives it (the computation so far counted first); outside the
 * simulation, the monotonic clock. */
EXPORT double omp_get_wtime(void)
{
  rt_rank_t *r = rt_self;
  if (!r)
    return cmp_clock();
  if (r->computing)
    cmp_burst_sync(r);
  return kern_now();
}

EXPORT double omp_get_wtick(void) { return 1e-9; }

/* --- memory -------------------------------------------------------------------------- */

/* Every memory space is the host's memory. A block starts after a header that holds the
 * start of what malloc gave (for free and realloc). */
typedef struct allocator {
  size_t align;
  int null_fallback;
} allocator_t;

static size_t align_of(omp_allocator_handle_t a)
{
  if ((uintptr_t)a > 16) /* one made by omp_init_allocator */
    return ((allocator_t *)a)->align;
  return 0;
}

static void *aligned_block(size_t align, size_t size, omp_allocator_handle_t a, int zero)
{
  size_t al = align_of(a);
  if (al < align)
    al = align;
  if (al < sizeof(void *))
    al = sizeof(void *);
  if (al & (al - 1))
    return NULL;
  if (size > SIZE_MAX - al - sizeof(void *))
    return NULL;
  char *raw = zero ? calloc(1, size + al + sizeof(void *)) : malloc(size + al + sizeof(void *));
  if (!raw)
    return NULL;
  char *p = (char *)(((uintptr_t)raw + sizeof(void *) + al - 1) & ~(uintptr_t)(al - 1));
  ((void **)p)[-1] = raw;
  return p;
}

EXPORT void *omp_aligned_alloc(size_t align, size_t size, omp_allocator_handle_t a)
{
  return size ? aligned_block(align, size, a, 0) : NULL;
}
EXPORT void *omp_alloc(size_t size, omp_allocator_handle_t a) { return omp_aligned_alloc(1, size, a); }
EXPORT void *omp_aligned_calloc(size_t align, size_t n, size_t size, omp_allocator_handle_t a)
{
  if (!n || !size || n > SIZE_MAX / size)
    return NULL;
  return aligned_block(align, n * size, a, 1);
}
EXPORT void *omp_calloc(size_t n, size_t size, omp_allocator_handle_t a) { return omp_aligned_calloc(1, n, size, a); }
EXPORT void omp_free(void *p, omp_allocator_handle_t a)
{
  (void)a;
  if (p)
    free(((void **)p)[-1]);
}
EXPORT void *omp_realloc(void *p, size_t size, omp_allocator_handle_t a, omp_allocator_handle_t free_a)
{
  if (!p)
    return omp_alloc(size, a);
  if (!size) {
    omp_free(p, free_a);
    return NULL;
  }
  void *q = omp_alloc(size, a);
  if (!q)
    return NULL;
  size_t old = malloc_usable_size(((void **)p)[-1]) - (size_t)((char *)p - (char *)((void **)p)[-1]);
  memcpy(q, p, old < size ? old : size);
  omp_free(p, free_a);
  return q;
}

EXPORT omp_allocator_handle_t omp_init_allocator(omp_memspace_handle_t space, int ntraits,
                                                 const omp_alloctrait_t traits[])
{
  (void)space;
  allocator_t *a = calloc(1, sizeof *a);
  if (!a)
    return omp_null_allocator;
  for (int i = 0; i < ntraits; i++)
    if (traits[i].key == omp_atk_alignment)
      a->align = (size_t)traits[i].value;
  return (omp_allocator_handle_t)a;
}
EXPORT void omp_destroy_allocator(omp_allocator_handle_t a)
{
  if ((uintptr_t)a > 16)
    free((void *)a);
}
static omp_allocator_handle_t default_allocator = omp_default_mem_alloc;
EXPORT void omp_set_default_allocator(omp_allocator_handle_t a) { default_allocator = a; }
EXPORT omp_allocator_handle_t omp_get_default_allocator(void) { return default_allocator; }

/* allocate clauses */
EXPORT void *GOMP_alloc(size_t align, size_t size, uintptr_t allocator)
{
  void *p = aligned_block(align, size ? size : 1, (omp_allocator_handle_t)allocator, 0);
  if (!p)
    om_fatal(OM_CALLER(), "out of memory allocating %zu bytes for an allocate clause", size);
  return p;
}
EXPORT void GOMP_free(void *p, uintptr_t allocator) { omp_free(p, (omp_allocator_handle_t)allocator); }

/* --- the error directive ------------------------------------------------------------- */

static void directive_message(char *out, size_t len, const char *msg, size_t msglen)
{
  if (!msg)
    snprintf(out, len, "error directive encountered");
  else if (msglen == (size_t)-1)
    snprintf(out, len, "error directive encountered: %s", msg);
  else
    snprintf(out, len, "error directive encountered: %.*s", (int)(msglen < 400 ? msglen : 400), msg);
}

EXPORT void GOMP_warning(const char *msg, size_t msglen)
{
  char m[512];
  directive_message(m, sizeof m, msg, msglen);
  fflush(stdout);
  if (rt_self)
    fprintf(stderr, "simpi: rank %d: %s\n", rt_self->id, m);
  else
    fprintf(stderr, "simpi: %s\n", m);
}

EXPORT void GOMP_error(const char *msg, size_t msglen)
{
  char m[512];
  directive_message(m, sizeof m, msg, msglen);
  om_fatal(OM_CALLER(), "fatal %s", m);
}
