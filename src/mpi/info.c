/* Info objects (MPI 3.1 section 9): create, set, get, delete, keys, dup,
 * free, and MPI 4.0's get_string and create_env (all of them also before MPI_Init and after MPI_Finalize); MPI_INFO_ENV describes how the program was started; communicators
 * keep the hints they were given (Comm_set_info/get_info). */
#define _GNU_SOURCE /* program_invocation_name */
#include "info.h"
#include "../core/handles.h"
#include "mpi_impl.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct entry {
  char *key, *val;
  struct entry *next;
} entry_t;
typedef struct info {
  entry_t *head;
} info_t;

static htable_t infos = HTABLE(SIMPI_KIND_INFO, 2); /* 1: MPI_INFO_ENV */
static info_t env_info;

static void set(info_t *in, const char *key, const char *val)
{
  entry_t **p = &in->head;
  for (; *p; p = &(*p)->next)
    if (!strcmp((*p)->key, key)) {
      free((*p)->val);
      (*p)->val = strdup(val);
      return;
    }
  entry_t *e = malloc(sizeof *e);
  *e = (entry_t){strdup(key), strdup(val), NULL};
  *p = e;
}

static info_t *get(MPI_Info h)
{
  if (h == MPI_INFO_ENV) {
    if (!env_info.head) {
      char n[32];
      snprintf(n, sizeof n, "%d", rt_nranks);
      set(&env_info, "command", program_invocation_name);
      set(&env_info, "maxprocs", n);
      set(&env_info, "soft", n);
      set(&env_info, "host", "simulated");
      set(&env_info, "thread_level", "MPI_THREAD_MULTIPLE");
    }
    return &env_info;
  }
  return ht_get(&infos, h);
}

static void destroy(info_t *in)
{
  for (entry_t *e = in->head, *n; e; e = n) {
    n = e->next;
    free(e->key);
    free(e->val);
    free(e);
  }
  free(in);
}

static entry_t *find(info_t *in, const char *key)
{
  for (entry_t *e = in->head; e; e = e->next)
    if (!strcmp(e->key, key))
      return e;
  return NULL;
}

MPI_Info info_dup(MPI_Info h)
{
  info_t *in = h == MPI_INFO_NULL ? NULL : get(h);
  if (!in)
    return MPI_INFO_NULL;
  info_t *out = calloc(1, sizeof *out);
  for (entry_t *e = in->head; e; e = e->next)
    set(out, e->key, e->val);
  return ht_add(&infos, out);
}

int info_valid(MPI_Info h) { return h == MPI_INFO_NULL || get(h); }

MPI_Info info_used(MPI_Info h, const char *const *known)
{
  info_t *out = calloc(1, sizeof *out), *in = h != MPI_INFO_NULL ? get(h) : NULL;
  for (; *known; known++) {
    char key[MPI_MAX_INFO_KEY + 1];
    const char *dflt = strchr(*known, '=');
    snprintf(key, sizeof key, "%.*s", dflt ? (int)(dflt - *known) : (int)strlen(*known), *known);
    entry_t *e = in ? find(in, key) : NULL;
    if (e || dflt)
      set(out, key, e ? e->val : dflt + 1);
  }
  return ht_add(&infos, out);
}

int info_value(MPI_Info h, const char *key, char *out, size_t len)
{
  info_t *in = h != MPI_INFO_NULL ? get(h) : NULL;
  entry_t *e = in ? find(in, key) : NULL;
  if (e)
    snprintf(out, len, "%s", e->val);
  return e != NULL;
}

void info_put(MPI_Info h, const char *key, const char *val)
{
  info_t *in = h != MPI_INFO_NULL && h != MPI_INFO_ENV ? get(h) : NULL;
  if (in)
    set(in, key, val);
}

void info_release(MPI_Info h)
{
  if (h == MPI_INFO_NULL || h == MPI_INFO_ENV || !get(h))
    return;
  destroy(get(h));
  ht_remove(&infos, h);
}

#define CHECK_INFO(h, in)                                                                                              \
  info_t *in = get(h);                                                                                                 \
  CHECK(in, MPI_COMM_WORLD, MPI_ERR_INFO, "invalid info object (0x%x)", (unsigned)(h))
