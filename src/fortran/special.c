/* The Fortran bindings whose Fortran form is not their C prototype argument
 * for argument (gen.py's SPECIAL table gives their Fortran signatures):
 * MPI_Init without argc/argv, the clock and address functions, MPI-1's
 * INTEGER displacements and addresses, attributes (their values are integers
 * in Fortran, pointers in C) and keyvals with Fortran callbacks, and the
 * predefined callbacks MPI_COMM_DUP_FN & co. */
#include "fortran.h"
#include <stdint.h>
#include <string.h>

/* ---------------------------------------------------------------- start-up, clock, addresses */

FT_API void pmpi_init_(MPI_Fint *ierror)
{
  int rc;
  FT_CALL(rc = PMPI_Init(NULL, NULL));
  ft_ierror(ierror, rc);
}
FT_ALIAS(init)
FT_ALIAS_F08(init)

FT_API void pmpi_init_thread_(MPI_Fint *required, MPI_Fint *provided, MPI_Fint *ierror)
{
  int rc;
  FT_CALL(rc = PMPI_Init_thread(NULL, NULL, *required, provided));
  ft_ierror(ierror, rc);
}
FT_ALIAS(init_thread)
FT_ALIAS_F08(init_thread)

/* gfortran's FLUSH with no unit: every unit (a weak reference: C programs have no libgfortran) */
extern void _gfortran_flush_i4(int *unit) __attribute__((weak));

/* What the program wrote to its units is flushed, as the end of a run
 * (_exit) would lose what libgfortran still buffers. */
FT_API void pmpi_finalize_(MPI_Fint *ierror)
{
  int rc;
  if (_gfortran_flush_i4)
    _gfortran_flush_i4(NULL);
  FT_CALL(rc = PMPI_Finalize());
  ft_ierror(ierror, rc);
}
FT_ALIAS(finalize)
FT_ALIAS_F08(finalize)

/* Fortran has no argc/argv to give: the info holds what MPI_INFO_ENV holds */
FT_API void pmpi_info_create_env_(MPI_Fint *info, MPI_Fint *ierror)
{
  MPI_Info c;
  int rc;
  FT_CALL(rc = PMPI_Info_create_env(0, NULL, &c));
  if (rc == MPI_SUCCESS)
    *info = PMPI_Info_c2f(c);
  ft_ierror(ierror, rc);
}
FT_ALIAS(info_create_env)
FT_ALIAS_F08(info_create_env)

FT_API double pmpi_wtime_(void)
{
  double t;
  FT_CALL(t = PMPI_Wtime());
  return t;
}
FT_ALIAS(wtime)
FT_ALIAS_F08(wtime)

FT_API double pmpi_wtick_(void) { return PMPI_Wtick(); }
FT_ALIAS(wtick)
FT_ALIAS_F08(wtick)

FT_API MPI_Aint pmpi_aint_add_(MPI_Aint *base, MPI_Aint *disp) { return PMPI_Aint_add(*base, *disp); }
FT_ALIAS(aint_add)
FT_ALIAS_F08(aint_add)
FT_API MPI_Aint pmpi_aint_diff_(MPI_Aint *addr1, MPI_Aint *addr2) { return PMPI_Aint_diff(*addr1, *addr2); }
FT_ALIAS(aint_diff)
FT_ALIAS_F08(aint_diff)

/* The buffer's address means nothing in Fortran: the argument is not written. */
FT_API void pmpi_buffer_detach_(void *buffer_addr, MPI_Fint *size, MPI_Fint *ierror)
{
  (void)buffer_addr;
  void *addr;
  int rc;
  FT_CALL(rc = PMPI_Buffer_detach(&addr, size));
  ft_ierror(ierror, rc);
}
FT_ALIAS(buffer_detach)
FT_ALIAS_F08TS(buffer_detach)

FT_API void pmpi_buffer_detach_c_(void *buffer_addr, MPI_Count *size, MPI_Fint *ierror)
{
  (void)buffer_addr;
  void *addr;
  int rc;
  FT_CALL(rc = PMPI_Buffer_detach_c(&addr, size));
  ft_ierror(ierror, rc);
}
FT_ALIAS(buffer_detach_c)
FT_ALIAS_F08TS(buffer_detach_c)

/* MPI-1's INTEGER address: only its lower 32 bits fit, so differences of
 * addresses less than 2 GiB apart are right (what programs use it for), and
 * addresses relative to MPI_BOTTOM are not. MPI_Get_address has them whole. */
