/* Files: open (collective: the members duplicate the communicator, the
 * agreement a real MPI makes, and share the engine's file), close, delete,
 * sizes, group, access mode, hints, atomicity, sync, error handlers (a file
 * gets MPI_FILE_NULL's at open: MPI_ERRORS_RETURN unless changed, as the
 * standard says), handle conversion, and the data representations. Views
 * and positions are in file_view.c, data access in file_rw.c. */
#include "file.h"
#include "../core/group.h"
#include "../core/handles.h"
#include "comm_make.h"
#include "info.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static htable_t files = HTABLE(SIMPI_KIND_FILE, 1); /* index 0 is MPI_FILE_NULL */

file_t *file_get(MPI_File h)
{
  file_t *f = ht_get(&files, h);
  return f && f->owner == rt_self->id ? f : NULL;
}

static int *null_errh; /* per rank: MPI_FILE_NULL's handler, 0 for the default */

int file_null_errh(void)
{
  int h = null_errh && rt_self ? null_errh[rt_self->id] : 0;
  return h ? h : MPI_ERRORS_RETURN;
}

int file_error(rt_rank_t *self, const file_t *f, int cls, const char *fmt, ...)
{
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return mpi_error_errh(self, f ? f->errh : file_null_errh(), f ? f->handle : MPI_FILE_NULL, cls, "%s", msg);
}

static int switch_hint(MPI_Info info, const char *key, int *out)
{
  char v[32];
  if (!info_value(info, key, v, sizeof v))
    return 0;
  *out = !strcmp(v, "enable") ? 1 : !strcmp(v, "disable") ? 0 : -1;
  return 1;
}

static void size_hint(MPI_Info info, const char *key, MPI_Offset *out)
{
  char v[32];
  if (info_value(info, key, v, sizeof v) && atoll(v) > 0)
    *out = atoll(v);
}

void file_hints(MPI_Info info, io_hints_t *h)
{
  if (info == MPI_INFO_NULL)
    return;
  MPI_Offset n = 0;
  size_hint(info, "striping_unit", &h->striping_unit);
  size_hint(info, "cb_buffer_size", &h->cb_buffer_size);
  size_hint(info, "striping_factor", &n);
  if (n > 0 && n <= INT_MAX)
    h->striping_factor = (int)n;
  n = 0;
  size_hint(info, "cb_nodes", &n);
  if (n > 0 && n <= INT_MAX)
    h->cb_nodes = (int)n;
  switch_hint(info, "romio_cb_read", &h->cb_read);
  switch_hint(info, "romio_cb_write", &h->cb_write);
  switch_hint(info, "romio_ds_read", &h->ds_read);
  switch_hint(info, "romio_ds_write", &h->ds_write);
}

