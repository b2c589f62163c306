/* simpi-replay's MPI-IO lines (the format is in src/action/io_act.c):
 * files by their trace ids, each with the etype of its view; every line
 * becomes the file call it stands for. Files are neither read nor written
 * (simpi_trace_files: the replay has no data), so the replay needs none of
 * the program's files; the times are those of the recorded run. */
#include "replay.h"
#include "trace.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct rfile {
  MPI_File fh;
  MPI_Datatype etype;
} rfile_t;
static rfile_t *files; /* by trace id, from 1 */
static long nfiles;
int io_err;

/* A file call's error: the one its line announced goes by, any other stops the replay. */
static void on_file_error(MPI_File *fh, int *code, ...)
{
  (void)fh;
  die_unless(*code, io_err);
}

void io_replay_init(void)
{
  simpi_trace_files(); /* the program's files are not needed, nor touched */
  MPI_Errhandler eh;
  MPI_File_create_errhandler(on_file_error, &eh);
  MPI_File_set_errhandler(MPI_FILE_NULL, eh);
}

static rfile_t *file_of(void)
{
  long id = num(2, "the file id");
  if (id < 1 || id >= nfiles || files[id].fh == MPI_FILE_NULL)
    die("no file %s here (see the file_open lines)", tok[2]);
  return &files[id];
}

/* Sets key to the number at tok[i] when it is above 0 (0: the default). */
static void positive_hint(MPI_Info info, const char *key, int i)
{
  long n = num(i, key);
  if (n > 0) {
    char v[32];
    snprintf(v, sizeof v, "%ld", n);
    MPI_Info_set(info, key, v);
  }
}

/* The hints at tok[i..i+6): cb_nodes, cb_buffer_size and the four switches, into info. */
static void hints(MPI_Info info, int i)
{
  static const char *const sw[] = {"automatic", "disable", "enable"};
  static const char *const keys[] = {"romio_cb_read", "romio_cb_write", "romio_ds_read", "romio_ds_write"};
  positive_hint(info, "cb_nodes", i);
  positive_hint(info, "cb_buffer_size", i + 1);
  for (int k = 0; k < 4; k++) {
    long s = num(i + 2 + k, "a hint switch");
    if (s < -1 || s > 1)
      die("bad hint switch %s (-1, 0 or 1)", tok[i + 2 + k]);
    MPI_Info_set(info, keys[k], sw[s + 1]);
  }
}

static void open_line(MPI_Comm comm)
{
  long id = num(2, "the file id");
  if (id < (io_err ? 0 : 1))
    die("bad file id %s", tok[2]);
  if (id >= nfiles) {
    files = realloc(files, sizeof *files * (size_t)(id + 1));
    for (long i = nfiles; i <= id; i++)
      files[i] = (rfile_t){MPI_FILE_NULL, MPI_BYTE};
    nfiles = id + 1;
  }
  if (ntok < 4 + 1)
    die("%s", "missing the file name");
  char *path = tok[4], *q = path; /* %XX back to bytes, in place */
  for (const char *p = path; *p; p++) {
    unsigned x;
    if (*p == '%' && sscanf(p + 1, "%2x", &x) == 1) {
      *q++ = (char)x;
      p += 2;
    } else
      *q++ = *p;
  }
  *q = 0;
  MPI_Info info;
  MPI_Info_create(&info);
  positive_hint(info, "striping_unit", 5);
  positive_hint(info, "striping_factor", 6);
  hints(info, 7);
  MPI_File fh;
  if (io_err)
    simpi_trace_file_error(io_err);
  MPI_File_open(comm, path, (int)num(3, "the access mode"), info, &fh);
  MPI_Info_free(&info);
  if (id > 0)
    files[id] = (rfile_t){fh, MPI_BYTE};
}

static void view_line(rfile_t *f)
{
  MPI_Offset disp = num(3, "the displacement");
  long esize = num(4, "the etype size"), fext = num(5, "the filetype extent"), nb = num(12, "the block count");
  if (esize < 1 || nb < 0 || ntok != 13 + 2 * nb)
    die("%s", "bad file_view line (FID DISP ESIZE FEXT HINTS NB, then NB offsets and lengths)");
  MPI_Count *off = malloc(sizeof *off * (size_t)(nb ? nb : 1));
  MPI_Count *len = malloc(sizeof *len * (size_t)(nb ? nb : 1));
  for (long i = 0; i < nb; i++) {
    off[i] = num(13 + 2 * (int)i, "a block offset");
    len[i] = num(14 + 2 * (int)i, "a block length");
  }
  MPI_Datatype et = MPI_BYTE, blocks, ft;
  if (esize > 1) {
    MPI_Type_contiguous((int)esize, MPI_BYTE, &et);
    MPI_Type_commit(&et);
  }
  MPI_Type_create_hindexed_c(nb, len, off, MPI_BYTE, &blocks);
  MPI_Type_create_resized(blocks, 0, fext, &ft);
  MPI_Type_commit(&ft);
  MPI_Info info;
  MPI_Info_create(&info);
  hints(info, 6);
  MPI_File_set_view(f->fh, disp, et, ft, "native", info);
  MPI_Info_free(&info);
  MPI_Type_free(&blocks);
  MPI_Type_free(&ft);
  if (f->etype != MPI_BYTE)
    MPI_Type_free(&f->etype);
  f->etype = et;
  free(off);
  free(len);
}