FT_API void pmpi_address_(void *location, MPI_Fint *address, MPI_Fint *ierror)
{
  MPI_Aint a = 0;
  int rc;
  FT_CALL(rc = PMPI_Address(ft_buf(location), &a));
  *address = (MPI_Fint)(uint32_t)a;
  ft_ierror(ierror, rc);
}
FT_ALIAS(address)

/* MPI_F_SYNC_REG(buf): Fortran only. The call itself is the whole effect:
 * the compiler cannot keep buf in registers across a call it cannot see. */
FT_API void pmpi_f_sync_reg_(void *buf) { (void)buf; }
FT_ALIAS(f_sync_reg)

/* ---------------------------------------------------------------- MPI-1 INTEGER displacements */

FT_API void pmpi_type_hvector_(MPI_Fint *count, MPI_Fint *blocklength, MPI_Fint *stride, MPI_Fint *oldtype,
                               MPI_Fint *newtype, MPI_Fint *ierror)
{
  MPI_Datatype c;
  int rc;
  FT_CALL(rc = PMPI_Type_create_hvector(*count, *blocklength, *stride, PMPI_Type_f2c(*oldtype), &c));
  if (rc == MPI_SUCCESS)
    *newtype = PMPI_Type_c2f(c);
  ft_ierror(ierror, rc);
}
FT_ALIAS(type_hvector)

static MPI_Aint *widen(const MPI_Fint *d, MPI_Fint n)
{
  MPI_Aint *a = malloc(sizeof *a * (size_t)(n > 0 ? n : 1));
  for (int i = 0; i < n; i++)
    a[i] = d[i];
  return a;
}

FT_API void pmpi_type_hindexed_(MPI_Fint *count, MPI_Fint *blocklengths, MPI_Fint *displacements,
                                MPI_Fint *oldtype, MPI_Fint *newtype, MPI_Fint *ierror)
{
  MPI_Aint *d = widen(displacements, *count);
  MPI_Datatype c;
  int rc;
  FT_CALL(rc = PMPI_Type_create_hindexed(*count, blocklengths, d, PMPI_Type_f2c(*oldtype), &c));
  free(d);
  if (rc == MPI_SUCCESS)
    *newtype = PMPI_Type_c2f(c);
  ft_ierror(ierror, rc);
}
FT_ALIAS(type_hindexed)

FT_API void pmpi_type_struct_(MPI_Fint *count, MPI_Fint *blocklengths, MPI_Fint *displacements, MPI_Fint *types,
                              MPI_Fint *newtype, MPI_Fint *ierror)
{
  MPI_Aint *d = widen(displacements, *count);
  MPI_Datatype c;
  int rc;
  FT_CALL(rc = PMPI_Type_create_struct(*count, blocklengths, d, (MPI_Datatype *)types, &c));
  free(d);
  if (rc == MPI_SUCCESS)
    *newtype = PMPI_Type_c2f(c);
  ft_ierror(ierror, rc);
}
FT_ALIAS(type_struct)

/* MPI-1's extent and bounds are INTEGERs in Fortran; a value that does not fit is an error
 * (MPI_Type_get_extent has them whole). */