int PMPI_File_open(MPI_Comm comm, const char *filename, int amode, MPI_Info info, MPI_File *fh)
{
  MPI_ENTER("MPI_File_open");
  rt_comm_t *c = comm_get(comm);
  FCHECK(c, NULL, MPI_ERR_COMM, "%s", mpi_bad_comm(comm));
  FCHECK(!comm_is_inter(c), NULL, MPI_ERR_COMM, "files on intercommunicators are not supported");
  FCHECK(fh, NULL, MPI_ERR_ARG, "fh is NULL");
  FCHECK(filename && *filename, NULL, MPI_ERR_BAD_FILE, "no file name");
  int kinds = !!(amode & MPI_MODE_RDONLY) + !!(amode & MPI_MODE_WRONLY) + !!(amode & MPI_MODE_RDWR);
  FCHECK(kinds == 1, NULL, MPI_ERR_AMODE,
         "amode %d must hold exactly one of MPI_MODE_RDONLY, MPI_MODE_WRONLY and MPI_MODE_RDWR", amode);
  FCHECK(!(amode & MPI_MODE_RDONLY) || !(amode & (MPI_MODE_CREATE | MPI_MODE_EXCL)), NULL, MPI_ERR_AMODE,
         "amode %d: MPI_MODE_RDONLY with MPI_MODE_CREATE or MPI_MODE_EXCL", amode);
  FCHECK(!(amode & MPI_MODE_RDWR) || !(amode & MPI_MODE_SEQUENTIAL), NULL, MPI_ERR_AMODE,
         "amode %d: MPI_MODE_RDWR with MPI_MODE_SEQUENTIAL", amode);
  FCHECK(!(amode & ~511), NULL, MPI_ERR_AMODE, "amode %d has bits of no access mode", amode);
  FCHECK(info_valid(info), NULL, MPI_ERR_INFO, "invalid info object (0x%x)", (unsigned)info);
  io_hints_t h = {.cb_read = -1, .cb_write = -1, .ds_read = -1, .ds_write = -1};
  file_hints(info, &h);
  MPI_Comm dup;
  int err = comm_dup_quiet(self, c, &dup);
  if (err)
    MPI_LEAVE(err);
  rt_comm_t *fc = comm_get(dup);
  snprintf(fc->name, sizeof fc->name, "the file '%.100s'", filename); /* for reports */
  io_file_t *io;
  char why[300] = "";
  long trace_id;
  err = act_io_open(c, fc, filename, amode, &h, &io, &trace_id, why, sizeof why);
  if (err) {
    comm_release(fc);
    FCHECK(0, NULL, err, "%s", why);
  }
  file_t *f = calloc(1, sizeof *f);
  f->io.f = io;
  f->io.c = fc;
  f->io.rank = comm_rank(c);
  f->io.n = comm_size(c);
  f->io.amode = amode;
  f->io.hints = h;
  f->io.trace_id = trace_id;
  io_view_set(&f->io.v, 0, dt_get(MPI_BYTE), dt_get(MPI_BYTE), why, sizeof why);
  snprintf(f->io.datarep, sizeof f->io.datarep, "native");
  if (amode & MPI_MODE_APPEND)
    io_size(io, &f->io.fp);
  f->owner = self->id;
  f->errh = file_null_errh();
  f->info = info_dup(info);
  f->pc = self->call_pc;
  *fh = f->handle = ht_add(&files, f);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_File_close(MPI_File *fh)
{
  MPI_ENTER("MPI_File_close");
  FCHECK(fh, NULL, MPI_ERR_ARG, "fh is NULL");
  CHECK_FILE(*fh, f);
  act_io_close(&f->io);
  io_view_clear(&f->io.v);
  comm_release(f->io.c);
  info_release(f->info);
  ht_remove(&files, f->handle);
  free(f);
  *fh = MPI_FILE_NULL;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_File_delete(const char *filename, MPI_Info info)
{
  MPI_ENTER("MPI_File_delete");
  FCHECK(filename && *filename, NULL, MPI_ERR_BAD_FILE, "no file name");
  FCHECK(info_valid(info), NULL, MPI_ERR_INFO, "invalid info object (0x%x)", (unsigned)info);
  char why[300];
  int err = io_delete(filename, why, sizeof why);
  FCHECK(!err, NULL, err, "%s", why);
  MPI_LEAVE(MPI_SUCCESS);
}

/* Collective size changes, made once for all members; a failure comes back as minus its class. */
static MPI_Offset set_size(io_fh_t *fh, MPI_Offset size)
{
  char why[300];
  int err = io_resize(fh->f, size, 0, why, sizeof why);
  return err ? -err : 0;
}
static MPI_Offset grow(io_fh_t *fh, MPI_Offset size)
{
  char why[300];
  int err = io_resize(fh->f, size, 1, why, sizeof why);
  return err ? -err : 0;
}

static int resize(rt_rank_t *self, MPI_File fh, MPI_Offset size, int grow_only)
{
  CHECK_FILE(fh, f);
  FCHECK(size >= 0, f, MPI_ERR_ARG, "negative size %lld", (long long)size);
  FCHECK(!(f->io.amode & MPI_MODE_SEQUENTIAL), f, MPI_ERR_UNSUPPORTED_OPERATION,
         "the file was opened with MPI_MODE_SEQUENTIAL");
  FCHECK(!(f->io.amode & MPI_MODE_RDONLY), f, MPI_ERR_READ_ONLY, "the file was opened with MPI_MODE_RDONLY");
  MPI_Offset err = act_io_set(&f->io, grow_only ? grow : set_size, size);
  FCHECK(!err, f, (int)-err, "cannot change the size of file '%s' to %lld bytes", f->io.f->path, (long long)size);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_File_set_size(MPI_File fh, MPI_Offset size)
{
  MPI_ENTER("MPI_File_set_size");
  return resize(self, fh, size, 0);
}

int PMPI_File_preallocate(MPI_File fh, MPI_Offset size)
{
  MPI_ENTER("MPI_File_preallocate");
  return resize(self, fh, size, 1);
}

int PMPI_File_get_size(MPI_File fh, MPI_Offset *size)
{
  MPI_ENTER("MPI_File_get_size");
  CHECK_FILE(fh, f);
  FCHECK(size, f, MPI_ERR_ARG, "size is NULL");
  int err = io_size(f->io.f, size);
  FCHECK(!err, f, err, "cannot read the size of file '%s'", f->io.f->path);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_File_get_group(MPI_File fh, MPI_Group *group)
{
  MPI_ENTER("MPI_File_get_group");
  CHECK_FILE(fh, f);
  FCHECK(group, f, MPI_ERR_ARG, "group is NULL");
  int *ws = malloc(sizeof *ws * (size_t)f->io.n);
  for (int i = 0; i < f->io.n; i++)
    ws[i] = comm_world(f->io.c, i);
  *group = group_handle(group_make(f->io.n, ws));
  free(ws);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_File_get_amode(MPI_File fh, int *amode)
{
  MPI_ENTER("MPI_File_get_amode");
  CHECK_FILE(fh, f);
  FCHECK(amode, f, MPI_ERR_ARG, "amode is NULL");
  *amode = f->io.amode;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_File_set_info(MPI_File fh, MPI_Info info)
{
  MPI_ENTER("MPI_File_set_info");
  CHECK_FILE(fh, f);
  FCHECK(info_valid(info), f, MPI_ERR_INFO, "invalid info object (0x%x)", (unsigned)info);
  io_hints_t h = f->io.hints;
  file_hints(info, &h);
  h.striping_unit = f->io.hints.striping_unit; /* fixed when the file was made */
  h.striping_factor = f->io.hints.striping_factor;
  act_io_hints(&f->io, &h);
  if (info != MPI_INFO_NULL) {
    info_release(f->info);
    f->info = info_dup(info);
  }
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_File_get_info(MPI_File fh, MPI_Info *used_out)
{
  MPI_ENTER("MPI_File_get_info");
  CHECK_FILE(fh, f);
  FCHECK(used_out, f, MPI_ERR_ARG, "info_used is NULL");
  static const char *const known[] = {"cb_buffer_size", "cb_nodes", "romio_cb_read", "romio_cb_write",
                                      "romio_ds_read", "romio_ds_write", "striping_factor", "striping_unit", NULL};
  MPI_Info used = info_used(MPI_INFO_NULL, known); /* a new, empty info: the values in effect follow */
  const io_hints_t *h = &f->io.hints;
  const io_file_t *io = f->io.f;
  static const char *sw[] = {"automatic", "disable", "enable"};
  char v[32];
  snprintf(v, sizeof v, "%lld", (long long)(h->cb_buffer_size > 0 ? h->cb_buffer_size : 16 << 20));
  info_put(used, "cb_buffer_size", v);
  int hosts = 0;
  for (int i = 0; i < f->io.n; i++) { /* one aggregator per host unless cb_nodes says */
    int first = 1;
    for (int j = 0; j < i && first; j++)
      first = rt_ranks[comm_world(f->io.c, j)].host != rt_ranks[comm_world(f->io.c, i)].host;
    hosts += first;
  }
  snprintf(v, sizeof v, "%d", h->cb_nodes > 0 ? h->cb_nodes : hosts);
  info_put(used, "cb_nodes", v);
  info_put(used, "romio_cb_read", sw[h->cb_read + 1]);
  info_put(used, "romio_cb_write", sw[h->cb_write + 1]);
  info_put(used, "romio_ds_read", sw[h->ds_read + 1]);
  info_put(used, "romio_ds_write", sw[h->ds_write + 1]);
  snprintf(v, sizeof v, "%d", io->stripes > 0 ? io->stripes : 1);
  info_put(used, "striping_factor", v);
  snprintf(v, sizeof v, "%lld", (long long)io->unit);
  info_put(used, "striping_unit", v);
  *used_out = used;
  MPI_LEAVE(MPI_SUCCESS);
}

static MPI_Offset set_atomic(io_fh_t *fh, MPI_Offset flag)
{
  fh->f->atomic = (int)flag;
  return flag;
}

int PMPI_File_set_atomicity(MPI_File fh, int flag)
{
  MPI_ENTER("MPI_File_set_atomicity");
  CHECK_FILE(fh, f);
  act_io_set(&f->io, set_atomic, flag != 0);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_File_get_atomicity(MPI_File fh, int *flag)
{
  MPI_ENTER("MPI_File_get_atomicity");
  CHECK_FILE(fh, f);
  FCHECK(flag, f, MPI_ERR_ARG, "flag is NULL");
  *flag = f->io.f->atomic;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_File_sync(MPI_File fh)
{
  MPI_ENTER("MPI_File_sync");
  CHECK_FILE(fh, f);
  FCHECK(!(f->io.amode & MPI_MODE_RDONLY), f, MPI_ERR_ACCESS, "the file was opened with MPI_MODE_RDONLY");
  act_io_barrier(&f->io); /* what was written is in the file already: the members only agree */
  MPI_LEAVE(MPI_SUCCESS);
}

/* Data representations a rank registered. As under MPICH (ROMIO): one
 * with conversion functions is refused (MPI_ERR_CONVERSION), one without is
 * recorded, a name a rank registered already is MPI_ERR_DUP_DATAREP, and no
 * view uses them (MPI_ERR_UNSUPPORTED_DATAREP at set_view). */
typedef struct datarep_name {
  int rank;
  struct datarep_name *next;
  char name[];
} datarep_name_t;
static datarep_name_t *datareps;

static int datarep(rt_rank_t *self, const char *name, int converts)
{
  CHECK(name, MPI_COMM_WORLD, MPI_ERR_ARG, "the data representation's name is NULL");
  FCHECK(!converts, NULL, MPI_ERR_CONVERSION,
         "data representation '%s': simpi, as MPICH, supports no conversion functions; files hold data as "
         "\"native\" or \"external32\"",
         name);
  for (const datarep_name_t *d = datareps; d; d = d->next)
    FCHECK(d->rank != self->id || strcmp(d->name, name), NULL, MPI_ERR_DUP_DATAREP,
           "data representation '%s' is registered already", name);
  datarep_name_t *d = malloc(sizeof *d + strlen(name) + 1);
  d->rank = self->id;
  d->next = datareps;
  strcpy(d->name, name);
  datareps = d;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Register_datarep(const char *name, MPI_Datarep_conversion_function *read_fn,
                          MPI_Datarep_conversion_function *write_fn, MPI_Datarep_extent_function *extent_fn,
                          void *extra)
{
  MPI_ENTER("MPI_Register_datarep");
  (void)extent_fn, (void)extra;
  return datarep(self, name, read_fn != MPI_CONVERSION_FN_NULL || write_fn != MPI_CONVERSION_FN_NULL);
}

int PMPI_Register_datarep_c(const char *name, MPI_Datarep_conversion_function_c *read_fn,
                            MPI_Datarep_conversion_function_c *write_fn, MPI_Datarep_extent_function *extent_fn,
                            void *extra)
{
  MPI_ENTER("MPI_Register_datarep_c");
  (void)extent_fn, (void)extra;
  return datarep(self, name, read_fn != MPI_CONVERSION_FN_NULL_C || write_fn != MPI_CONVERSION_FN_NULL_C);
}

int PMPI_File_create_errhandler(MPI_File_errhandler_function *fn, MPI_Errhandler *errhandler)
{
  MPI_ENTER("MPI_File_create_errhandler");
  CHECK(fn && errhandler, MPI_COMM_WORLD, MPI_ERR_ARG, "null argument");
  *errhandler = mpi_errh_new((void (*)(int *, int *, ...))fn);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_File_set_errhandler(MPI_File fh, MPI_Errhandler errhandler)
{
  MPI_ENTER("MPI_File_set_errhandler");
  file_t *f = fh == MPI_FILE_NULL ? NULL : file_get(fh);
  FCHECK(f || fh == MPI_FILE_NULL, NULL, MPI_ERR_FILE, "invalid file handle (0x%x)", (unsigned)fh);
  FCHECK(mpi_errh_valid(errhandler), f, MPI_ERR_ARG, "invalid error handler (0x%x)", (unsigned)errhandler);
  if (f)
    f->errh = errhandler;
  else {
    if (!null_errh)
      null_errh = calloc((size_t)rt_nranks, sizeof *null_errh);
    null_errh[self->id] = errhandler;
  }
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_File_get_errhandler(MPI_File fh, MPI_Errhandler *errhandler)
{
  MPI_ENTER("MPI_File_get_errhandler");
  file_t *f = fh == MPI_FILE_NULL ? NULL : file_get(fh);
  FCHECK(f || fh == MPI_FILE_NULL, NULL, MPI_ERR_FILE, "invalid file handle (0x%x)", (unsigned)fh);
  FCHECK(errhandler, f, MPI_ERR_ARG, "errhandler is NULL");
  *errhandler = f ? f->errh : file_null_errh();
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_File_call_errhandler(MPI_File fh, int errorcode)
{
  MPI_ENTER("MPI_File_call_errhandler");
  file_t *f = fh == MPI_FILE_NULL ? NULL : file_get(fh);
  FCHECK(f || fh == MPI_FILE_NULL, NULL, MPI_ERR_FILE, "invalid file handle (0x%x)", (unsigned)fh);
  const char *s = mpi_error_text(errorcode);
  file_error(self, f, errorcode, "%s", s ? s : "error code given by the program");
  MPI_LEAVE(MPI_SUCCESS); /* the call itself succeeds once the handler has run */
}

MPI_Fint PMPI_File_c2f(MPI_File fh) { return (MPI_Fint)fh; }
MPI_File PMPI_File_f2c(MPI_Fint fh) { return (MPI_File)fh; }

void file_report_open(rt_rank_t *self)
{
  for (int i = 1; i < files.cap; i++) {
    file_t *f = files.objs[i];
    if (!f || f->owner != self->id)
      continue;
    char loc[600] = "";
    rt_srcloc(f->pc, loc, sizeof loc);
    rt_warn("rank %d: MPI_Finalize with file '%s' still open (opened%s%s; MPI_File_close it first)", self->id,
            f->io.f->path, loc[0] ? " at " : "", loc);
  }
}

PMPI_ALIAS(File_open)
PMPI_ALIAS(File_close)
PMPI_ALIAS(File_delete)
PMPI_ALIAS(File_set_size)
PMPI_ALIAS(File_preallocate)
PMPI_ALIAS(File_get_size)
PMPI_ALIAS(File_get_group)
PMPI_ALIAS(File_get_amode)
PMPI_ALIAS(File_set_info)
PMPI_ALIAS(File_get_info)
PMPI_ALIAS(File_set_atomicity)
PMPI_ALIAS(File_get_atomicity)
PMPI_ALIAS(File_sync)
PMPI_ALIAS(Register_datarep)
PMPI_ALIAS(Register_datarep_c)
PMPI_ALIAS(File_create_errhandler)
PMPI_ALIAS(File_set_errhandler)
PMPI_ALIAS(File_get_errhandler)
PMPI_ALIAS(File_call_errhandler)
PMPI_ALIAS(File_c2f)
PMPI_ALIAS(File_f2c)
