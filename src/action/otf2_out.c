/* The OTF2 archive of simrun --otf2 (see otf2_out.h): one location per rank (its location group,
 * a process, under its host's node in the system tree), a region per MPI call and one
 * ("computation", with the "flops" counter) per burst, timestamps in simulated nanoseconds.
 * Definitions are kept here and written when the archive closes; a record that OTF2 cannot
 * take ends the archive with one line (the run goes on). */
#define OTW_INTERNAL
#include "otf2_out.h"
#include "grow.h"
#include "../runtime/runtime.h"
#include "../core/comm.h"
#include "../kernel/kernel.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <uthash.h>

int otw_on;
otw_rank_t *otw_ranks;
uint32_t otw_attr_args;

static OTF2_Archive *ar;
static int nranks;
int otw_nranks;
static char *where; /* the anchor file, for messages */
static uint64_t end_time;

typedef struct named {
  char *s;
  uint32_t ref;
  UT_hash_handle hh;
} named_t;
static named_t *strings, *regions;
static uint32_t nstrings, nregions, region_comp;

/* Communicators: 0 the world, 1 self, then one per communicator (its context) made. An
 * intercommunicator's members are its side 0 then its side 1 (asize of them); local then gives
 * a rank's place in its own side, which is how the records of the other side name it. */
typedef struct otw_comm {
  int ctx, size, *members, *local; /* local: by world rank, rank + 1 in it (0: not a member) */
  int inter, asize;
  uint32_t parent, ref;
  UT_hash_handle hh;
} otw_comm_t;
static otw_comm_t **comms, *by_ctx;
static uint32_t ncomms, comms_cap;

/* Actions without a record, by kind. */
static struct {
  char word[32];
  long n;
} unrec[32];
static int nunrec;

static OTF2_FlushType pre_flush(void *u, OTF2_FileType t, OTF2_LocationRef l, void *c, bool final)
{
  (void)u, (void)t, (void)l, (void)c, (void)final;
  return OTF2_FLUSH;
}
static OTF2_TimeStamp post_flush(void *u, OTF2_FileType t, OTF2_LocationRef l)
{
  (void)u, (void)t, (void)l;
  return end_time;
}
static OTF2_FlushCallbacks flush_cbs = {pre_flush, post_flush};

/* The OTF2 library's errors are kept for one line of ours, not printed. */
static char lib_error[160];
static OTF2_ErrorCode on_lib_error(void *u, const char *file, uint64_t line, const char *fn, OTF2_ErrorCode code,
                                   const char *fmt, va_list va)
{
  (void)u, (void)file, (void)line, (void)fn;
  if (!lib_error[0]) {
    char what[120] = "";
    if (fmt)
      vsnprintf(what, sizeof what, fmt, va);
    snprintf(lib_error, sizeof lib_error, "%s%s%s", OTF2_Error_GetDescription(code), what[0] ? ": " : "", what);
  }
  return code;
}

void otw_check(OTF2_ErrorCode e)
{
  if (e == OTF2_SUCCESS || !otw_on)
    return;
  fprintf(stderr, "simpi: the OTF2 archive '%s' could not be written (%s): it is incomplete\n", where,
          lib_error[0] ? lib_error : OTF2_Error_GetDescription(e));
  otw_on = 0;
}

static uint32_t intern(named_t **h, uint32_t *n, const char *s, int *is_new)
{
  named_t *e;
  HASH_FIND_STR(*h, s, e);
  *is_new = !e;
  if (!e) {
    e = malloc(sizeof *e);
    e->s = strdup(s);
    e->ref = (*n)++;
    HASH_ADD_KEYPTR(hh, *h, e->s, strlen(e->s), e);
  }
  return e->ref;
}

uint32_t otw_string(const char *s)
{
  int is_new;
  return intern(&strings, &nstrings, s, &is_new);
}

static uint32_t region(const char *name)
{
  int is_new;
  otw_string(name);
  return intern(&regions, &nregions, name, &is_new);
}