#define MPI1_BOUND(name, Name)                                                                                        \
  FT_API void pmpi_##name##_(MPI_Fint *datatype, MPI_Fint *value, MPI_Fint *ierror)                                  \
  {                                                                                                                    \
    MPI_Aint v = 0;                                                                                                    \
    int rc;                                                                                                            \
    FT_CALL(rc = PMPI_##Name(PMPI_Type_f2c(*datatype), &v));                                                           \
    if (rc == MPI_SUCCESS && (MPI_Fint)v != v) {                                                                       \
      FT_CALL(PMPI_Comm_call_errhandler(MPI_COMM_WORLD, MPI_ERR_VALUE_TOO_LARGE));                                     \
      rc = MPI_ERR_VALUE_TOO_LARGE;                                                                                    \
    } else if (rc == MPI_SUCCESS)                                                                                      \
      *value = (MPI_Fint)v;                                                                                            \
    ft_ierror(ierror, rc);                                                                                             \
  }                                                                                                                    \
  FT_ALIAS(name)
MPI1_BOUND(type_extent, Type_extent)
MPI1_BOUND(type_lb, Type_lb)
MPI1_BOUND(type_ub, Type_ub)

/* buflen: in, the length of value; out, the length of the whole value. With
 * buflen 0, value is not written. */
FT_API void pmpi_info_get_string_(MPI_Fint *info, const char *key, MPI_Fint *buflen, char *value, MPI_Fint *flag,
                                  MPI_Fint *ierror, size_t key_len, size_t value_len)
{
  char *c_key = ft_str_trim(key, key_len), *c_value = ft_str_room(*buflen);
  int len = *buflen + 1, rc;
  FT_CALL(rc = PMPI_Info_get_string(PMPI_Info_f2c(*info), c_key, &len, c_value, flag));
  if (rc == MPI_SUCCESS && *flag) {
    if (*buflen > 0)
      ft_str_out(value, value_len, c_value);
    *buflen = len - 1;
  }
  free(c_key);
  free(c_value);
  ft_ierror(ierror, rc);
}
FT_ALIAS(info_get_string)
FT_ALIAS_F08(info_get_string)

/* ---------------------------------------------------------------- keyvals with Fortran callbacks */

/* A Fortran keyval: its callbacks and extra state, behind the C keyval's
 * extra state. Kept for the whole run (attributes may outlive the keyval). */
typedef void ft_copy_fn(MPI_Fint *, MPI_Fint *, void *, void *, void *, MPI_Fint *, MPI_Fint *);
typedef void ft_delete_fn(MPI_Fint *, MPI_Fint *, void *, void *, MPI_Fint *);
typedef struct {
  ft_copy_fn *copy;
  ft_delete_fn *del;
  MPI_Aint extra;
  int mpi1; /* MPI_Keyval_create: INTEGER values and extra state */
} ft_keyval_t;

/* Communicator and window handles are both ints: one pair of trampolines serves both. */
static int copy_trampoline(MPI_Comm old, int keyval, void *extra, void *in, void *out, int *flag)
{
  ft_keyval_t *k = extra;
  MPI_Fint h = PMPI_Comm_c2f(old), kv = keyval, ierr = MPI_SUCCESS, fflag = 0;
  if (k->mpi1) {
    MPI_Fint ex = (MPI_Fint)k->extra, vin = (MPI_Fint)(intptr_t)in, vout = 0;
    k->copy(&h, &kv, &ex, &vin, &vout, &fflag, &ierr);
    *(void **)out = (void *)(intptr_t)vout;
  } else {
    MPI_Aint ex = k->extra, vin = (MPI_Aint)in, vout = 0;
    k->copy(&h, &kv, &ex, &vin, &vout, &fflag, &ierr);
    *(void **)out = (void *)vout;
  }
  *flag = fflag != 0;
  return ierr;
}

static int delete_trampoline(MPI_Comm comm, int keyval, void *val, void *extra)
{
  ft_keyval_t *k = extra;
  MPI_Fint h = PMPI_Comm_c2f(comm), kv = keyval, ierr = MPI_SUCCESS;
  if (k->mpi1) {
    MPI_Fint ex = (MPI_Fint)k->extra, v = (MPI_Fint)(intptr_t)val;
    k->del(&h, &kv, &v, &ex, &ierr);
  } else {
    MPI_Aint ex = k->extra, v = (MPI_Aint)val;
    k->del(&h, &kv, &v, &ex, &ierr);
  }
  return ierr;
}

static ft_keyval_t *keyval_new(void *copy, void *del, MPI_Aint extra, int mpi1)
{
  ft_keyval_t *k = malloc(sizeof *k);
  *k = (ft_keyval_t){(ft_copy_fn *)copy, (ft_delete_fn *)del, extra, mpi1};
  return k;
}

#define KEYVAL_CREATE(name, Name, X, mpi1)                                                                            \
  FT_API void pmpi_##name##_(void *copy_fn, void *delete_fn, MPI_Fint *keyval, X *extra_state, MPI_Fint *ierror)      \
  {                                                                                                                    \
    int rc;                                                                                                            \
    FT_CALL(rc = PMPI_##Name(copy_trampoline, delete_trampoline, keyval,                                               \
                             keyval_new(copy_fn, delete_fn, *extra_state, mpi1)));                                     \
    ft_ierror(ierror, rc);                                                                                                      \
  }                                                                                                                    \
  FT_ALIAS(name)
KEYVAL_CREATE(comm_create_keyval, Comm_create_keyval, MPI_Aint, 0)
KEYVAL_CREATE(win_create_keyval, Win_create_keyval, MPI_Aint, 0)
KEYVAL_CREATE(type_create_keyval, Type_create_keyval, MPI_Aint, 0)
KEYVAL_CREATE(keyval_create, Keyval_create, MPI_Fint, 1)
FT_ALIAS_F08(comm_create_keyval)
FT_ALIAS_F08(win_create_keyval)
FT_ALIAS_F08(type_create_keyval)

/* ---------------------------------------------------------------- generalized requests */

/* A Fortran generalized request: its callbacks and extra state, behind the C one's extra state.
 * The callbacks get the program's own extra_state variable (as with MPICH): what they write
 * there, the program sees. */
