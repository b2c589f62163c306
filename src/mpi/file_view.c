/* File views and positions: set_view (collective: the pointers go back to
 * the view's start), get_view, the individual and shared file pointers
 * (seek, positions), byte offsets and type extents in the file. Data
 * representations: "native" and "internal" (the same bytes here); others,
 * "external32" included, are refused with MPI_ERR_UNSUPPORTED_DATAREP. */
#include "file.h"
#include "info.h"
#include <stdio.h>
#include <string.h>
#include <strings.h>

static MPI_Offset reset_shared(io_fh_t *fh, MPI_Offset pos)
{
  fh->f->shared = pos;
  return pos;
}

int PMPI_File_set_view(MPI_File fh, MPI_Offset disp, MPI_Datatype etype, MPI_Datatype filetype, const char *datarep,
                       MPI_Info info)
{
  MPI_ENTER("MPI_File_set_view");
  CHECK_FILE(fh, f);
  const dt_t *et = dt_get(etype), *ft = dt_get(filetype);
  FCHECK(et, f, MPI_ERR_TYPE, "invalid or uncommitted etype (0x%x)", (unsigned)etype);
  FCHECK(ft, f, MPI_ERR_TYPE, "invalid or uncommitted filetype (0x%x)", (unsigned)filetype);
  FCHECK(datarep, f, MPI_ERR_UNSUPPORTED_DATAREP, "datarep is NULL");
  FCHECK(strcasecmp(datarep, "external32"), f, MPI_ERR_UNSUPPORTED_DATAREP,
         "data representation \"external32\" is not supported by simpi (\"native\" and \"internal\" are)");
  FCHECK(!strcasecmp(datarep, "native") || !strcasecmp(datarep, "internal"), f, MPI_ERR_UNSUPPORTED_DATAREP,
         "unknown data representation \"%s\" (simpi has \"native\" and \"internal\")", datarep);
  FCHECK(info_valid(info), f, MPI_ERR_INFO, "invalid info object (0x%x)", (unsigned)info);
  int seq = f->io.amode & MPI_MODE_SEQUENTIAL;
  if (disp == MPI_DISPLACEMENT_CURRENT) {
    FCHECK(seq, f, MPI_ERR_ARG, "MPI_DISPLACEMENT_CURRENT needs a file opened with MPI_MODE_SEQUENTIAL");
    disp = io_view_byte(&f->io.v, f->io.f->shared * (MPI_Offset)f->io.v.esize);
  }
  FCHECK(disp >= 0, f, MPI_ERR_ARG, "negative displacement %lld", (long long)disp);
  io_view_t v = {0};
  char why[300];
  int err = io_view_set(&v, disp, et, ft, why, sizeof why);
  FCHECK(!err, f, err, "%s", why);
  io_view_clear(&f->io.v);
  f->io.v = v;
  snprintf(f->io.datarep, sizeof f->io.datarep, "%s", datarep);
  f->io.fp = 0;
  io_hints_t h = f->io.hints;
  file_hints(info, &h);
  h.striping_unit = f->io.hints.striping_unit;
  h.striping_factor = f->io.hints.striping_factor;
  f->io.hints = h;
  act_io_set(&f->io, reset_shared, 0);
  MPI_LEAVE(MPI_SUCCESS);
}

/* A handle for a view's type: the predefined one itself, a copy of a derived one. */
static MPI_Datatype view_type(const dt_t *t, MPI_Datatype predefined)
{
  if (!t->derived)
    return predefined;
  dt_t *d = dt_dup(t);
  dt_t *old = (dt_t *)t;
  dt_set_contents(d, MPI_COMBINER_DUP, 0, NULL, 0, NULL, 0, NULL, 1, &old);
  d->committed = 1;
  return dt_handle_new(d);
}

int PMPI_File_get_view(MPI_File fh, MPI_Offset *disp, MPI_Datatype *etype, MPI_Datatype *filetype, char *datarep)
{
  MPI_ENTER("MPI_File_get_view");
  CHECK_FILE(fh, f);
  FCHECK(disp && etype && filetype && datarep, f, MPI_ERR_ARG, "null argument");
  const io_view_t *v = &f->io.v;
  *disp = v->disp;
  *etype = view_type(v->etype, SIMPI_T(v->etype->id));
  *filetype = view_type(v->ftype, SIMPI_T(v->ftype->id));
  snprintf(datarep, MPI_MAX_DATAREP_STRING, "%s", f->io.datarep);
  MPI_LEAVE(MPI_SUCCESS);
}

/* The view position (etypes) of the end of the file. */
static int eof_position(file_t *f, MPI_Offset *pos)
{
  MPI_Offset size;
  int err = io_size(f->io.f, &size);
  MPI_Offset data = io_view_data_before(&f->io.v, size), e = (MPI_Offset)f->io.v.esize;
  *pos = (data + e - 1) / e;
  return err;
}

