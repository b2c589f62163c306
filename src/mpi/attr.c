/* Attributes on communicators (MPI 3.1 section 6.7): keyvals, set/get/
 * delete with callbacks, copy on dup, the predefined attributes of
 * MPI_COMM_WORLD, and the MPI-1 names of the same calls. */
#include "attr.h"
#include "mpi_impl.h"
#include <stdlib.h>

typedef struct keyval {
  MPI_Comm_copy_attr_function *copy;
  MPI_Comm_delete_attr_function *del;
  void *extra;
  int freed;
} keyval_t;

static keyval_t **keyvals;
static int nkeyvals;

/* Predefined attributes: their values live here, the attribute is a pointer. */
static int tag_ub = MPI_TAG_UB_VALUE, host = MPI_PROC_NULL, io = MPI_ANY_SOURCE, wtime_is_global = 1,
           universe_size, appnum = 0, lastusedcode;

static int *predefined(int keyval)
{
  switch (keyval) {
  case MPI_TAG_UB: return &tag_ub;
  case MPI_HOST: return &host;
  case MPI_IO: return &io;
  case MPI_WTIME_IS_GLOBAL: return &wtime_is_global;
  case MPI_UNIVERSE_SIZE: universe_size = rt_nranks; return &universe_size;
  case MPI_APPNUM: return &appnum;
  case MPI_LASTUSEDCODE: lastusedcode = mpi_last_used_code(); return &lastusedcode;
  }
  return NULL;
}

static keyval_t *kv_get(int keyval)
{
  int i = keyval - SIMPI_FIRST_KEYVAL;
  return i >= 0 && i < nkeyvals && !keyvals[i]->freed ? keyvals[i] : NULL;
}

int simpi_comm_dup_fn(MPI_Comm oldcomm, int keyval, void *extra, void *in, void *out, int *flag)
{
  (void)oldcomm;
  (void)keyval;
  (void)extra;
  *(void **)out = in;
  *flag = 1;
  return MPI_SUCCESS;
}

