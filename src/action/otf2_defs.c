/* An OTF2 archive's global definitions, as a replay needs them (see otf2_in.h): which
 * location is which MPI rank (the COMM_LOCATIONS group), the communicators with their
 * members' world ranks, the regions (MPI calls, simpi's computation), the flops counter and
 * simpi's attribute. Definitions are kept in arrays indexed by their reference. Errors of
 * the OTF2 library are kept for one line of our own, not printed. */
#define OTR_INTERNAL
#include "otf2_in.h"
#include "grow.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LIB_ERROR_LEN 200
static char *lib_error; /* on the heap: the replayer's globals are copied at each switch (privatize.c) */

static OTF2_ErrorCode on_lib_error(void *u, const char *file, uint64_t line, const char *fn, OTF2_ErrorCode code,
                                   const char *fmt, va_list va)
{
  (void)u, (void)file, (void)line, (void)fn;
  if (!lib_error)
    lib_error = calloc(LIB_ERROR_LEN, 1);
  if (lib_error && !lib_error[0]) { /* the first error says most: later ones are its consequences */
    char what[160] = "";
    if (fmt)
      vsnprintf(what, sizeof what, fmt, va);
    snprintf(lib_error, LIB_ERROR_LEN, "%s%s%s", OTF2_Error_GetDescription(code), what[0] ? ": " : "", what);
  }
  return code;
}

void otr_quiet(void)
{
  OTF2_Error_RegisterCallback(on_lib_error, NULL);
  if (lib_error)
    lib_error[0] = 0;
}

const char *otr_lib_error(void) { return lib_error && lib_error[0] ? lib_error : "unreadable"; }

/* Grows array *a of *n elements of size sz to hold index i (zeroed); 0, -1 if i is absurd. */
static int room(void **a, uint32_t *n, size_t sz, uint32_t i)
{
  if (i < *n)
    return 0;
  if (i >= (1u << 26)) /* definitions are numbered from 0 up: this one is not a real one */
    return -1;
  *n = (uint32_t)grow_zeroed(a, *n, sz, i);
  return i < *n ? 0 : -1;
}
#define ROOM(d, arr, cnt, i) room((void **)&(d)->arr, &(d)->cnt, sizeof *(d)->arr, (i))

static OTF2_CallbackCode bad(otr_defs_t *d, const char *what)
{
  if (!d->err[0])
    snprintf(d->err, sizeof d->err, "%s", what);
  return OTF2_CALLBACK_INTERRUPT;
}

