/* Files as the MPI calls use them: the handle table, the per-rank handle
 * (the engine's io_fh_t plus the MPI layer's error handler, hints and call
 * site), argument checks through the file's error handler (MPI_FILE_NULL's
 * for calls without a valid file: MPI_ERRORS_RETURN unless the program
 * changes it), and the hints read from MPI_Info objects. */
#ifndef SIMPI_MPI_FILE_H
#define SIMPI_MPI_FILE_H
#include "../action/action.h"
#include "mpi_impl.h"

typedef struct file {
  io_fh_t io;
  int handle, owner;
  int errh;
  MPI_Info info; /* the hints given (open, set_view, set_info) */
  void *pc;      /* where it was opened */
} file_t;

file_t *file_get(MPI_File h); /* the calling rank's file h, NULL if none */
/* The error handler of MPI_FILE_NULL for the calling rank. */
int file_null_errh(void);
/* Raises an error through f's handler (MPI_FILE_NULL's when f is NULL). */
int file_error(rt_rank_t *self, const file_t *f, int cls, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* MPI_Finalize: a warning for each file the rank still has open, with the line that opened it. */
void file_report_open(rt_rank_t *self);
/* Hints from info over h (MPI_INFO_NULL: none). */
void file_hints(MPI_Info info, io_hints_t *h);

#define FCHECK(cond, f, cls, ...)                                                                                      \
  do {                                                                                                                 \
    if (!(cond)) {                                                                                                     \
      int e_ = file_error(self, f, cls, __VA_ARGS__);                                                                  \
      mpi_leave(self);                                                                                                 \
      return e_;                                                                                                       \
    }                                                                                                                  \
  } while (0)
#define CHECK_FILE(h, f)                                                                                               \
  file_t *f = file_get(h);                                                                                             \
  FCHECK(f, NULL, MPI_ERR_FILE, "invalid file handle (0x%x)", (unsigned)(h))
#endif
