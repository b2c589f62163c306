/* Data access: explicit offsets (_at), the individual file pointer, the
 * shared file pointer (_shared, and _ordered, collective in rank order);
 * blocking, nonblocking (I-forms: a request completed by the Wait and Test
 * families), collective (_all) and split collective (_begin: the whole
 * collective access; _end: its status); every form with int and large (_c)
 * counts. Nonblocking collective forms are timed as independent accesses
 * (they make no agreement the program could wait on). */
#include "file.h"
#include "request.h"
#include <stdio.h>

enum where { AT, INDIV, SHARED, ORDERED };

static void status_out(MPI_Status *st, MPI_Offset bytes)
{
  if (st == MPI_STATUS_IGNORE)
    return;
  st->MPI_SOURCE = MPI_ANY_SOURCE;
  st->MPI_TAG = MPI_ANY_TAG;
  st->simpi_cancelled = 0;
  st->simpi_bytes = bytes;
}

/* Errors of the helpers below: raised through the file's handler, returned (the entry point leaves). */
#define FERR(cond, f, cls, ...)                                                                                        \
  do {                                                                                                                 \
    if (!(cond))                                                                                                       \
      return file_error(self, f, cls, __VA_ARGS__);                                                                    \
  } while (0)

/* One access: where the data goes in the view, how (ACT_IO_*), and what comes back (a request or a status). */
static int file_access(rt_rank_t *self, MPI_File fh, enum where where, MPI_Offset offset, const void *cbuf,
                       MPI_Count count, MPI_Datatype type, int how, MPI_Request *req, MPI_Status *st)
{
  void *buf = (void *)cbuf;
  file_t *f = file_get(fh);
  FERR(f, NULL, MPI_ERR_FILE, "invalid file handle (0x%x)", (unsigned)fh);
  int write = how & ACT_IO_WRITE, am = f->io.amode;
  FERR(count >= 0, f, MPI_ERR_COUNT, "negative count %lld", (long long)count);
  const dt_t *t = dt_get(type);
  FERR(t, f, MPI_ERR_TYPE,
       dt_lookup(type) ? "datatype 0x%x is not committed (MPI_Type_commit)" : "invalid datatype (0x%x)",
       (unsigned)type);
  FERR(buf || count == 0 || t->size == 0 || t->derived, f, MPI_ERR_BUFFER, "null buffer with count %lld",
       (long long)count);
  FERR(!(how & ACT_IO_NB) || req, f, MPI_ERR_ARG, "request is NULL");
  FERR(!write || !(am & MPI_MODE_RDONLY), f, MPI_ERR_READ_ONLY, "writing to file '%s', opened with MPI_MODE_RDONLY",
       f->io.f->path);
  FERR(write || !(am & MPI_MODE_WRONLY), f, MPI_ERR_ACCESS, "reading from file '%s', opened with MPI_MODE_WRONLY",
       f->io.f->path);
  FERR(!(am & MPI_MODE_SEQUENTIAL) || where == SHARED || where == ORDERED, f, MPI_ERR_UNSUPPORTED_OPERATION,
       "the file was opened with MPI_MODE_SEQUENTIAL: only the shared file pointer may be used");
  FERR(where != AT || offset >= 0, f, MPI_ERR_ARG, "negative offset %lld", (long long)offset);
  MPI_Offset bytes = (MPI_Offset)count * (MPI_Offset)t->size, esize = (MPI_Offset)f->io.v.esize;
  FERR(bytes % esize == 0, f, MPI_ERR_TYPE,
       "%lld bytes of data are not a whole number of etypes of the view (%lld bytes each)", (long long)bytes,
       (long long)esize);
  MPI_Offset n = bytes / esize, pos = offset;
  if (where == INDIV)
    pos = f->io.fp;
  else if (where == SHARED)
    pos = act_io_shared(&f->io, n);
  else if (where == ORDERED)
    pos = act_io_ordered(&f->io, n);
  p2p_req_t *r = NULL;
  MPI_Offset moved = 0;
  char why[300];
  int err = act_io_access(&f->io, pos, buf, count, t, how, &r, &moved, why, sizeof why);
  if (where == INDIV)
    f->io.fp = pos + n; /* past what was asked for, as ROMIO does at the end of the file too */
  if (r)
    *req = req_handle_new(r);
  FERR(!err, f, err, "%s", why);
  status_out(st, moved);
  return MPI_SUCCESS;
}