#define CHECK_KEY(key)                                                                                                 \
  CHECK(key && strlen(key) > 0 && strlen(key) <= MPI_MAX_INFO_KEY, MPI_COMM_WORLD, MPI_ERR_INFO_KEY,                  \
        "invalid info key (empty or longer than %d)", MPI_MAX_INFO_KEY)

int PMPI_Info_create(MPI_Info *info)
{
  MPI_ENTER_ANY("MPI_Info_create");
  CHECK(info, MPI_COMM_WORLD, MPI_ERR_ARG, "info is NULL");
  *info = ht_add(&infos, calloc(1, sizeof(info_t)));
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Info_set(MPI_Info info, const char *key, const char *value)
{
  MPI_ENTER_ANY("MPI_Info_set");
  CHECK_INFO(info, in);
  CHECK_KEY(key);
  CHECK(value && strlen(value) <= MPI_MAX_INFO_VAL, MPI_COMM_WORLD, MPI_ERR_INFO_VALUE,
        "invalid info value (NULL or longer than %d)", MPI_MAX_INFO_VAL);
  set(in, key, value);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Info_get(MPI_Info info, const char *key, int valuelen, char *value, int *flag)
{
  MPI_ENTER_ANY("MPI_Info_get");
  CHECK_INFO(info, in);
  CHECK_KEY(key);
  CHECK(valuelen >= 0 && value && flag, MPI_COMM_WORLD, MPI_ERR_ARG, "invalid value buffer");
  entry_t *e = find(in, key);
  *flag = e != NULL;
  if (e) {
    snprintf(value, (size_t)valuelen + 1, "%s", e->val);
  }
  MPI_LEAVE(MPI_SUCCESS);
}

/* MPI 4.0: the value and the size it needs, with its terminating null. */
int PMPI_Info_get_string(MPI_Info info, const char *key, int *buflen, char *value, int *flag)
{
  MPI_ENTER_ANY("MPI_Info_get_string");
  CHECK_INFO(info, in);
  CHECK_KEY(key);
  CHECK(buflen && flag && *buflen >= 0, MPI_COMM_WORLD, MPI_ERR_ARG, "buflen is NULL or negative, or flag is NULL");
  CHECK(value || *buflen == 0, MPI_COMM_WORLD, MPI_ERR_ARG, "value is NULL with buflen %d", *buflen);
  entry_t *e = find(in, key);
  *flag = e != NULL;
  if (e) {
    if (*buflen > 0)
      snprintf(value, (size_t)*buflen, "%s", e->val);
    *buflen = (int)strlen(e->val) + 1;
  }
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Info_get_valuelen(MPI_Info info, const char *key, int *valuelen, int *flag)
{
  MPI_ENTER_ANY("MPI_Info_get_valuelen");
  CHECK_INFO(info, in);
  CHECK_KEY(key);
  entry_t *e = find(in, key);
  *flag = e != NULL;
  if (e)
    *valuelen = (int)strlen(e->val);
  MPI_LEAVE(MPI_SUCCESS);
}

/* MPI 4.0: a new object holding what MPI_INFO_ENV holds, with the command
 * and arguments given. It may be called before MPI_Init (so no MPI_ENTER). */
int PMPI_Info_create_env(int argc, char *argv[], MPI_Info *info)
{
  rt_rank_t *self = rt_self;
  if (self) {
    self->call = "MPI_Info_create_env";
    self->call_pc = MPI_CALLER();
  }
  if (!info)
    return mpi_error(self, MPI_COMM_WORLD, MPI_ERR_ARG, "info is NULL");
  if (argc < 0 || (argc > 0 && !argv))
    return mpi_error(self, MPI_COMM_WORLD, MPI_ERR_ARG, "argc is %d with argv %s", argc, argv ? "given" : "NULL");
  *info = info_dup(MPI_INFO_ENV);
  info_t *in = get(*info);
  if (argc > 0 && argv[0]) {
    set(in, "command", argv[0]);
    size_t len = 1;
    for (int i = 1; i < argc; i++)
      len += strlen(argv[i] ? argv[i] : "") + 1;
    char *args = calloc(1, len), *p = args;
    for (int i = 1; i < argc; i++)
      p += sprintf(p, "%s%s", i > 1 ? " " : "", argv[i] ? argv[i] : "");
    if (argc > 1)
      set(in, "argv", args);
    free(args);
  }
  return MPI_SUCCESS;
}

int PMPI_Info_delete(MPI_Info info, const char *key)
{
  MPI_ENTER_ANY("MPI_Info_delete");
  CHECK_INFO(info, in);
  CHECK_KEY(key);
  entry_t **p = &in->head;
  while (*p && strcmp((*p)->key, key))
    p = &(*p)->next;
  CHECK(*p, MPI_COMM_WORLD, MPI_ERR_INFO_NOKEY, "no key '%s' in the info object", key);
  entry_t *e = *p;
  *p = e->next;
  free(e->key);
  free(e->val);
  free(e);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Info_get_nkeys(MPI_Info info, int *nkeys)
{
  MPI_ENTER_ANY("MPI_Info_get_nkeys");
  CHECK_INFO(info, in);
  int n = 0;
  for (entry_t *e = in->head; e; e = e->next)
    n++;
  *nkeys = n;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Info_get_nthkey(MPI_Info info, int n, char *key)
{
  MPI_ENTER_ANY("MPI_Info_get_nthkey");
  CHECK_INFO(info, in);
  entry_t *e = in->head;
  for (int i = 0; e && i < n; i++)
    e = e->next;
  CHECK(n >= 0 && e, MPI_COMM_WORLD, MPI_ERR_ARG, "no key number %d", n);
  snprintf(key, MPI_MAX_INFO_KEY + 1, "%s", e->key);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Info_dup(MPI_Info info, MPI_Info *newinfo)
{
  MPI_ENTER_ANY("MPI_Info_dup");
  CHECK_INFO(info, in);
  (void)in;
  *newinfo = info_dup(info);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Info_free(MPI_Info *info)
{
  MPI_ENTER_ANY("MPI_Info_free");
  CHECK(info && *info != MPI_INFO_ENV, MPI_COMM_WORLD, MPI_ERR_INFO, "invalid info object");
  CHECK_INFO(*info, in);
  destroy(in);
  ht_remove(&infos, *info);
  *info = MPI_INFO_NULL;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_set_info(MPI_Comm comm, MPI_Info info)
{
  MPI_ENTER("MPI_Comm_set_info");
  CHECK_COMM(comm, c);
  CHECK(info == MPI_INFO_NULL || get(info), comm, MPI_ERR_INFO, "invalid info object (0x%x)", (unsigned)info);
  if (c->info != MPI_INFO_NULL) {
    destroy(get(c->info));
    ht_remove(&infos, c->info);
  }
  c->info = info_dup(info);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_get_info(MPI_Comm comm, MPI_Info *used)
{
  MPI_ENTER("MPI_Comm_get_info");
  CHECK_COMM(comm, c);
  CHECK(used, comm, MPI_ERR_ARG, "info_used is NULL");
  /* the hints in effect: the standard's communicator assertions */
  static const char *const known[] = {"mpi_assert_no_any_tag", "mpi_assert_no_any_source", "mpi_assert_exact_length",
                                      "mpi_assert_allow_overtaking", NULL};
  *used = info_used(c->info, known);
  MPI_LEAVE(MPI_SUCCESS);
}

PMPI_ALIAS(Info_create)
PMPI_ALIAS(Info_set)
PMPI_ALIAS(Info_get)
PMPI_ALIAS(Info_get_valuelen)
PMPI_ALIAS(Info_get_string)
PMPI_ALIAS(Info_create_env)
PMPI_ALIAS(Info_delete)
PMPI_ALIAS(Info_get_nkeys)
PMPI_ALIAS(Info_get_nthkey)
PMPI_ALIAS(Info_dup)
PMPI_ALIAS(Info_free)
PMPI_ALIAS(Comm_set_info)
PMPI_ALIAS(Comm_get_info)