typedef struct {
  void (*query)(MPI_Aint *, MPI_Fint *, MPI_Fint *);
  void (*free)(MPI_Aint *, MPI_Fint *);
  void (*cancel)(MPI_Aint *, MPI_Fint *, MPI_Fint *);
  MPI_Aint *extra;
} ft_greq_t;

static int greq_query(void *extra, MPI_Status *st)
{
  ft_greq_t *g = extra;
  MPI_Fint fst[MPI_F_STATUS_SIZE], ierr = MPI_SUCCESS;
  PMPI_Status_c2f(st, fst);
  g->query(g->extra, fst, &ierr);
  PMPI_Status_f2c(fst, st);
  return ierr;
}

static int greq_free(void *extra)
{
  ft_greq_t *g = extra;
  MPI_Fint ierr = MPI_SUCCESS;
  g->free(g->extra, &ierr);
  free(g);
  return ierr;
}

static int greq_cancel(void *extra, int complete)
{
  ft_greq_t *g = extra;
  MPI_Fint ierr = MPI_SUCCESS, done = complete != 0;
  g->cancel(g->extra, &done, &ierr);
  return ierr;
}

FT_API void pmpi_grequest_start_(void *query_fn, void *free_fn, void *cancel_fn, MPI_Aint *extra_state,
                                 MPI_Fint *request, MPI_Fint *ierror)
{
  ft_greq_t *g = malloc(sizeof *g);
  *g = (ft_greq_t){query_fn, free_fn, cancel_fn, extra_state};
  MPI_Request r = MPI_REQUEST_NULL;
  int rc;
  FT_CALL(rc = PMPI_Grequest_start(greq_query, greq_free, greq_cancel, g, &r));
  *request = PMPI_Request_c2f(r);
  ft_ierror(ierror, rc);
}
FT_ALIAS(grequest_start)
FT_ALIAS_F08(grequest_start)

/* User-defined data representations: refused by the C call (simpi has none); the callbacks are never called. */
static void register_datarep(const char *datarep, size_t len, MPI_Fint *ierror, int large)
{
  char *name = ft_str_in(datarep, len);
  int rc;
  if (large)
    FT_CALL(rc = PMPI_Register_datarep_c(name, NULL, NULL, NULL, NULL));
  else
    FT_CALL(rc = PMPI_Register_datarep(name, NULL, NULL, NULL, NULL));
  free(name);
  ft_ierror(ierror, rc);
}
FT_API void pmpi_register_datarep_(const char *datarep, void *read_fn, void *write_fn, void *extent_fn,
                                   MPI_Aint *extra_state, MPI_Fint *ierror, size_t datarep_len)
{
  (void)read_fn, (void)write_fn, (void)extent_fn, (void)extra_state;
  register_datarep(datarep, datarep_len, ierror, 0);
}
FT_ALIAS(register_datarep)
FT_API void pmpi_register_datarep_c_(const char *datarep, void *read_fn, void *write_fn, void *extent_fn,
                                     MPI_Aint *extra_state, MPI_Fint *ierror, size_t datarep_len)
{
  (void)read_fn, (void)write_fn, (void)extent_fn, (void)extra_state;
  register_datarep(datarep, datarep_len, ierror, 1);
}
FT_ALIAS(register_datarep_c)