/* Split collectives: _begin does the whole collective access, _end gives its status. */
static int split_begin(rt_rank_t *self, MPI_File fh, enum where where, MPI_Offset offset, const void *buf,
                       MPI_Count count, MPI_Datatype type, int how, int kind)
{
  file_t *f = file_get(fh);
  FERR(!f || !f->io.split_kind, f, MPI_ERR_OTHER,
       "a split collective access is already in progress on this file (one at a time: end it first)");
  MPI_Status st;
  int err = file_access(self, fh, where, offset, buf, count, type, how, NULL, &st);
  if (!err) {
    f->io.split_kind = kind;
    f->io.split_st = st;
  }
  return err;
}

static int split_end(rt_rank_t *self, MPI_File fh, MPI_Status *st, int kind, const char *begin)
{
  file_t *f = file_get(fh);
  FERR(f, NULL, MPI_ERR_FILE, "invalid file handle (0x%x)", (unsigned)fh);
  FERR(f->io.split_kind == kind, f, MPI_ERR_OTHER, "no %s in progress on this file", begin);
  f->io.split_kind = 0;
  if (st != MPI_STATUS_IGNORE) {
    int keep = st->MPI_ERROR;
    *st = f->io.split_st;
    st->MPI_ERROR = keep;
  }
  return MPI_SUCCESS;
}

#define W ACT_IO_WRITE
#define C ACT_IO_COLL
#define NB ACT_IO_NB

