/* Errors: raising an error through a communicator's handler (fatal, return
 * or a user function), error classes, codes and strings including the ones
 * a program adds, and the errhandler calls. */
#include "../core/handles.h"
#include "mpi_impl.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *class_names[] = {
    [MPI_SUCCESS] = "MPI_SUCCESS: no error",
    [MPI_ERR_BUFFER] = "MPI_ERR_BUFFER: invalid buffer pointer",
    [MPI_ERR_COUNT] = "MPI_ERR_COUNT: invalid count argument",
    [MPI_ERR_TYPE] = "MPI_ERR_TYPE: invalid datatype",
    [MPI_ERR_TAG] = "MPI_ERR_TAG: invalid tag",
    [MPI_ERR_COMM] = "MPI_ERR_COMM: invalid communicator",
    [MPI_ERR_RANK] = "MPI_ERR_RANK: invalid rank",
    [MPI_ERR_ROOT] = "MPI_ERR_ROOT: invalid root",
    [MPI_ERR_GROUP] = "MPI_ERR_GROUP: invalid group",
    [MPI_ERR_OP] = "MPI_ERR_OP: invalid reduce operation",
    [MPI_ERR_TOPOLOGY] = "MPI_ERR_TOPOLOGY: invalid topology",
    [MPI_ERR_DIMS] = "MPI_ERR_DIMS: invalid dimension argument",
    [MPI_ERR_ARG] = "MPI_ERR_ARG: invalid argument",
    [MPI_ERR_UNKNOWN] = "MPI_ERR_UNKNOWN: unknown error",
    [MPI_ERR_TRUNCATE] = "MPI_ERR_TRUNCATE: message truncated",
    [MPI_ERR_OTHER] = "MPI_ERR_OTHER: other error",
    [MPI_ERR_INTERN] = "MPI_ERR_INTERN: internal error",
    [MPI_ERR_IN_STATUS] = "MPI_ERR_IN_STATUS: error code in status",
    [MPI_ERR_PENDING] = "MPI_ERR_PENDING: pending request",
    [MPI_ERR_REQUEST] = "MPI_ERR_REQUEST: invalid request",
    [MPI_ERR_KEYVAL] = "MPI_ERR_KEYVAL: invalid keyval",
    [MPI_ERR_INFO] = "MPI_ERR_INFO: invalid info object",
    [MPI_ERR_NOT_SAME] = "MPI_ERR_NOT_SAME: arguments differ across processes",
    [MPI_ERR_UNSUPPORTED_OPERATION] = "MPI_ERR_UNSUPPORTED_OPERATION: operation not supported",
    [MPI_ERR_INFO_KEY] = "MPI_ERR_INFO_KEY: invalid info key",
    [MPI_ERR_INFO_VALUE] = "MPI_ERR_INFO_VALUE: invalid info value",
    [MPI_ERR_INFO_NOKEY] = "MPI_ERR_INFO_NOKEY: no such info key",
    [MPI_ERR_NO_MEM] = "MPI_ERR_NO_MEM: out of memory",
    [MPI_ERR_ACCESS] = "MPI_ERR_ACCESS: permission denied",
    [MPI_ERR_AMODE] = "MPI_ERR_AMODE: invalid access mode",
    [MPI_ERR_BAD_FILE] = "MPI_ERR_BAD_FILE: invalid file name",
    [MPI_ERR_CONVERSION] = "MPI_ERR_CONVERSION: data conversion failed",
    [MPI_ERR_DUP_DATAREP] = "MPI_ERR_DUP_DATAREP: data representation already defined",
    [MPI_ERR_FILE_EXISTS] = "MPI_ERR_FILE_EXISTS: file exists",
    [MPI_ERR_FILE_IN_USE] = "MPI_ERR_FILE_IN_USE: file in use",
    [MPI_ERR_FILE] = "MPI_ERR_FILE: invalid file handle",
    [MPI_ERR_IO] = "MPI_ERR_IO: input/output error",
    [MPI_ERR_NO_SPACE] = "MPI_ERR_NO_SPACE: no space left on the device",
    [MPI_ERR_NO_SUCH_FILE] = "MPI_ERR_NO_SUCH_FILE: no such file",
    [MPI_ERR_READ_ONLY] = "MPI_ERR_READ_ONLY: read-only file",
    [MPI_ERR_UNSUPPORTED_DATAREP] = "MPI_ERR_UNSUPPORTED_DATAREP: unsupported data representation",
    [MPI_ERR_QUOTA] = "MPI_ERR_QUOTA: quota exceeded",
    [MPI_ERR_WIN] = "MPI_ERR_WIN: invalid window",
    [MPI_ERR_BASE] = "MPI_ERR_BASE: invalid base address",
    [MPI_ERR_LOCKTYPE] = "MPI_ERR_LOCKTYPE: invalid lock type",
    [MPI_ERR_RMA_CONFLICT] = "MPI_ERR_RMA_CONFLICT: conflicting accesses to a window",
    [MPI_ERR_RMA_SYNC] = "MPI_ERR_RMA_SYNC: wrong synchronization of RMA calls",
    [MPI_ERR_SIZE] = "MPI_ERR_SIZE: invalid size",
    [MPI_ERR_DISP] = "MPI_ERR_DISP: invalid displacement",
    [MPI_ERR_ASSERT] = "MPI_ERR_ASSERT: invalid assertion",
    [MPI_ERR_RMA_RANGE] = "MPI_ERR_RMA_RANGE: target memory is not part of the window",
    [MPI_ERR_RMA_ATTACH] = "MPI_ERR_RMA_ATTACH: memory cannot be attached",
    [MPI_ERR_RMA_SHARED] = "MPI_ERR_RMA_SHARED: memory cannot be shared",
    [MPI_ERR_RMA_FLAVOR] = "MPI_ERR_RMA_FLAVOR: wrong window flavor",
    [MPI_ERR_SESSION] = "MPI_ERR_SESSION: invalid session",
    [MPI_ERR_PROC_ABORTED] = "MPI_ERR_PROC_ABORTED: a process aborted",
    [MPI_ERR_VALUE_TOO_LARGE] = "MPI_ERR_VALUE_TOO_LARGE: value too large to store",
};
#define NCLASSES ((int)(sizeof class_names / sizeof *class_names))