int PMPI_Comm_create_keyval(MPI_Comm_copy_attr_function *copy, MPI_Comm_delete_attr_function *del, int *keyval,
                            void *extra)
{
  MPI_ENTER("MPI_Comm_create_keyval");
  CHECK(keyval, MPI_COMM_WORLD, MPI_ERR_ARG, "keyval is NULL");
  keyval_t *k = malloc(sizeof *k);
  *k = (keyval_t){copy, del, extra, 0};
  keyvals = realloc(keyvals, sizeof *keyvals * (size_t)(nkeyvals + 1));
  keyvals[nkeyvals] = k;
  *keyval = SIMPI_FIRST_KEYVAL + nkeyvals++;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_free_keyval(int *keyval)
{
  MPI_ENTER("MPI_Comm_free_keyval");
  CHECK(keyval && kv_get(*keyval), MPI_COMM_WORLD, MPI_ERR_KEYVAL, "invalid keyval %d", keyval ? *keyval : 0);
  /* attributes already set keep working: the entry stays, only marked */
  kv_get(*keyval)->freed = 1;
  *keyval = MPI_KEYVAL_INVALID;
  MPI_LEAVE(MPI_SUCCESS);
}

static attr_t **find(rt_comm_t *c, int keyval)
{
  attr_t **p = &c->attrs;
  while (*p && (*p)->keyval != keyval)
    p = &(*p)->next;
  return p;
}

static keyval_t *kv_any(int keyval) /* also freed ones, for attributes set before */
{
  int i = keyval - SIMPI_FIRST_KEYVAL;
  return i >= 0 && i < nkeyvals ? keyvals[i] : NULL;
}

static int del_attr(rt_comm_t *c, attr_t **p)
{
  attr_t *a = *p;
  keyval_t *k = kv_any(a->keyval);
  if (k && k->del) {
    int err = k->del(c->handle, a->keyval, a->val, k->extra);
    if (err)
      return err;
  }
  *p = a->next;
  free(a);
  return MPI_SUCCESS;
}

int PMPI_Comm_set_attr(MPI_Comm comm, int keyval, void *val)
{
  MPI_ENTER("MPI_Comm_set_attr");
  CHECK_COMM(comm, c);
  CHECK(!predefined(keyval), comm, MPI_ERR_KEYVAL, "predefined attribute %d cannot be set", keyval);
  CHECK(kv_get(keyval), comm, MPI_ERR_KEYVAL, "invalid keyval %d", keyval);
  attr_t **p = find(c, keyval);
  if (*p) {
    int err = del_attr(c, p);
    CHECK(!err, comm, err, "the delete callback of keyval %d failed", keyval);
  }
  attr_t *a = malloc(sizeof *a);
  *a = (attr_t){keyval, val, c->attrs};
  c->attrs = a;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_get_attr(MPI_Comm comm, int keyval, void *val, int *flag)
{
  MPI_ENTER("MPI_Comm_get_attr");
  CHECK_COMM(comm, c);
  CHECK(val && flag, comm, MPI_ERR_ARG, "null argument");
  int *pre = predefined(keyval);
  if (pre) {
    *flag = comm == MPI_COMM_WORLD || keyval == MPI_TAG_UB || keyval == MPI_WTIME_IS_GLOBAL;
    if (*flag)
      *(void **)val = pre;
    MPI_LEAVE(MPI_SUCCESS);
  }
  CHECK(kv_any(keyval), comm, MPI_ERR_KEYVAL, "invalid keyval %d", keyval);
  attr_t *a = *find(c, keyval);
  *flag = a != NULL;
  if (a)
    *(void **)val = a->val;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_delete_attr(MPI_Comm comm, int keyval)
{
  MPI_ENTER("MPI_Comm_delete_attr");
  CHECK_COMM(comm, c);
  CHECK(kv_any(keyval), comm, MPI_ERR_KEYVAL, "invalid keyval %d", keyval);
  attr_t **p = find(c, keyval);
  CHECK(*p, comm, MPI_ERR_KEYVAL, "no attribute for keyval %d", keyval);
  int err = del_attr(c, p);
  CHECK(!err, comm, err, "the delete callback of keyval %d failed", keyval);
  MPI_LEAVE(MPI_SUCCESS);
}

int attr_copy_all(rt_comm_t *old, rt_comm_t *new_)
{
  attr_t **tail = &new_->attrs;
  for (attr_t *a = old->attrs; a; a = a->next) {
    keyval_t *k = kv_any(a->keyval);
    if (!k || !k->copy)
      continue;
    void *out = NULL;
    int flag = 0;
    int err = k->copy(old->handle, a->keyval, k->extra, a->val, &out, &flag);
    if (err)
      return err;
    if (flag) {
      attr_t *n = malloc(sizeof *n);
      *n = (attr_t){a->keyval, out, NULL};
      *tail = n;
      tail = &n->next;
    }
  }
  return MPI_SUCCESS;
}

int attr_delete_all(rt_comm_t *c)
{
  while (c->attrs) {
    int err = del_attr(c, &c->attrs);
    if (err)
      return err;
  }
  return MPI_SUCCESS;
}

/* MPI-1 names of the same calls, still used by many programs */
PMPI_SAME_AS(Keyval_create, Comm_create_keyval)
PMPI_SAME_AS(Keyval_free, Comm_free_keyval)
PMPI_SAME_AS(Attr_put, Comm_set_attr)
PMPI_SAME_AS(Attr_get, Comm_get_attr)
PMPI_SAME_AS(Attr_delete, Comm_delete_attr)

PMPI_ALIAS(Comm_create_keyval)
PMPI_ALIAS(Comm_free_keyval)
PMPI_ALIAS(Comm_set_attr)
PMPI_ALIAS(Comm_get_attr)
PMPI_ALIAS(Comm_delete_attr)