/* The blocking and nonblocking forms of one access, int and large counts. */
#define AT_FORMS(Name, Buf, How, Out, Req, St)                                                                         \
  int PMPI_File_##Name(MPI_File fh, MPI_Offset offset, Buf buf, int count, MPI_Datatype type, Out)                    \
  {                                                                                                                    \
    MPI_ENTER("MPI_File_" #Name);                                                                                      \
    MPI_LEAVE(file_access(self, fh, AT, offset, buf, count, type, How, Req, St));                                          \
  }                                                                                                                    \
  int PMPI_File_##Name##_c(MPI_File fh, MPI_Offset offset, Buf buf, MPI_Count count, MPI_Datatype type, Out)          \
  {                                                                                                                    \
    MPI_ENTER("MPI_File_" #Name "_c");                                                                                 \
    MPI_LEAVE(file_access(self, fh, AT, offset, buf, count, type, How, Req, St));                                          \
  }                                                                                                                    \
  PMPI_ALIAS(File_##Name)                                                                                              \
  PMPI_ALIAS(File_##Name##_c)
#define PTR_FORMS(Name, Where, Buf, How, Out, Req, St)                                                                 \
  int PMPI_File_##Name(MPI_File fh, Buf buf, int count, MPI_Datatype type, Out)                                       \
  {                                                                                                                    \
    MPI_ENTER("MPI_File_" #Name);                                                                                      \
    MPI_LEAVE(file_access(self, fh, Where, 0, buf, count, type, How, Req, St));                                            \
  }                                                                                                                    \
  int PMPI_File_##Name##_c(MPI_File fh, Buf buf, MPI_Count count, MPI_Datatype type, Out)                             \
  {                                                                                                                    \
    MPI_ENTER("MPI_File_" #Name "_c");                                                                                 \
    MPI_LEAVE(file_access(self, fh, Where, 0, buf, count, type, How, Req, St));                                            \
  }                                                                                                                    \
  PMPI_ALIAS(File_##Name)                                                                                              \
  PMPI_ALIAS(File_##Name##_c)

#define STATUS MPI_Status *status
#define REQUEST MPI_Request *request
AT_FORMS(read_at, void *, 0, STATUS, NULL, status)
AT_FORMS(write_at, const void *, W, STATUS, NULL, status)
AT_FORMS(read_at_all, void *, C, STATUS, NULL, status)
AT_FORMS(write_at_all, const void *, W | C, STATUS, NULL, status)
AT_FORMS(iread_at, void *, NB, REQUEST, request, MPI_STATUS_IGNORE)
AT_FORMS(iwrite_at, const void *, W | NB, REQUEST, request, MPI_STATUS_IGNORE)
AT_FORMS(iread_at_all, void *, NB, REQUEST, request, MPI_STATUS_IGNORE)
AT_FORMS(iwrite_at_all, const void *, W | NB, REQUEST, request, MPI_STATUS_IGNORE)
PTR_FORMS(read, INDIV, void *, 0, STATUS, NULL, status)
PTR_FORMS(write, INDIV, const void *, W, STATUS, NULL, status)
PTR_FORMS(read_all, INDIV, void *, C, STATUS, NULL, status)
PTR_FORMS(write_all, INDIV, const void *, W | C, STATUS, NULL, status)
PTR_FORMS(iread, INDIV, void *, NB, REQUEST, request, MPI_STATUS_IGNORE)
PTR_FORMS(iwrite, INDIV, const void *, W | NB, REQUEST, request, MPI_STATUS_IGNORE)
PTR_FORMS(iread_all, INDIV, void *, NB, REQUEST, request, MPI_STATUS_IGNORE)
PTR_FORMS(iwrite_all, INDIV, const void *, W | NB, REQUEST, request, MPI_STATUS_IGNORE)
PTR_FORMS(read_shared, SHARED, void *, 0, STATUS, NULL, status)
PTR_FORMS(write_shared, SHARED, const void *, W, STATUS, NULL, status)
PTR_FORMS(iread_shared, SHARED, void *, NB, REQUEST, request, MPI_STATUS_IGNORE)
PTR_FORMS(iwrite_shared, SHARED, const void *, W | NB, REQUEST, request, MPI_STATUS_IGNORE)
PTR_FORMS(read_ordered, ORDERED, void *, C, STATUS, NULL, status)
PTR_FORMS(write_ordered, ORDERED, const void *, W | C, STATUS, NULL, status)

/* Split collectives; kinds tell the pairs apart. */
enum { SPLIT_READ_AT = 1, SPLIT_WRITE_AT, SPLIT_READ, SPLIT_WRITE, SPLIT_READ_ORDERED, SPLIT_WRITE_ORDERED };
#define SPLIT_FORMS(Name, Where, Buf, How, Kind)                                                                       \
  int PMPI_File_##Name##_begin(MPI_File fh, Buf buf, int count, MPI_Datatype type)                                    \
  {                                                                                                                    \
    MPI_ENTER("MPI_File_" #Name "_begin");                                                                             \
    MPI_LEAVE(split_begin(self, fh, Where, 0, buf, count, type, How, Kind));                                               \
  }                                                                                                                    \
  int PMPI_File_##Name##_begin_c(MPI_File fh, Buf buf, MPI_Count count, MPI_Datatype type)                            \
  {                                                                                                                    \
    MPI_ENTER("MPI_File_" #Name "_begin_c");                                                                           \
    MPI_LEAVE(split_begin(self, fh, Where, 0, buf, count, type, How, Kind));                                               \
  }                                                                                                                    \
  int PMPI_File_##Name##_end(MPI_File fh, Buf buf, MPI_Status *status)                                                \
  {                                                                                                                    \
    MPI_ENTER("MPI_File_" #Name "_end");                                                                               \
    (void)buf;                                                                                                         \
    MPI_LEAVE(split_end(self, fh, status, Kind, "MPI_File_" #Name "_begin"));                                              \
  }                                                                                                                    \
  PMPI_ALIAS(File_##Name##_begin)                                                                                      \
  PMPI_ALIAS(File_##Name##_begin_c)                                                                                    \
  PMPI_ALIAS(File_##Name##_end)
SPLIT_FORMS(read_all, INDIV, void *, C, SPLIT_READ)
SPLIT_FORMS(write_all, INDIV, const void *, W | C, SPLIT_WRITE)
SPLIT_FORMS(read_ordered, ORDERED, void *, C, SPLIT_READ_ORDERED)
SPLIT_FORMS(write_ordered, ORDERED, const void *, W | C, SPLIT_WRITE_ORDERED)

#define SPLIT_AT_FORMS(Name, Buf, How, Kind)                                                                           \
  int PMPI_File_##Name##_begin(MPI_File fh, MPI_Offset offset, Buf buf, int count, MPI_Datatype type)                 \
  {                                                                                                                    \
    MPI_ENTER("MPI_File_" #Name "_begin");                                                                             \
    MPI_LEAVE(split_begin(self, fh, AT, offset, buf, count, type, How, Kind));                                             \
  }                                                                                                                    \
  int PMPI_File_##Name##_begin_c(MPI_File fh, MPI_Offset offset, Buf buf, MPI_Count count, MPI_Datatype type)         \
  {                                                                                                                    \
    MPI_ENTER("MPI_File_" #Name "_begin_c");                                                                           \
    MPI_LEAVE(split_begin(self, fh, AT, offset, buf, count, type, How, Kind));                                             \
  }                                                                                                                    \
  int PMPI_File_##Name##_end(MPI_File fh, Buf buf, MPI_Status *status)                                                \
  {                                                                                                                    \
    MPI_ENTER("MPI_File_" #Name "_end");                                                                               \
    (void)buf;                                                                                                         \
    MPI_LEAVE(split_end(self, fh, status, Kind, "MPI_File_" #Name "_begin"));                                              \
  }                                                                                                                    \
  PMPI_ALIAS(File_##Name##_begin)                                                                                      \
  PMPI_ALIAS(File_##Name##_begin_c)                                                                                    \
  PMPI_ALIAS(File_##Name##_end)
SPLIT_AT_FORMS(read_at_all, void *, C, SPLIT_READ_AT)
SPLIT_AT_FORMS(write_at_all, const void *, W | C, SPLIT_WRITE_AT)