/* Codes added by the program: code -> (class, string); classes are codes too. */
typedef struct user_code {
  int cls;
  char *str;
} user_code_t;
static user_code_t *user_codes; /* index: code - FIRST_USER_CODE */
static int nuser;
#define FIRST_USER_CODE (MPI_ERR_LASTCODE + 1)

static user_code_t *user_code(int code)
{
  int i = code - FIRST_USER_CODE;
  return i >= 0 && i < nuser ? &user_codes[i] : NULL;
}

static const char *error_text(int code)
{
  if (code >= 0 && code < NCLASSES && class_names[code])
    return class_names[code];
  user_code_t *u = user_code(code);
  return u ? (u->str ? u->str : "") : NULL;
}

/* Error handlers: 0 fatal, 1 return, then user functions. */
static htable_t handlers = HTABLE(SIMPI_KIND_ERRH, 2);
typedef struct errh {
  MPI_Comm_errhandler_function *fn;
} errh_t;

/* The handler of comm, or of MPI_COMM_WORLD when comm itself is invalid. */
static int errh_of(MPI_Comm comm)
{
  rt_comm_t *c = comm_get(comm);
  if (!c)
    c = comm_get(MPI_COMM_WORLD);
  return c ? c->errh : MPI_ERRORS_ARE_FATAL;
}

/* Raises errclass through handler h; obj is the communicator or window the
 * user's handler function gets. */
static int raise_error(rt_rank_t *self, int h, int obj, int errclass, const char *msg)
{
  if (h == MPI_ERRORS_RETURN)
    return errclass;
  errh_t *user = ht_get(&handlers, h);
  if (user) {
    int code = errclass;
    user->fn(&obj, &code);
    return errclass;
  }
  char loc[600];
  rt_srcloc(self ? self->call_pc : NULL, loc, sizeof loc);
  const char *cls = error_text(errclass);
  if (!cls)
    cls = "unknown error";
  char name[64];
  snprintf(name, sizeof name, "%.*s", (int)strcspn(cls, ":"), cls);
  rt_fatal(1, "rank %d: %s: %s [%s]%s%s", self ? self->id : -1, self && self->call ? self->call : "MPI",
           msg, name, loc[0] ? " at " : "", loc);
}

int mpi_error(rt_rank_t *self, MPI_Comm comm, int errclass, const char *fmt, ...)
{
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return raise_error(self, errh_of(comm), comm_get(comm) ? comm : MPI_COMM_WORLD, errclass, msg);
}

int mpi_error_errh(rt_rank_t *self, int errh, int obj, int errclass, const char *fmt, ...)
{
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return raise_error(self, errh, obj, errclass, msg);
}

int PMPI_Error_class(int errorcode, int *errorclass)
{
  user_code_t *u = user_code(errorcode);
  if (u)
    *errorclass = u->cls;
  else if (errorcode >= 0 && errorcode < NCLASSES && class_names[errorcode])
    *errorclass = errorcode;
  else
    return MPI_ERR_ARG;
  return MPI_SUCCESS;
}

int PMPI_Error_string(int errorcode, char *string, int *resultlen)
{
  const char *s = error_text(errorcode);
  if (!s)
    return MPI_ERR_ARG;
  snprintf(string, MPI_MAX_ERROR_STRING, "%s", s);
  *resultlen = (int)strlen(string);
  return MPI_SUCCESS;
}