/* The predefined callbacks, with Fortran's arguments (the window and type ones are the same functions). */
FT_API void mpi_comm_null_copy_fn_(MPI_Fint *h, MPI_Fint *kv, MPI_Aint *ex, MPI_Aint *in, MPI_Aint *out,
                                   MPI_Fint *flag, MPI_Fint *ierr)
{
  (void)h, (void)kv, (void)ex, (void)in, (void)out;
  *flag = 0;
  *ierr = MPI_SUCCESS;
}
FT_API void mpi_comm_dup_fn_(MPI_Fint *h, MPI_Fint *kv, MPI_Aint *ex, MPI_Aint *in, MPI_Aint *out, MPI_Fint *flag,
                             MPI_Fint *ierr)
{
  (void)h, (void)kv, (void)ex;
  *out = *in;
  *flag = 1;
  *ierr = MPI_SUCCESS;
}
FT_API void mpi_comm_null_delete_fn_(MPI_Fint *h, MPI_Fint *kv, MPI_Aint *val, MPI_Aint *ex, MPI_Fint *ierr)
{
  (void)h, (void)kv, (void)val, (void)ex;
  *ierr = MPI_SUCCESS;
}
FT_API void mpi_dup_fn_(MPI_Fint *h, MPI_Fint *kv, MPI_Fint *ex, MPI_Fint *in, MPI_Fint *out, MPI_Fint *flag,
                        MPI_Fint *ierr)
{
  (void)h, (void)kv, (void)ex;
  *out = *in;
  *flag = 1;
  *ierr = MPI_SUCCESS;
}
#define SAME_AS(name, as) extern __typeof__(as) name __attribute__((alias(#as), visibility("default")));
SAME_AS(mpi_win_null_copy_fn_, mpi_comm_null_copy_fn_)
SAME_AS(mpi_null_copy_fn_, mpi_comm_null_copy_fn_) /* it writes no value: INTEGER or not alike */
SAME_AS(mpi_win_dup_fn_, mpi_comm_dup_fn_)
SAME_AS(mpi_win_null_delete_fn_, mpi_comm_null_delete_fn_)
SAME_AS(mpi_type_null_copy_fn_, mpi_comm_null_copy_fn_)
SAME_AS(mpi_type_dup_fn_, mpi_comm_dup_fn_)
SAME_AS(mpi_type_null_delete_fn_, mpi_comm_null_delete_fn_)
SAME_AS(mpi_null_delete_fn_, mpi_comm_null_delete_fn_)

/* ---------------------------------------------------------------- attribute values */

/* C gives predefined attributes as pointers to their values (MPI_WIN_BASE: the
 * base itself); Fortran gets the values. Other values are what was set (set
 * from C: the pointer, as MPI 4.0 19.3.7 says; attr.c keeps which language
 * set a value, so that a C reader of a Fortran one gets a pointer to it). */
static MPI_Aint attr_value(int keyval, void *v)
{
  switch (keyval) {
  case MPI_TAG_UB: case MPI_HOST: case MPI_IO: case MPI_WTIME_IS_GLOBAL: case MPI_UNIVERSE_SIZE:
  case MPI_LASTUSEDCODE: case MPI_APPNUM: case MPI_WIN_DISP_UNIT: case MPI_WIN_CREATE_FLAVOR: case MPI_WIN_MODEL:
    return *(int *)v;
  case MPI_WIN_SIZE:
    return *(MPI_Aint *)v;
  }
  return (MPI_Aint)v;
}

/* Set and get for communicators and windows (address-sized values) and
 * MPI-1's Attr_put/Attr_get (INTEGER values). */
#define ATTRIBUTES(set, Set, get, Get, H, V)                                                                          \
  FT_API void pmpi_##set##_(MPI_Fint *h, MPI_Fint *keyval, V *val, MPI_Fint *ierror)                                 \
  {                                                                                                                    \
    int rc;                                                                                                            \
    mpi_binding_fortran_attr = 1;                                                                                      \
    FT_CALL(rc = PMPI_##Set(PMPI_##H##_f2c(*h), *keyval, (void *)(intptr_t)*val));                                     \
    ft_ierror(ierror, rc);                                                                                                      \
  }                                                                                                                    \
  FT_ALIAS(set)                                                                                                        \
  FT_API void pmpi_##get##_(MPI_Fint *h, MPI_Fint *keyval, V *val, MPI_Fint *flag, MPI_Fint *ierror)                 \
  {                                                                                                                    \
    void *v = NULL;                                                                                                    \
    int rc;                                                                                                            \
    mpi_binding_fortran_attr = 1;                                                                                      \
    FT_CALL(rc = PMPI_##Get(PMPI_##H##_f2c(*h), *keyval, &v, flag));                                                  \
    if (rc == MPI_SUCCESS && *flag)                                                                                    \
      *val = (V)attr_value(*keyval, v);                                                                                \
    ft_ierror(ierror, rc);                                                                                                      \
  }                                                                                                                    \
  FT_ALIAS(get)
ATTRIBUTES(comm_set_attr, Comm_set_attr, comm_get_attr, Comm_get_attr, Comm, MPI_Aint)
ATTRIBUTES(win_set_attr, Win_set_attr, win_get_attr, Win_get_attr, Win, MPI_Aint)
ATTRIBUTES(type_set_attr, Type_set_attr, type_get_attr, Type_get_attr, Type, MPI_Aint)
ATTRIBUTES(attr_put, Attr_put, attr_get, Attr_get, Comm, MPI_Fint)
FT_ALIAS_F08(comm_set_attr)
FT_ALIAS_F08(comm_get_attr)
FT_ALIAS_F08(win_set_attr)
FT_ALIAS_F08(win_get_attr)
FT_ALIAS_F08(type_set_attr)
FT_ALIAS_F08(type_get_attr)