static OTF2_CallbackCode on_clock(void *u, uint64_t res, uint64_t offset, uint64_t length, uint64_t realtime)
{
  (void)offset, (void)length, (void)realtime;
  ((otr_defs_t *)u)->res = res;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode on_string(void *u, OTF2_StringRef self, const char *s)
{
  otr_defs_t *d = u;
  if (ROOM(d, str, nstr, self))
    return bad(d, "a string definition has an impossible number");
  free(d->str[self]);
  d->str[self] = strdup(s ? s : "");
  return OTF2_CALLBACK_SUCCESS;
}

const char *otr_str(const otr_defs_t *d, uint32_t s) { return s < d->nstr && d->str[s] ? d->str[s] : ""; }

static OTF2_CallbackCode on_region(void *u, OTF2_RegionRef self, OTF2_StringRef name, OTF2_StringRef canonical,
                                   OTF2_StringRef descr, OTF2_RegionRole role, OTF2_Paradigm paradigm,
                                   OTF2_RegionFlag flags, OTF2_StringRef file, uint32_t begin, uint32_t end)
{
  (void)canonical, (void)descr, (void)flags, (void)file, (void)begin, (void)end;
  otr_defs_t *d = u;
  if (ROOM(d, reg, nreg, self))
    return bad(d, "a region definition has an impossible number");
  int skip = paradigm == OTF2_PARADIGM_OPENMP ? SK_OPENMP
             : paradigm == OTF2_PARADIGM_CUDA || paradigm == OTF2_PARADIGM_OPENCL || paradigm == OTF2_PARADIGM_HIP ||
                     paradigm == OTF2_PARADIGM_OPENACC || paradigm == OTF2_PARADIGM_KOKKOS
                 ? SK_ACCEL
             : role == OTF2_REGION_ROLE_FILE_IO ? SK_IO
             : paradigm == OTF2_PARADIGM_PTHREAD ? SK_THREADS
                                                 : SK_USER;
  d->reg[self] = (otr_region_t){.defined = 1, .kind = paradigm == OTF2_PARADIGM_MPI ? RK_MPI : RK_OTHER,
                                .skip = skip, .name = name};
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode on_group(void *u, OTF2_GroupRef self, OTF2_StringRef name, OTF2_GroupType type,
                                  OTF2_Paradigm paradigm, OTF2_GroupFlag flags, uint32_t n, const uint64_t *m)
{
  (void)name;
  otr_defs_t *d = u;
  if (ROOM(d, grp, ngrp, self))
    return bad(d, "a group definition has an impossible number");
  otr_group_t *g = &d->grp[self];
  free(g->m);
  *g = (otr_group_t){.defined = 1, .type = type, .paradigm = paradigm, .n = n,
                     .global = (flags & OTF2_GROUP_FLAG_GLOBAL_MEMBERS) != 0};
  g->m = malloc(sizeof *g->m * (n ? n : 1));
  if (n)
    memcpy(g->m, m, sizeof *g->m * n);
  if (type == OTF2_GROUP_TYPE_COMM_LOCATIONS && paradigm == OTF2_PARADIGM_MPI) {
    d->locs_group = self;
    d->nranks = (int)n;
  }
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode on_comm(void *u, OTF2_CommRef self, OTF2_StringRef name, OTF2_GroupRef group,
                                 OTF2_CommRef parent, OTF2_CommFlag flags)
{
  (void)name;
  otr_defs_t *d = u;
  if (ROOM(d, comm, ncomm, self))
    return bad(d, "a communicator definition has an impossible number");
  d->comm[self] = (otr_comm_t){.defined = 1, .group = group, .parent = parent, .me = -2,
                               .events = (flags & OTF2_COMM_FLAG_CREATE_DESTROY_EVENTS) != 0};
  return OTF2_CALLBACK_SUCCESS;
}

/* An RMA window: its communicator (+ 1: 0 is a window with no definition). */
static OTF2_CallbackCode on_rma_win(void *u, OTF2_RmaWinRef self, OTF2_StringRef name, OTF2_CommRef comm,
                                    OTF2_RmaWinFlag flags)
{
  (void)name, (void)flags;
  otr_defs_t *d = u;
  if (ROOM(d, win_comm, nwin, self))
    return bad(d, "a window definition has an impossible number");
  d->win_comm[self] = comm + 1;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode on_intercomm(void *u, OTF2_CommRef self, OTF2_StringRef name, OTF2_GroupRef g1,
                                      OTF2_GroupRef g2, OTF2_CommRef common, OTF2_CommFlag flags)
{
  (void)name;
  otr_defs_t *d = u;
  if (ROOM(d, comm, ncomm, self))
    return bad(d, "a communicator definition has an impossible number");
  d->comm[self] = (otr_comm_t){.defined = 1, .inter = 1, .me = -2, .group = g1, .group2 = g2, .parent = common,
                               .events = (flags & OTF2_COMM_FLAG_CREATE_DESTROY_EVENTS) != 0};
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode on_location(void *u, OTF2_LocationRef self, OTF2_StringRef name, OTF2_LocationType type,
                                     uint64_t events, OTF2_LocationGroupRef group)
{
  (void)name, (void)type, (void)group;
  otr_defs_t *d = u;
  /* kept for after the groups: which locations are ranks is known then */
  uint32_t i = d->nlocs_seen;
  if (room((void **)&d->loc_events, &d->nloc_cap, 2 * sizeof *d->loc_events, i))
    return bad(d, "too many location definitions");
  d->loc_events[2 * i] = self;
  d->loc_events[2 * i + 1] = events;
  d->nlocs_seen++;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode on_metric_member(void *u, OTF2_MetricMemberRef self, OTF2_StringRef name,
                                          OTF2_StringRef descr, OTF2_MetricType type, OTF2_MetricMode mode,
                                          OTF2_Type vtype, OTF2_Base base, int64_t exp, OTF2_StringRef unit)
{
  (void)descr, (void)type, (void)vtype, (void)base, (void)exp, (void)unit;
  otr_defs_t *d = u;
  const char *n = otr_str(d, name);
  if ((mode & OTF2_METRIC_VALUE_MASK) != OTF2_METRIC_VALUE_ACCUMULATED)
    return OTF2_CALLBACK_SUCCESS;
  int simpi = !strcmp(n, "flops");
  /* simpi's own counter wins over a hardware one; PAPI's double precision ops over all ops */
  if (simpi || (!d->flops_simpi && (!strcmp(n, "PAPI_FP_OPS") || !strcmp(n, "PAPI_DP_OPS")))) {
    d->flops_member = self;
    d->flops_simpi = simpi;
  }
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode on_metric_class(void *u, OTF2_MetricRef self, uint8_t n, const OTF2_MetricMemberRef *m,
                                         OTF2_MetricOccurrence occ, OTF2_RecorderKind kind)
{
  (void)occ, (void)kind;
  otr_defs_t *d = u;
  for (int i = 0; i < n; i++)
    if (m[i] == d->flops_member) {
      d->flops_class = self;
      d->flops_index = i;
    }
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode on_attribute(void *u, OTF2_AttributeRef self, OTF2_StringRef name, OTF2_StringRef descr,
                                      OTF2_Type type)
{
  (void)descr, (void)type;
  otr_defs_t *d = u;
  const char *n = otr_str(d, name);
  if (!strcmp(n, "simpi::args"))
    d->attr_args = self;
  else if (!strcmp(n, "simpi::line"))
    d->attr_line = self;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode on_parameter(void *u, OTF2_ParameterRef self, OTF2_StringRef name, OTF2_ParameterType type)
{
  otr_defs_t *d = u;
  if (type == OTF2_PARAMETER_TYPE_STRING && !strcmp(otr_str(d, name), "simpi::line"))
    d->param_line = self;
  return OTF2_CALLBACK_SUCCESS;
}

/* Regions whose names matter: MPI_Init and MPI_Finalize frame the replay; a polling call
 * (Test family, Iprobe, Request_get_status, Parrived) first spends its polling time; simpi's computation region. */
static void name_regions(otr_defs_t *d)
{
  for (uint32_t i = 0; i < d->nreg; i++) {
    otr_region_t *g = &d->reg[i];
    const char *n = otr_str(d, g->name);
    if (!g->defined)
      continue;
    if (g->kind == RK_MPI) {
      if (!strcmp(n, "MPI_Init") || !strcmp(n, "MPI_Init_thread"))
        g->kind = RK_INIT;
      else if (!strcmp(n, "MPI_Finalize"))
        g->kind = RK_FINALIZE;
      else if (!strncmp(n, "MPI_Test", 8) || !strcmp(n, "MPI_Iprobe") || !strcmp(n, "MPI_Improbe") ||
               !strcmp(n, "MPI_Request_get_status") || !strcmp(n, "MPI_Parrived"))
        g->kind = RK_POLL;
    } else if (d->flops_simpi && !strcmp(n, "computation"))
      g->kind = RK_COMPUTATION;
  }
}

int otr_defs_read(OTF2_Reader *rd, otr_defs_t *d)
{
  memset(d, 0, sizeof *d);
  d->locs_group = OTF2_UNDEFINED_GROUP;
  d->flops_member = d->flops_class = OTF2_UNDEFINED_UINT32;
  d->attr_args = d->attr_line = OTF2_UNDEFINED_ATTRIBUTE;
  d->param_line = OTF2_UNDEFINED_PARAMETER;
  OTF2_GlobalDefReader *g = OTF2_Reader_GetGlobalDefReader(rd);
  OTF2_GlobalDefReaderCallbacks *cb = OTF2_GlobalDefReaderCallbacks_New();
  if (!g || !cb) {
    snprintf(d->err, sizeof d->err, "cannot read its definitions (%s)", otr_lib_error());
    OTF2_GlobalDefReaderCallbacks_Delete(cb);
    return -1;
  }
  OTF2_GlobalDefReaderCallbacks_SetClockPropertiesCallback(cb, on_clock);
  OTF2_GlobalDefReaderCallbacks_SetStringCallback(cb, on_string);
  OTF2_GlobalDefReaderCallbacks_SetRegionCallback(cb, on_region);
  OTF2_GlobalDefReaderCallbacks_SetGroupCallback(cb, on_group);
  OTF2_GlobalDefReaderCallbacks_SetCommCallback(cb, on_comm);
  OTF2_GlobalDefReaderCallbacks_SetRmaWinCallback(cb, on_rma_win);
  OTF2_GlobalDefReaderCallbacks_SetInterCommCallback(cb, on_intercomm);
  OTF2_GlobalDefReaderCallbacks_SetLocationCallback(cb, on_location);
  OTF2_GlobalDefReaderCallbacks_SetMetricMemberCallback(cb, on_metric_member);
  OTF2_GlobalDefReaderCallbacks_SetMetricClassCallback(cb, on_metric_class);
  OTF2_GlobalDefReaderCallbacks_SetAttributeCallback(cb, on_attribute);
  OTF2_GlobalDefReaderCallbacks_SetParameterCallback(cb, on_parameter);
  OTF2_Reader_RegisterGlobalDefCallbacks(rd, g, cb, d);
  OTF2_GlobalDefReaderCallbacks_Delete(cb);
  uint64_t n = 0;
  OTF2_ErrorCode e = OTF2_Reader_ReadAllGlobalDefinitions(rd, g, &n);
  OTF2_Reader_CloseGlobalDefReader(rd, g);
  if (d->err[0])
    return -1;
  if (e != OTF2_SUCCESS) {
    snprintf(d->err, sizeof d->err, "its definitions are corrupt (%s)", otr_lib_error());
    return -1;
  }
  if (d->locs_group == OTF2_UNDEFINED_GROUP) {
    snprintf(d->err, sizeof d->err, "not the trace of an MPI run (its definitions name no MPI rank): simpi replays "
                                    "MPI traces only");
    return -1;
  }
  if (!d->res) {
    snprintf(d->err, sizeof d->err, "its definitions have no clock properties (ticks per second)");
    return -1;
  }
  if (d->flops_member == OTF2_UNDEFINED_UINT32 || d->flops_class == OTF2_UNDEFINED_UINT32)
    d->flops_member = d->flops_class = OTF2_UNDEFINED_UINT32, d->flops_simpi = 0;
  name_regions(d);
  /* locations that are no rank (threads, accelerators) and the events they hold */
  otr_group_t *locs = &d->grp[d->locs_group];
  for (uint32_t i = 0; i < d->nlocs_seen; i++) {
    int rank = 0;
    for (uint32_t k = 0; k < locs->n && !rank; k++)
      rank = locs->m[k] == d->loc_events[2 * i];
    if (!rank && d->loc_events[2 * i + 1] > 0) {
      d->other_locs++;
      d->other_events += (long)d->loc_events[2 * i + 1];
    }
  }
  return 0;
}

void otr_defs_free(otr_defs_t *d)
{
  for (uint32_t i = 0; i < d->nstr; i++)
    free(d->str[i]);
  for (uint32_t i = 0; i < d->ngrp; i++)
    free(d->grp[i].m);
  for (uint32_t i = 0; i < d->ncomm; i++)
    free(d->comm[i].members);
  free(d->str);
  free(d->reg);
  free(d->grp);
  free(d->comm);
  free(d->win_comm);
  free(d->loc_events);
  memset(d, 0, sizeof *d);
}

/* The rank's index in group g, -1 if it is not in it. */
static int index_in(const otr_group_t *g, int rank)
{
  for (uint32_t i = 0; i < g->n; i++)
    if ((int)g->m[i] == rank)
      return (int)i;
  return -1;
}

/* An intercommunicator (sides g and group2): the other side's members, this rank's index in its own. */
static otr_comm_t *inter(otr_t *r, otr_comm_t *m, const otr_group_t *g)
{
  otr_defs_t *d = &r->d;
  otr_group_t *g2 = m->group2 < d->ngrp && d->grp[m->group2].defined ? &d->grp[m->group2] : NULL;
  if (!g2)
    return NULL;
  m->me = index_in(g, r->rank);
  const otr_group_t *other = g2;
  if (m->me < 0 && (m->me = index_in(g2, r->rank)) >= 0)
    other = g;
  m->size = (int)other->n;
  m->members = malloc(sizeof *m->members * (other->n ? other->n : 1));
  for (uint32_t i = 0; i < other->n; i++)
    m->members[i] = (int)other->m[i];
  m->ti = (int)(m - d->comm) + 1;
  return m;
}

/* Works out c's members, its world and self roles and this rank's place in it, once. */
otr_comm_t *otr_comm(otr_t *r, uint32_t c)
{
  otr_defs_t *d = &r->d;
  if (c >= d->ncomm || !d->comm[c].defined)
    return NULL;
  otr_comm_t *m = &d->comm[c];
  if (m->me != -2)
    return m;
  otr_group_t *g = m->group < d->ngrp && d->grp[m->group].defined ? &d->grp[m->group] : NULL;
  if (!g)
    return NULL;
  if (m->inter)
    return inter(r, m, g);
  m->self = g->type == OTF2_GROUP_TYPE_COMM_SELF;
  m->global = g->global;
  m->me = -1;
  if (m->self) {
    m->size = 1;
    m->members = malloc(sizeof *m->members);
    m->members[0] = r->rank;
    m->me = 0;
    m->ti = -1;
    return m;
  }
  m->size = (int)g->n;
  m->members = malloc(sizeof *m->members * (g->n ? g->n : 1));
  int identity = 1;
  for (uint32_t i = 0; i < g->n; i++) {
    m->members[i] = (int)g->m[i];
    identity &= g->m[i] == i;
    if ((int)g->m[i] == r->rank)
      m->me = (int)i;
  }
  m->world = identity && m->size == d->nranks && !m->events;
  m->ti = m->world ? 0 : (int)c + 1;
  return m;
}