static int add_code(int cls)
{
  user_codes = realloc(user_codes, sizeof *user_codes * (size_t)(nuser + 1));
  int code = FIRST_USER_CODE + nuser;
  user_codes[nuser++] = (user_code_t){cls < 0 ? code : cls, NULL};
  return code;
}

int PMPI_Add_error_class(int *errorclass)
{
  MPI_ENTER("MPI_Add_error_class");
  CHECK(errorclass, MPI_COMM_WORLD, MPI_ERR_ARG, "errorclass is NULL");
  *errorclass = add_code(-1);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Add_error_code(int errorclass, int *errorcode)
{
  MPI_ENTER("MPI_Add_error_code");
  CHECK(errorcode, MPI_COMM_WORLD, MPI_ERR_ARG, "errorcode is NULL");
  user_code_t *u = user_code(errorclass);
  int predefined = errorclass > 0 && errorclass < NCLASSES && class_names[errorclass];
  CHECK(predefined || (u && u->cls == errorclass), MPI_COMM_WORLD, MPI_ERR_ARG,
        "%d is neither a predefined error class nor one added by the program", errorclass);
  *errorcode = add_code(errorclass);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Add_error_string(int errorcode, const char *string)
{
  MPI_ENTER("MPI_Add_error_string");
  user_code_t *u = user_code(errorcode);
  CHECK(u, MPI_COMM_WORLD, MPI_ERR_ARG, "%d is not an error code added by the program", errorcode);
  CHECK(string && strlen(string) < MPI_MAX_ERROR_STRING, MPI_COMM_WORLD, MPI_ERR_ARG, "invalid error string");
  free(u->str);
  u->str = strdup(string);
  MPI_LEAVE(MPI_SUCCESS);
}

int mpi_last_used_code(void) { return nuser ? FIRST_USER_CODE + nuser - 1 : MPI_ERR_LASTCODE; }

int mpi_errh_valid(int h) { return h == MPI_ERRORS_ARE_FATAL || h == MPI_ERRORS_RETURN || ht_get(&handlers, h); }

int mpi_errh_new(void (*fn)(int *, int *, ...))
{
  errh_t *e = malloc(sizeof *e);
  e->fn = (MPI_Comm_errhandler_function *)fn;
  return ht_add(&handlers, e);
}

const char *mpi_error_text(int code) { return error_text(code); }

int PMPI_Comm_create_errhandler(MPI_Comm_errhandler_function *fn, MPI_Errhandler *errhandler)
{
  MPI_ENTER("MPI_Comm_create_errhandler");
  CHECK(fn && errhandler, MPI_COMM_WORLD, MPI_ERR_ARG, "null argument");
  *errhandler = mpi_errh_new(fn);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler)
{
  MPI_ENTER("MPI_Comm_set_errhandler");
  CHECK_COMM(comm, c);
  CHECK(mpi_errh_valid(errhandler), comm, MPI_ERR_ARG, "invalid error handler (0x%x)", (unsigned)errhandler);
  c->errh = errhandler;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *errhandler)
{
  MPI_ENTER("MPI_Comm_get_errhandler");
  CHECK_COMM(comm, c);
  *errhandler = c->errh;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Errhandler_free(MPI_Errhandler *errhandler)
{
  MPI_ENTER_ANY("MPI_Errhandler_free"); /* allowed before init and after finalize */
  CHECK(errhandler && mpi_errh_valid(*errhandler), MPI_COMM_WORLD, MPI_ERR_ARG, "invalid error handler");
  /* user handlers stay valid while communicators use them: never reused */
  *errhandler = MPI_ERRHANDLER_NULL;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_call_errhandler(MPI_Comm comm, int errorcode)
{
  MPI_ENTER("MPI_Comm_call_errhandler");
  CHECK_COMM(comm, c);
  (void)c;
  const char *s = error_text(errorcode);
  mpi_error(self, comm, errorcode, "%s", s ? s : "error code given by the program");
  MPI_LEAVE(MPI_SUCCESS); /* the call itself succeeds once the handler has run */
}

/* MPI-1 names */
PMPI_SAME_AS(Errhandler_create, Comm_create_errhandler)
PMPI_SAME_AS(Errhandler_set, Comm_set_errhandler)
PMPI_SAME_AS(Errhandler_get, Comm_get_errhandler)

PMPI_ALIAS(Error_class)
PMPI_ALIAS(Error_string)
PMPI_ALIAS(Add_error_class)
PMPI_ALIAS(Add_error_code)
PMPI_ALIAS(Add_error_string)
PMPI_ALIAS(Comm_create_errhandler)
PMPI_ALIAS(Comm_set_errhandler)
PMPI_ALIAS(Comm_get_errhandler)
PMPI_ALIAS(Errhandler_free)
PMPI_ALIAS(Comm_call_errhandler)
