/* Attributes on communicators, datatypes and windows (MPI 4.0 section 7.7):
 * keyvals, set/get/delete with callbacks, copy on dup, the predefined
 * attributes of MPI_COMM_WORLD, and the MPI-1 names of the communicator calls.
 * One engine serves the three kinds: the handles are ints, and so are the
 * callbacks' types. (A window's predefined attributes come from win.c.) */
#include "attr.h"
#include "binding.h"
#include "win.h"
#include <stdlib.h>

int mpi_binding_fortran_attr;

/* Whether the call in progress was made by a Fortran binding (read once, at its start). */
static int from_fortran(void)
{
  int f = mpi_binding_fortran_attr;
  mpi_binding_fortran_attr = 0;
  return f;
}

enum { KV_COMM, KV_TYPE, KV_WIN };
typedef struct keyval {
  MPI_Comm_copy_attr_function *copy;
  MPI_Comm_delete_attr_function *del;
  void *extra;
  int freed, kind;
  int uses; /* attributes set with it: while there are some, a freed keyval may be freed again (as MPICH) */
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

static keyval_t *kv_any(int keyval, int kind) /* also freed ones, for attributes set before */
{
  int i = keyval - SIMPI_FIRST_KEYVAL;
  return i >= 0 && i < nkeyvals && keyvals[i]->kind == kind ? keyvals[i] : NULL;
}

static keyval_t *kv_get(int keyval, int kind)
{
  keyval_t *k = kv_any(keyval, kind);
  return k && !k->freed ? k : NULL;
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

static int kv_create(MPI_Comm_copy_attr_function *copy, MPI_Comm_delete_attr_function *del, void *extra, int kind)
{
  keyval_t *k = malloc(sizeof *k);
  *k = (keyval_t){copy, del, extra, 0, kind, 0};
  keyvals = realloc(keyvals, sizeof *keyvals * (size_t)(nkeyvals + 1));
  keyvals[nkeyvals] = k;
  return SIMPI_FIRST_KEYVAL + nkeyvals++;
}

/* Frees a keyval; one already freed whose attributes are still set may be freed again. */
static int kv_free(int *keyval, int kind)
{
  keyval_t *k = keyval ? kv_any(*keyval, kind) : NULL;
  if (!k || (k->freed && !k->uses))
    return MPI_ERR_KEYVAL;
  k->freed = 1; /* attributes already set keep working: the entry stays, only marked */
  *keyval = MPI_KEYVAL_INVALID;
  return MPI_SUCCESS;
}

static attr_t **find(attr_t **p, int keyval)
{
  while (*p && (*p)->keyval != keyval)
    p = &(*p)->next;
  return p;
}

static int del_attr(int handle, attr_t **p, int kind)
{
  attr_t *a = *p;
  keyval_t *k = kv_any(a->keyval, kind);
  if (k && k->del) {
    int err = k->del(handle, a->keyval, a->val, k->extra);
    if (err)
      return err;
  }
  *p = a->next;
  free(a);
  if (k)
    k->uses--;
  return MPI_SUCCESS;
}

/* Sets keyval's attribute in list; 0 or the error of the old value's delete callback. */
static int set_attr(attr_t **list, int handle, int keyval, void *val, int kind, int fortran)
{
  attr_t **p = find(list, keyval);
  if (*p) {
    int err = del_attr(handle, p, kind);
    if (err)
      return err;
  }
  attr_t *a = malloc(sizeof *a);
  *a = (attr_t){keyval, fortran, val, *list};
  *list = a;
  kv_any(keyval, kind)->uses++;
  return MPI_SUCCESS;
}

static void get_attr(attr_t *list, int keyval, void *val, int *flag, int fortran)
{
  attr_t *a = *find(&list, keyval);
  *flag = a != NULL;
  if (a) /* C reads a Fortran integer through a pointer to it */
    *(void **)val = a->fortran && !fortran ? (void *)&a->val : a->val;
}

/* Copies the attributes of old (handle h) onto *to, as their copy callbacks decide. */
static int copy_all(attr_t *old, int h, attr_t **to, int kind)
{
  for (attr_t *a = old; a; a = a->next) {
    keyval_t *k = kv_any(a->keyval, kind);
    if (!k || !k->copy)
      continue;
    void *out = NULL;
    int flag = 0;
    int err = k->copy(h, a->keyval, k->extra, a->val, &out, &flag);
    if (err)
      return err;
    if (flag) {
      k->uses++;
      attr_t *n = malloc(sizeof *n);
      *n = (attr_t){a->keyval, a->fortran, out, NULL};
      *to = n;
      to = &n->next;
    }
  }
  return MPI_SUCCESS;
}

static int delete_all(attr_t **list, int handle, int kind)
{
  while (*list) {
    int err = del_attr(handle, list, kind);
    if (err)
      return err;
  }
  return MPI_SUCCESS;
}

/* ---------------------------------------------------------------- communicators */

int PMPI_Comm_create_keyval(MPI_Comm_copy_attr_function *copy, MPI_Comm_delete_attr_function *del, int *keyval,
                            void *extra)
{
  MPI_ENTER("MPI_Comm_create_keyval");
  CHECK(keyval, MPI_COMM_WORLD, MPI_ERR_ARG, "keyval is NULL");
  *keyval = kv_create(copy, del, extra, KV_COMM);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_free_keyval(int *keyval)
{
  MPI_ENTER("MPI_Comm_free_keyval");
  int k = keyval ? *keyval : 0;
  CHECK(kv_free(keyval, KV_COMM) == MPI_SUCCESS, MPI_COMM_WORLD, MPI_ERR_KEYVAL, "invalid or freed keyval %d", k);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_set_attr(MPI_Comm comm, int keyval, void *val)
{
  int fortran = from_fortran();
  MPI_ENTER("MPI_Comm_set_attr");
  CHECK_COMM(comm, c);
  CHECK(!predefined(keyval), comm, MPI_ERR_KEYVAL, "predefined attribute %d cannot be set", keyval);
  CHECK(kv_get(keyval, KV_COMM), comm, MPI_ERR_KEYVAL, "invalid keyval %d", keyval);
  int err = set_attr(&c->attrs, comm, keyval, val, KV_COMM, fortran);
  CHECK(!err, comm, err, "the delete callback of keyval %d failed", keyval);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_get_attr(MPI_Comm comm, int keyval, void *val, int *flag)
{
  int fortran = from_fortran();
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
  CHECK(kv_any(keyval, KV_COMM), comm, MPI_ERR_KEYVAL, "invalid keyval %d", keyval);
  get_attr(c->attrs, keyval, val, flag, fortran);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_delete_attr(MPI_Comm comm, int keyval)
{
  MPI_ENTER("MPI_Comm_delete_attr");
  CHECK_COMM(comm, c);
  CHECK(kv_any(keyval, KV_COMM), comm, MPI_ERR_KEYVAL, "invalid keyval %d", keyval);
  attr_t **p = find(&c->attrs, keyval);
  CHECK(*p, comm, MPI_ERR_KEYVAL, "no attribute for keyval %d", keyval);
  int err = del_attr(comm, p, KV_COMM);
  CHECK(!err, comm, err, "the delete callback of keyval %d failed", keyval);
  MPI_LEAVE(MPI_SUCCESS);
}

int attr_copy_all(rt_comm_t *old, rt_comm_t *new_) { return copy_all(old->attrs, old->handle, &new_->attrs, KV_COMM); }

int attr_delete_all(rt_comm_t *c) { return delete_all(&c->attrs, c->handle, KV_COMM); }

/* ---------------------------------------------------------------- datatypes */

int PMPI_Type_create_keyval(MPI_Type_copy_attr_function *copy, MPI_Type_delete_attr_function *del, int *keyval,
                            void *extra)
{
  MPI_ENTER("MPI_Type_create_keyval");
  CHECK(keyval, MPI_COMM_WORLD, MPI_ERR_ARG, "keyval is NULL");
  *keyval = kv_create(copy, del, extra, KV_TYPE);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Type_free_keyval(int *keyval)
{
  MPI_ENTER("MPI_Type_free_keyval");
  int k = keyval ? *keyval : 0;
  CHECK(kv_free(keyval, KV_TYPE) == MPI_SUCCESS, MPI_COMM_WORLD, MPI_ERR_KEYVAL, "invalid or freed datatype keyval %d",
        k);
  MPI_LEAVE(MPI_SUCCESS);
}

/* A type's attributes: a derived type's are on it; a predefined type is one
 * object for the whole process, so its attributes are kept per rank. */
static attr_t **basic_attrs; /* rank x predefined type */
static attr_t **type_attrs(dt_t *t)
{
  if (t->derived)
    return &t->attrs;
  if (!basic_attrs)
    basic_attrs = calloc((size_t)rt_nranks * SIMPI_NUM_BASIC_TYPES, sizeof *basic_attrs);
  return &basic_attrs[(size_t)rt_self->id * SIMPI_NUM_BASIC_TYPES + (size_t)t->id];
}

int PMPI_Type_set_attr(MPI_Datatype type, int keyval, void *val)
{
  int fortran = from_fortran();
  MPI_ENTER("MPI_Type_set_attr");
  CHECK_ANY_TYPE(type, t, "datatype");
  CHECK(kv_get(keyval, KV_TYPE), MPI_COMM_WORLD, MPI_ERR_KEYVAL, "invalid datatype keyval %d", keyval);
  int err = set_attr(type_attrs(t), type, keyval, val, KV_TYPE, fortran);
  CHECK(!err, MPI_COMM_WORLD, err, "the delete callback of keyval %d failed", keyval);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Type_get_attr(MPI_Datatype type, int keyval, void *val, int *flag)
{
  int fortran = from_fortran();
  MPI_ENTER("MPI_Type_get_attr");
  CHECK_ANY_TYPE(type, t, "datatype");
  CHECK(val && flag, MPI_COMM_WORLD, MPI_ERR_ARG, "null argument");
  CHECK(kv_any(keyval, KV_TYPE), MPI_COMM_WORLD, MPI_ERR_KEYVAL, "invalid datatype keyval %d", keyval);
  get_attr(*type_attrs(t), keyval, val, flag, fortran);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Type_delete_attr(MPI_Datatype type, int keyval)
{
  MPI_ENTER("MPI_Type_delete_attr");
  CHECK_ANY_TYPE(type, t, "datatype");
  CHECK(kv_any(keyval, KV_TYPE), MPI_COMM_WORLD, MPI_ERR_KEYVAL, "invalid datatype keyval %d", keyval);
  attr_t **p = find(type_attrs(t), keyval);
  CHECK(*p, MPI_COMM_WORLD, MPI_ERR_KEYVAL, "no attribute for keyval %d", keyval);
  int err = del_attr(type, p, KV_TYPE);
  CHECK(!err, MPI_COMM_WORLD, err, "the delete callback of keyval %d failed", keyval);
  MPI_LEAVE(MPI_SUCCESS);
}

int attr_type_copy_all(dt_t *old, MPI_Datatype h, dt_t *new_) { return copy_all(*type_attrs(old), h, &new_->attrs, KV_TYPE); }

int attr_type_delete_all(dt_t *t, MPI_Datatype h) { return delete_all(&t->attrs, h, KV_TYPE); }

/* ---------------------------------------------------------------- windows */

int PMPI_Win_create_keyval(MPI_Win_copy_attr_function *copy, MPI_Win_delete_attr_function *del, int *keyval,
                           void *extra)
{
  MPI_ENTER("MPI_Win_create_keyval");
  CHECK(keyval, MPI_COMM_WORLD, MPI_ERR_ARG, "keyval is NULL");
  *keyval = kv_create(copy, del, extra, KV_WIN);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Win_free_keyval(int *keyval)
{
  MPI_ENTER("MPI_Win_free_keyval");
  int k = keyval ? *keyval : 0;
  CHECK(kv_free(keyval, KV_WIN) == MPI_SUCCESS, MPI_COMM_WORLD, MPI_ERR_KEYVAL, "invalid or freed window keyval %d",
        k);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Win_set_attr(MPI_Win win, int keyval, void *val)
{
  int fortran = from_fortran();
  MPI_ENTER("MPI_Win_set_attr");
  CHECK_WIN(win, w);
  WCHECK(kv_get(keyval, KV_WIN), w, MPI_ERR_KEYVAL, "invalid window keyval %d", keyval);
  int err = set_attr(&w->attrs, win, keyval, val, KV_WIN, fortran);
  WCHECK(!err, w, err, "the delete callback of keyval %d failed", keyval);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Win_get_attr(MPI_Win win, int keyval, void *val, int *flag)
{
  int fortran = from_fortran();
  MPI_ENTER("MPI_Win_get_attr");
  CHECK_WIN(win, w);
  WCHECK(val && flag, w, MPI_ERR_ARG, "null argument");
  if ((*flag = win_predefined_attr(w, keyval, val)))
    MPI_LEAVE(MPI_SUCCESS);
  WCHECK(kv_any(keyval, KV_WIN), w, MPI_ERR_KEYVAL, "invalid window keyval %d", keyval);
  get_attr(w->attrs, keyval, val, flag, fortran);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Win_delete_attr(MPI_Win win, int keyval)
{
  MPI_ENTER("MPI_Win_delete_attr");
  CHECK_WIN(win, w);
  WCHECK(kv_any(keyval, KV_WIN), w, MPI_ERR_KEYVAL, "invalid window keyval %d", keyval);
  attr_t **p = find(&w->attrs, keyval);
  WCHECK(*p, w, MPI_ERR_KEYVAL, "the window has no attribute for keyval %d", keyval);
  int err = del_attr(win, p, KV_WIN);
  WCHECK(!err, w, err, "the delete callback of keyval %d failed", keyval);
  MPI_LEAVE(MPI_SUCCESS);
}

int simpi_win_dup_fn(MPI_Win win, int keyval, void *extra, void *in, void *out, int *flag)
{
  return simpi_comm_dup_fn(win, keyval, extra, in, out, flag);
}

int attr_win_delete_all(rt_win_t *w) { return delete_all(&w->attrs, w->handle, KV_WIN); }

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
PMPI_ALIAS(Type_create_keyval)
PMPI_ALIAS(Type_free_keyval)
PMPI_ALIAS(Type_set_attr)
PMPI_ALIAS(Type_get_attr)
PMPI_ALIAS(Type_delete_attr)
PMPI_ALIAS(Win_create_keyval)
PMPI_ALIAS(Win_free_keyval)
PMPI_ALIAS(Win_set_attr)
PMPI_ALIAS(Win_get_attr)
PMPI_ALIAS(Win_delete_attr)