/* The position whence + offset from cur; 0 or an error class. */
static int seek_to(rt_rank_t *self, file_t *f, MPI_Offset cur, MPI_Offset offset, int whence, MPI_Offset *to)
{
  MPI_Offset base = 0;
  if (whence == MPI_SEEK_CUR)
    base = cur;
  else if (whence == MPI_SEEK_END) {
    int err = eof_position(f, &base);
    if (err)
      return file_error(self, f, err, "cannot read the size of file '%s'", f->io.f->path);
  } else if (whence != MPI_SEEK_SET)
    return file_error(self, f, MPI_ERR_ARG, "invalid whence %d (MPI_SEEK_SET, MPI_SEEK_CUR or MPI_SEEK_END)",
                      whence);
  if (base + offset < 0)
    return file_error(self, f, MPI_ERR_ARG, "seek to a negative position (%lld)", (long long)(base + offset));
  *to = base + offset;
  return 0;
}

int PMPI_File_seek(MPI_File fh, MPI_Offset offset, int whence)
{
  MPI_ENTER("MPI_File_seek");
  CHECK_FILE(fh, f);
  FCHECK(!(f->io.amode & MPI_MODE_SEQUENTIAL), f, MPI_ERR_UNSUPPORTED_OPERATION,
         "the file was opened with MPI_MODE_SEQUENTIAL: it has no individual file pointer");
  MPI_Offset to;
  int err = seek_to(self, f, f->io.fp, offset, whence, &to);
  if (!err)
    f->io.fp = to;
  MPI_LEAVE(err);
}

int PMPI_File_get_position(MPI_File fh, MPI_Offset *offset)
{
  MPI_ENTER("MPI_File_get_position");
  CHECK_FILE(fh, f);
  FCHECK(offset, f, MPI_ERR_ARG, "offset is NULL");
  FCHECK(!(f->io.amode & MPI_MODE_SEQUENTIAL), f, MPI_ERR_UNSUPPORTED_OPERATION,
         "the file was opened with MPI_MODE_SEQUENTIAL: it has no individual file pointer");
  *offset = f->io.fp;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_File_get_byte_offset(MPI_File fh, MPI_Offset offset, MPI_Offset *disp)
{
  MPI_ENTER("MPI_File_get_byte_offset");
  CHECK_FILE(fh, f);
  FCHECK(disp, f, MPI_ERR_ARG, "disp is NULL");
  FCHECK(offset >= 0, f, MPI_ERR_ARG, "negative offset %lld", (long long)offset);
  *disp = io_view_byte(&f->io.v, offset * (MPI_Offset)f->io.v.esize);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_File_seek_shared(MPI_File fh, MPI_Offset offset, int whence)
{
  MPI_ENTER("MPI_File_seek_shared");
  CHECK_FILE(fh, f);
  MPI_Offset to;
  int err = seek_to(self, f, f->io.f->shared, offset, whence, &to);
  if (err)
    MPI_LEAVE(err);
  act_io_set(&f->io, reset_shared, to);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_File_get_position_shared(MPI_File fh, MPI_Offset *offset)
{
  MPI_ENTER("MPI_File_get_position_shared");
  CHECK_FILE(fh, f);
  FCHECK(offset, f, MPI_ERR_ARG, "offset is NULL");
  *offset = f->io.f->shared;
  MPI_LEAVE(MPI_SUCCESS);
}

static int type_extent(rt_rank_t *self, MPI_File fh, MPI_Datatype type, MPI_Count *extent)
{
  CHECK_FILE(fh, f);
  const dt_t *t = dt_lookup(type);
  FCHECK(t, f, MPI_ERR_TYPE, "invalid datatype (0x%x)", (unsigned)type);
  FCHECK(extent, f, MPI_ERR_ARG, "extent is NULL");
  *extent = t->extent; /* "native" and "internal": the bytes in memory */
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_File_get_type_extent(MPI_File fh, MPI_Datatype type, MPI_Aint *extent)
{
  MPI_ENTER("MPI_File_get_type_extent");
  MPI_Count e = 0;
  int err = type_extent(self, fh, type, &e);
  if (!err && extent)
    *extent = (MPI_Aint)e;
  return err;
}

int PMPI_File_get_type_extent_c(MPI_File fh, MPI_Datatype type, MPI_Count *extent)
{
  MPI_ENTER("MPI_File_get_type_extent_c");
  return type_extent(self, fh, type, extent);
}

PMPI_ALIAS(File_set_view)
PMPI_ALIAS(File_get_view)
PMPI_ALIAS(File_seek)
PMPI_ALIAS(File_get_position)
PMPI_ALIAS(File_get_byte_offset)
PMPI_ALIAS(File_seek_shared)
PMPI_ALIAS(File_get_position_shared)
PMPI_ALIAS(File_get_type_extent)
PMPI_ALIAS(File_get_type_extent_c)