int otw_open(const char *dir, int n, char *err, size_t len)
{
  otw_nranks = nranks = n;
  size_t wl = strlen(dir) + 16;
  where = malloc(wl);
  snprintf(where, wl, "%s/traces.otf2", dir);
  if (access(where, F_OK) == 0) { /* OTF2 does not write over an archive (Score-P does not either) */
    snprintf(err, len, "'%s' holds an OTF2 archive already: remove it or give another folder to --otf2", dir);
    return -1;
  }
  OTF2_Error_RegisterCallback(on_lib_error, NULL);
  ar = OTF2_Archive_Open(dir, "traces", OTF2_FILEMODE_WRITE, OTF2_CHUNK_SIZE_MIN, OTF2_CHUNK_SIZE_MIN,
                         OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  if (!ar || OTF2_Archive_SetFlushCallbacks(ar, &flush_cbs, NULL) != OTF2_SUCCESS ||
      OTF2_Archive_SetSerialCollectiveCallbacks(ar) != OTF2_SUCCESS ||
      OTF2_Archive_SetCreator(ar, "simpi (simulated run)") != OTF2_SUCCESS ||
      OTF2_Archive_OpenEvtFiles(ar) != OTF2_SUCCESS) {
    snprintf(err, len, "--otf2=%s: cannot write the OTF2 archive '%s' (%s)", dir, where,
             lib_error[0] ? lib_error : "is it a folder one can write?");
    return -1;
  }
  otw_ranks = calloc((size_t)n, sizeof *otw_ranks);
  comms_cap = 16;
  comms = calloc(comms_cap, sizeof *comms);
  ncomms = 2; /* the world and self: no entry */
  region_comp = region("computation");
  otw_attr_args = 0;
  otw_on = 1;
  return 0;
}

static uint64_t now_ticks(void) { return (uint64_t)llround(kern_now() * 1e9); }

/* The computation region, from its start to t (one that ended as it began was the time
 * just waited for threads: it ends at t, as long as its flops took on the rank's host). */
static void comp_end(int rank, otw_rank_t *o, uint64_t t)
{
  uint64_t start = o->comp_start;
  if (start == t) {
    uint64_t d = (uint64_t)llround(o->pending / kern_host_speed(rt_ranks[rank].host) * 1e9);
    start = t - (d < t - o->last ? d : t - o->last);
  }
  OTF2_Type type = OTF2_TYPE_DOUBLE;
  OTF2_MetricValue v = {.floating_point = o->flops += o->pending};
  o->computing = 0;
  o->pending = 0;
  otw_check(OTF2_EvtWriter_Enter(o->w, NULL, start, region_comp));
  otw_check(OTF2_EvtWriter_Metric(o->w, NULL, t, 0, 1, &type, &v));
  otw_check(OTF2_EvtWriter_Leave(o->w, NULL, t, region_comp));
  o->events += 3;
}

OTF2_EvtWriter *otw_writer(int rank, uint64_t *t)
{
  if (!otw_on || rank < 0 || rank >= nranks)
    return NULL;
  otw_rank_t *o = &otw_ranks[rank];
  if (!o->w && !(o->w = OTF2_Archive_GetEvtWriter(ar, (OTF2_LocationRef)rank))) {
    otw_check(OTF2_ERROR_MEM_ALLOC_FAILED);
    return NULL;
  }
  if (o->rma_held)
    otw_rma_flush(rank, o->w);
  uint64_t now = now_ticks();
  *t = now > o->last ? now : o->last;
  if (*t > end_time)
    end_time = *t;
  if (o->computing)
    comp_end(rank, o, *t);
  o->last = *t;
  if (o->coll_open)
    otw_coll_end(rank, o->w, *t);
  return o->w;
}

void otw_enter(int rank, const char *call)
{
  uint64_t t;
  OTF2_EvtWriter *w = otw_writer(rank, &t);
  if (!w)
    return;
  otw_rank_t *o = &otw_ranks[rank];
  o->call = region(call);
  o->in_call = 1;
  otw_check(OTF2_EvtWriter_Enter(w, NULL, t, o->call));
  o->events++;
}

void otw_leave(int rank)
{
  uint64_t t;
  OTF2_EvtWriter *w = otw_writer(rank, &t);
  otw_rank_t *o = w ? &otw_ranks[rank] : NULL;
  if (!o || !o->in_call)
    return;
  otw_check(OTF2_EvtWriter_Leave(w, NULL, t, o->call));
  o->events++;
  o->in_call = 0;
}

/* The "compute F" line: a burst of F flops begins now (ended by otw_compute_done, or at the
 * rank's next record). */
static void compute_begins(int rank, double flops)
{
  uint64_t t, last = rank >= 0 && rank < nranks ? otw_ranks[rank].last : 0;
  uint64_t before = rank >= 0 && rank < nranks ? otw_ranks[rank].events : 0;
  OTF2_EvtWriter *w = otw_writer(rank, &t);
  if (!w)
    return;
  otw_rank_t *o = &otw_ranks[rank];
  if (o->events == before) /* nothing written now: a region found to have ended at once may start earlier */
    o->last = last;
  o->computing = 1;
  o->pending = flops;
  o->comp_start = t;
}

void otw_compute_done(int rank)
{
  uint64_t t;
  if (otw_on && rank >= 0 && rank < nranks && otw_ranks[rank].computing)
    otw_writer(rank, &t); /* ends it */
}

/* MPI_Init and MPI_Finalize are no calls that the MPI layer brackets: their lines are regions
 * of no length; inside another call (a session's), that call's region is left around it. */
static void init_or_finalize(int rank, int init)
{
  uint64_t t;
  OTF2_EvtWriter *w = otw_writer(rank, &t);
  otw_rank_t *o = w ? &otw_ranks[rank] : NULL;
  if (!o)
    return;
  uint32_t g = region(init ? "MPI_Init" : "MPI_Finalize");
  if (o->in_call && o->call == g)
    return;
  if (o->in_call)
    otw_check(OTF2_EvtWriter_Leave(w, NULL, t, o->call));
  otw_check(OTF2_EvtWriter_Enter(w, NULL, t, g));
  otw_check(OTF2_EvtWriter_Leave(w, NULL, t, g));
  if (o->in_call)
    otw_check(OTF2_EvtWriter_Enter(w, NULL, t, o->call));
  o->events += 2 + 2 * (o->in_call != 0);
}

void otw_line(int rank, const char *text, size_t len)
{
  if (!otw_on)
    return;
  if (len == 4 && !memcmp(text, "init", 4))
    init_or_finalize(rank, 1);
  else if (len == 8 && !memcmp(text, "finalize", 8))
    init_or_finalize(rank, 0);
  else if (len > 8 && !memcmp(text, "compute ", 8))
    compute_begins(rank, strtod(text + 8, NULL));
  else if (len > 6 && !memcmp(text, "sleep ", 6))
    ; /* the time between the records says it */
  else {
    uint64_t t;
    OTF2_EvtWriter *w = otw_writer(rank, &t);
    if (w)
      otw_record(rank, w, t, text, len);
  }
}

/* ---- communicators ---- */

static uint32_t comm_new(const rt_comm_t *c, uint32_t parent)
{
  otw_comm_t *m = calloc(1, sizeof *m);
  m->ctx = comm_ctx(c);
  m->size = m->asize = comm_size(c);
  m->members = comm_member_list(c);
  m->parent = parent;
  if (comm_is_inter(c)) {
    int *a = comm_side_members(c->core, 0, c->owner), *b = comm_side_members(c->core, 1, c->owner);
    m->inter = 1;
    m->asize = c->core->side[0].size;
    m->size = m->asize + c->core->side[1].size;
    m->members = realloc(m->members, sizeof *m->members * (size_t)m->size);
    memcpy(m->members, a, sizeof *a * (size_t)m->asize);
    memcpy(m->members + m->asize, b, sizeof *b * (size_t)(m->size - m->asize));
    free(a);
    free(b);
  }
  if (ncomms == comms_cap) {
    comms_cap *= 2;
    comms = realloc(comms, sizeof *comms * comms_cap);
  }
  comms[ncomms] = m;
  m->ref = ncomms;
  HASH_ADD_INT(by_ctx, ctx, m);
  return ncomms++;
}

uint32_t otw_comm(int rank, long id, uint32_t parent)
{
  if (id == 0)
    return OTW_WORLD;
  if (id == -1)
    return OTW_SELF;
  otw_rank_t *o = &otw_ranks[rank];
  if (id > 0 && id < o->ncomms && o->comms[id])
    return o->comms[id] - 1;
  rt_comm_t *c = rt_self && rt_self->id == rank && id > 0 ? comm_traced((int)id) : NULL;
  if (!c)
    return OTF2_UNDEFINED_COMM;
  otw_comm_t *m;
  int ctx = comm_ctx(c);
  HASH_FIND_INT(by_ctx, &ctx, m);
  uint32_t ref = m ? m->ref : comm_new(c, parent);
  o->ncomms = (int)grow_zeroed((void **)&o->comms, (size_t)o->ncomms, sizeof *o->comms, (size_t)id);
  o->comms[id] = ref + 1;
  return ref;
}

uint32_t otw_local(uint32_t c, long w)
{
  if (c == OTW_WORLD || w < 0 || w >= nranks)
    return (uint32_t)w;
  if (c == OTW_SELF || c >= ncomms)
    return 0;
  otw_comm_t *m = comms[c];
  if (!m->local) {
    m->local = calloc((size_t)nranks, sizeof *m->local);
    for (int i = 0; i < m->size; i++)
      m->local[m->members[i]] = (i < m->asize ? i : i - m->asize) + 1;
  }
  return m->local[w] ? (uint32_t)(m->local[w] - 1) : (uint32_t)w;
}

void otw_unrecorded(const char *word, size_t len)
{
  if (len >= sizeof unrec[0].word)
    len = sizeof unrec[0].word - 1;
  int i = 0;
  while (i < nunrec && (strlen(unrec[i].word) != len || memcmp(unrec[i].word, word, len)))
    i++;
  if (i == nunrec) {
    if (nunrec == (int)(sizeof unrec / sizeof *unrec))
      i = nunrec - 1; /* the last kind counts the rest */
    else {
      memcpy(unrec[i].word, word, len);
      unrec[i].word[len] = 0;
      nunrec++;
    }
  }
  unrec[i].n++;
}

/* ---- the end: definitions ---- */

static void defs_regions(OTF2_GlobalDefWriter *g)
{
  named_t *e, *tmp;
  HASH_ITER(hh, regions, e, tmp)
  {
    const char *n = e->s;
    int comp = e->ref == region_comp;
    OTF2_RegionRole role = comp                                                        ? OTF2_REGION_ROLE_FUNCTION
                           : strstr(n, "send") || strstr(n, "recv") || strstr(n, "Send") ||
                                   strstr(n, "Recv") || !strncmp(n, "MPI_Wait", 8) ||
                                   !strncmp(n, "MPI_Test", 8)
                               ? OTF2_REGION_ROLE_POINT2POINT
                           : strstr(n, "cast") || strstr(n, "atter")                  ? OTF2_REGION_ROLE_COLL_ONE2ALL
                           : strstr(n, "ather") || strstr(n, "educe")                 ? OTF2_REGION_ROLE_COLL_ALL2ALL
                           : strstr(n, "arrier")                                       ? OTF2_REGION_ROLE_BARRIER
                                                                                       : OTF2_REGION_ROLE_FUNCTION;
    uint32_t s = otw_string(n), none = otw_string(""); /* taken before */
    otw_check(OTF2_GlobalDefWriter_WriteRegion(g, e->ref, s, s, none, role,
                                               comp ? OTF2_PARADIGM_USER : OTF2_PARADIGM_MPI, OTF2_REGION_FLAG_NONE,
                                               none, 0, 0));
  }
}

/* The system tree: the platform, a node per host of a rank; a process per rank on it. Called
 * twice (the strings of the definitions must come first): g NULL only takes the strings. */
static void defs_locations(OTF2_GlobalDefWriter *g)
{
  size_t nh = kern_host_count();
  uint32_t *node = calloc(nh ? nh : 1, sizeof *node); /* host -> node ref + 1 */
  uint32_t nodes = 1, pname = otw_string(rt_opts.platform ? rt_opts.platform : "platform"),
           pclass = otw_string("platform"), hclass = otw_string("host"), thread = otw_string("Master thread");
  if (g)
    otw_check(OTF2_GlobalDefWriter_WriteSystemTreeNode(g, 0, pname, pclass, OTF2_UNDEFINED_SYSTEM_TREE_NODE));
  char name[64];
  for (int i = 0; i < nranks; i++) {
    size_t h = rt_ranks[i].host;
    if (h < nh && !node[h]) {
      node[h] = ++nodes;
      uint32_t hn = otw_string(kern_host_name(h));
      if (g)
        otw_check(OTF2_GlobalDefWriter_WriteSystemTreeNode(g, node[h] - 1, hn, hclass, 0));
    }
    snprintf(name, sizeof name, "MPI Rank %d", i);
    uint32_t rn = otw_string(name);
    if (!g)
      continue;
    otw_check(OTF2_GlobalDefWriter_WriteLocationGroup(g, (uint32_t)i, rn, OTF2_LOCATION_GROUP_TYPE_PROCESS,
                                                      h < nh ? node[h] - 1 : 0, OTF2_UNDEFINED_LOCATION_GROUP));
    otw_check(OTF2_GlobalDefWriter_WriteLocation(g, (uint64_t)i, thread, OTF2_LOCATION_TYPE_CPU_THREAD,
                                                 otw_ranks[i].events, (uint32_t)i));
  }
  free(node);
}

/* Groups: 0 the ranks' locations, 1 the world, 2 self, then one per communicator (as above),
 * then the second side of each intercommunicator, whose common communicator is the world. */
static void defs_comms(OTF2_GlobalDefWriter *g)
{
  uint32_t none = otw_string(""), world = otw_string("MPI_COMM_WORLD"), self = otw_string("MPI_COMM_SELF");
  char name[48];
  if (!g) {
    for (uint32_t c = 2; c < ncomms; c++) {
      snprintf(name, sizeof name, "communicator %u", c);
      otw_string(name);
    }
    return;
  }
  uint64_t *m = malloc(sizeof *m * (size_t)(nranks ? nranks : 1));
  for (int i = 0; i < nranks; i++)
    m[i] = (uint64_t)i;
  otw_check(OTF2_GlobalDefWriter_WriteGroup(g, 0, none, OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI,
                                            OTF2_GROUP_FLAG_NONE, (uint32_t)nranks, m));
  otw_check(OTF2_GlobalDefWriter_WriteGroup(g, 1, none, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                            OTF2_GROUP_FLAG_NONE, (uint32_t)nranks, m));
  otw_check(OTF2_GlobalDefWriter_WriteGroup(g, 2, none, OTF2_GROUP_TYPE_COMM_SELF, OTF2_PARADIGM_MPI,
                                            OTF2_GROUP_FLAG_NONE, 0, NULL));
  otw_check(OTF2_GlobalDefWriter_WriteComm(g, OTW_WORLD, world, 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE));
  otw_check(OTF2_GlobalDefWriter_WriteComm(g, OTW_SELF, self, 2, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE));
  /* the groups in the order of their references (otf2-print wants them so): each
   * communicator's (an intercommunicator's side 0), then the intercommunicators' side 1 */
  for (int side = 0; side < 2; side++)
    for (uint32_t c = 2, b = ncomms + 1; c < ncomms; c++) {
      otw_comm_t *k = comms[c];
      if (side && !k->inter)
        continue;
      for (int i = 0; i < k->size; i++)
        m[i] = (uint64_t)k->members[i];
      uint32_t n = (uint32_t)(side ? k->size - k->asize : k->asize);
      otw_check(OTF2_GlobalDefWriter_WriteGroup(g, side ? b++ : c + 1, none, OTF2_GROUP_TYPE_COMM_GROUP,
                                                OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE, n, m + (side ? k->asize : 0)));
    }
  uint32_t side_b = ncomms + 1;
  for (uint32_t c = 2; c < ncomms; c++) {
    otw_comm_t *k = comms[c];
    snprintf(name, sizeof name, "communicator %u", c);
    if (k->inter)
      otw_check(OTF2_GlobalDefWriter_WriteInterComm(g, c, otw_string(name), c + 1, side_b++, OTW_WORLD,
                                                    OTF2_COMM_FLAG_CREATE_DESTROY_EVENTS));
    else
      otw_check(OTF2_GlobalDefWriter_WriteComm(g, c, otw_string(name), c + 1, k->parent,
                                               OTF2_COMM_FLAG_CREATE_DESTROY_EVENTS));
  }
  free(m);
}

/* The counter and simpi's attribute (as above). */
static void defs_metric(OTF2_GlobalDefWriter *g)
{
  uint32_t flops = otw_string("flops"), what = otw_string("floating-point operations computed (simulated)"),
           unit = otw_string("flop"), args = otw_string("simpi::args"),
           args_what = otw_string("a collective's time-independent trace line after its name (simpi's replay "
                                  "reads it)"),
           line = otw_string("simpi::line"),
           line_what = otw_string("a one-sided record's time-independent trace line (simpi's replay performs it)"),
           mpi = otw_string("MPI");
  if (!g)
    return;
  otw_check(OTF2_GlobalDefWriter_WriteParadigm(g, OTF2_PARADIGM_MPI, mpi, OTF2_PARADIGM_CLASS_PROCESS));
  otw_check(OTF2_GlobalDefWriter_WriteMetricMember(g, 0, flops, what, OTF2_METRIC_TYPE_OTHER,
                                                   OTF2_METRIC_ACCUMULATED_START, OTF2_TYPE_DOUBLE,
                                                   OTF2_BASE_DECIMAL, 0, unit));
  OTF2_MetricMemberRef mm = 0;
  otw_check(OTF2_GlobalDefWriter_WriteMetricClass(g, 0, 1, &mm, OTF2_METRIC_SYNCHRONOUS, OTF2_RECORDER_KIND_CPU));
  otw_check(OTF2_GlobalDefWriter_WriteAttribute(g, otw_attr_args, args, args_what, OTF2_TYPE_STRING));
  otw_check(OTF2_GlobalDefWriter_WriteAttribute(g, otw_attr_line, line, line_what, OTF2_TYPE_STRING));
}

static void defs(void)
{
  OTF2_GlobalDefWriter *g = OTF2_Archive_GetGlobalDefWriter(ar);
  if (!g) {
    otw_check(OTF2_ERROR_MEM_ALLOC_FAILED);
    return;
  }
  otw_string("");
  defs_locations(NULL);
  defs_comms(NULL);
  defs_metric(NULL);
  otw_rma_defs(NULL);
  otw_check(OTF2_GlobalDefWriter_WriteClockProperties(g, 1000000000, 0, end_time + 1, OTF2_UNDEFINED_TIMESTAMP));
  char **byref = calloc(nstrings ? nstrings : 1, sizeof *byref);
  named_t *e, *tmp;
  HASH_ITER(hh, strings, e, tmp)
  byref[e->ref] = e->s;
  for (uint32_t i = 0; i < nstrings; i++)
    otw_check(OTF2_GlobalDefWriter_WriteString(g, i, byref[i]));
  free(byref);
  defs_metric(g);
  defs_locations(g);
  defs_comms(g);
  otw_rma_defs(g);
  defs_regions(g);
}

void otw_close(void)
{
  if (!ar)
    return;
  for (int i = 0; i < nranks && otw_on; i++) {
    otw_rank_t *o = &otw_ranks[i];
    uint64_t t;
    if (!o->w && !o->events)
      continue;
    otw_writer(i, &t); /* ends an open computation or collective */
    if (o->in_call) { /* a run stopped inside a call */
      otw_check(OTF2_EvtWriter_Leave(o->w, NULL, t, o->call));
      o->events++;
    }
  }
  int ok = otw_on;
  for (int i = 0; i < nranks; i++)
    if (otw_ranks[i].w)
      OTF2_Archive_CloseEvtWriter(ar, otw_ranks[i].w);
  if (ok) {
    otw_check(OTF2_Archive_CloseEvtFiles(ar));
    otw_check(OTF2_Archive_OpenDefFiles(ar));
    for (int i = 0; i < nranks && otw_on; i++) {
      OTF2_DefWriter *d = OTF2_Archive_GetDefWriter(ar, (OTF2_LocationRef)i);
      if (d)
        OTF2_Archive_CloseDefWriter(ar, d);
    }
    otw_check(OTF2_Archive_CloseDefFiles(ar));
    defs();
  }
  otw_check(OTF2_Archive_Close(ar));
  ar = NULL;
  otw_on = 0;
  for (int i = 0; i < nunrec; i++)
    fprintf(stderr, "simpi: not in the OTF2 archive (OTF2 has no record simpi writes for it): %ld %s\n", unrec[i].n,
            unrec[i].word);
}