void perform_io(int a, MPI_Comm comm)
{
  if (a == TI_FILE_OPEN) {
    open_line(comm);
    return;
  }
  rfile_t *f = file_of();
  int write = 0;
  switch (a) {
  case TI_FILE_CLOSE:
    MPI_File_close(&f->fh);
    if (f->etype != MPI_BYTE)
      MPI_Type_free(&f->etype);
    f->etype = MPI_BYTE;
    break;
  case TI_FILE_VIEW: view_line(f); break;
  case TI_FILE_INFO: {
    MPI_Info info;
    MPI_Info_create(&info);
    hints(info, 3);
    MPI_File_set_info(f->fh, info);
    MPI_Info_free(&info);
    break;
  }
  case TI_FILE_WRITE:
  case TI_FILE_WRITE_ALL: write = 1; /* fall through */
  case TI_FILE_READ:
  case TI_FILE_READ_ALL: {
    MPI_Offset pos = num(3, "the position");
    long n = num(4, "the count");
    void *b = buf(n, f->etype, !write);
    if (a == TI_FILE_READ_ALL || a == TI_FILE_WRITE_ALL) {
      if (write)
        MPI_File_write_at_all_c(f->fh, pos, b, n, f->etype, MPI_STATUS_IGNORE);
      else
        MPI_File_read_at_all_c(f->fh, pos, b, n, f->etype, MPI_STATUS_IGNORE);
    } else if (rma_req) { /* its "wait 0 0 -K" completes it */
      MPI_Request r;
      if (write)
        MPI_File_iwrite_at_c(f->fh, pos, b, n, f->etype, &r);
      else
        MPI_File_iread_at_c(f->fh, pos, b, n, f->etype, &r);
      nbcs = rma_req;
      add_pending(r, 0, 0, 0, -1, nbcs, NULL);
    } else if (write)
      MPI_File_write_at_c(f->fh, pos, b, n, f->etype, MPI_STATUS_IGNORE);
    else
      MPI_File_read_at_c(f->fh, pos, b, n, f->etype, MPI_STATUS_IGNORE);
    break;
  }
  case TI_FILE_WRITE_SHARED:
  case TI_FILE_WRITE_ORDERED: write = 1; /* fall through */
  case TI_FILE_READ_SHARED:
  case TI_FILE_READ_ORDERED: {
    long n = num(3, "the count");
    void *b = buf(n, f->etype, !write);
    if (a == TI_FILE_READ_ORDERED || a == TI_FILE_WRITE_ORDERED) {
      if (write)
        MPI_File_write_ordered_c(f->fh, b, n, f->etype, MPI_STATUS_IGNORE);
      else
        MPI_File_read_ordered_c(f->fh, b, n, f->etype, MPI_STATUS_IGNORE);
    } else if (rma_req) {
      MPI_Request r;
      if (write)
        MPI_File_iwrite_shared_c(f->fh, b, n, f->etype, &r);
      else
        MPI_File_iread_shared_c(f->fh, b, n, f->etype, &r);
      nbcs = rma_req;
      add_pending(r, 0, 0, 0, -1, nbcs, NULL);
    } else if (write)
      MPI_File_write_shared_c(f->fh, b, n, f->etype, MPI_STATUS_IGNORE);
    else
      MPI_File_read_shared_c(f->fh, b, n, f->etype, MPI_STATUS_IGNORE);
    break;
  }
  case TI_FILE_SET_SIZE: MPI_File_set_size(f->fh, num(3, "the size")); break;
  case TI_FILE_PREALLOCATE: MPI_File_preallocate(f->fh, num(3, "the size")); break;
  case TI_FILE_SEEK_SHARED: MPI_File_seek_shared(f->fh, num(3, "the position"), MPI_SEEK_SET); break;
  case TI_FILE_SET_ATOMICITY: MPI_File_set_atomicity(f->fh, (int)num(3, "the flag")); break;
  case TI_FILE_SYNC: MPI_File_sync(f->fh); break;
  default: die("action '%s' is not supported by this replayer", tok[1]);
  }
}
