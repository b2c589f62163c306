/* Errors: raising an error through a communicator's handler, error classes
 * and strings, and the errhandler calls. */
#include "mpi_impl.h"
#include <stdarg.h>
#include <stdio.h>
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
};
#define NCLASSES ((int)(sizeof class_names / sizeof *class_names))

/* The handler of comm, or of MPI_COMM_WORLD when comm itself is invalid. */
static int errh_of(MPI_Comm comm)
{
  rt_comm_t *c = comm_get(comm);
  if (!c)
    c = comm_get(MPI_COMM_WORLD);
  return c ? c->errh : MPI_ERRORS_ARE_FATAL;
}

int mpi_error(rt_rank_t *self, MPI_Comm comm, int errclass, const char *fmt, ...)
{
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (errh_of(comm) == MPI_ERRORS_RETURN)
    return errclass;
  char loc[600];
  rt_srcloc(self ? self->call_pc : NULL, loc, sizeof loc);
  const char *cls = errclass < NCLASSES && class_names[errclass] ? class_names[errclass] : "unknown error";
  char name[24];
  snprintf(name, sizeof name, "%.*s", (int)strcspn(cls, ":"), cls);
  rt_fatal(1, "rank %d: %s: %s [%s]%s%s", self ? self->id : -1, self && self->call ? self->call : "MPI",
           msg, name, loc[0] ? " at " : "", loc);
}

int PMPI_Error_class(int errorcode, int *errorclass)
{
  if (errorcode < 0 || errorcode >= NCLASSES || !class_names[errorcode])
    return MPI_ERR_ARG;
  *errorclass = errorcode;
  return MPI_SUCCESS;
}

int PMPI_Error_string(int errorcode, char *string, int *resultlen)
{
  const char *s = errorcode >= 0 && errorcode < NCLASSES && class_names[errorcode] ? class_names[errorcode] : NULL;
  if (!s)
    return MPI_ERR_ARG;
  snprintf(string, MPI_MAX_ERROR_STRING, "%s", s);
  *resultlen = (int)strlen(string);
  return MPI_SUCCESS;
}

int PMPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler)
{
  MPI_ENTER("MPI_Comm_set_errhandler");
  CHECK_COMM(comm, c);
  (void)c;
  CHECK(errhandler == MPI_ERRORS_ARE_FATAL || errhandler == MPI_ERRORS_RETURN, comm, MPI_ERR_ARG,
        "invalid error handler (0x%x)", (unsigned)errhandler);
  c->errh = errhandler;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *errhandler)
{
  MPI_ENTER("MPI_Comm_get_errhandler");
  CHECK_COMM(comm, c);
  (void)c;
  *errhandler = errh_of(comm);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Errhandler_free(MPI_Errhandler *errhandler)
{
  MPI_ENTER("MPI_Errhandler_free");
  CHECK(errhandler, MPI_COMM_WORLD, MPI_ERR_ARG, "errhandler is NULL");
  *errhandler = MPI_ERRHANDLER_NULL;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_call_errhandler(MPI_Comm comm, int errorcode)
{
  MPI_ENTER("MPI_Comm_call_errhandler");
  CHECK_COMM(comm, c);
  (void)c;
  char s[MPI_MAX_ERROR_STRING];
  int len;
  if (PMPI_Error_string(errorcode, s, &len))
    snprintf(s, sizeof s, "error code %d", errorcode);
  MPI_LEAVE(mpi_error(self, comm, errorcode, "%s", s));
}

PMPI_ALIAS(Error_class)
PMPI_ALIAS(Error_string)
PMPI_ALIAS(Comm_set_errhandler)
PMPI_ALIAS(Comm_get_errhandler)
PMPI_ALIAS(Errhandler_free)
PMPI_ALIAS(Comm_call_errhandler)
