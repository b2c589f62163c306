/* Files as the members of one open share them: the first member to get
 * there opens the real file (relative paths from the working directory, as
 * under mpiexec) and the others find it under the open's communicator; the
 * last member to let go closes it. Also deleting, sizes, and what a
 * collective call does once for all members. */
#include "io.h"
#include "../runtime/runtime.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static io_file_t *open_files;

io_file_t *io_open_files(void) { return open_files; }

int io_errno_class(int e)
{
  switch (e) {
  case ENOENT: return MPI_ERR_NO_SUCH_FILE;
  case EEXIST: return MPI_ERR_FILE_EXISTS;
  case EACCES:
  case EPERM: return MPI_ERR_ACCESS;
  case EROFS: return MPI_ERR_READ_ONLY;
  case ENOSPC:
  case EFBIG: return MPI_ERR_NO_SPACE;
  case EDQUOT: return MPI_ERR_QUOTA;
  case ENAMETOOLONG:
  case EISDIR:
  case ENOTDIR: return MPI_ERR_BAD_FILE;
  default: return MPI_ERR_IO;
  }
}

/* Opens being shared out, keyed by the core of the open's communicator. */
typedef struct agreeing {
  const void *key;
  io_file_t *f;
  int err;
  char why[200];
  int left;
  struct agreeing *next;
} agreeing_t;
static agreeing_t *agreeing;

static int open_real(io_file_t *f, char *why, size_t len)
{
  int am = f->amode, flags = 0;
  if (am & MPI_MODE_CREATE)
    flags |= O_CREAT;
  if (am & MPI_MODE_EXCL)
    flags |= O_EXCL;
  if (!rt_opts.io_data) { /* nothing is written: the file is only looked at */
    struct stat st;
    if (stat(f->path, &st) == 0)
      f->vsize = S_ISREG(st.st_mode) ? st.st_size : 0;
    else if (!(flags & O_CREAT)) {
      snprintf(why, len, "cannot open file '%s': %s", f->path, strerror(errno));
      return io_errno_class(errno);
    }
    return 0;
  }
  /* write-only files are opened for reading too: a write of scattered pieces reads what lies between */
  int fd = open(f->path, flags | ((am & MPI_MODE_RDONLY) ? O_RDONLY : O_RDWR), 0666);
  if (fd < 0 && errno == EACCES && (am & MPI_MODE_WRONLY))
    fd = open(f->path, flags | O_WRONLY, 0666);
  if (fd < 0) {
    snprintf(why, len, "cannot open file '%s': %s", f->path, strerror(errno));
    return io_errno_class(errno);
  }
  f->fd = fd;
  return 0;
}

int io_file_share(rt_comm_t *c, const char *path, int amode, const io_hints_t *h, io_file_t **out, char *why,
                  size_t len)
{
  for (agreeing_t **pp = &agreeing; *pp; pp = &(*pp)->next)
    if ((*pp)->key == c->core) {
      agreeing_t *a = *pp;
      int err = a->err;
      *out = a->f;
      if (err)
        snprintf(why, len, "%s", a->why);
      if (--a->left == 0) {
        *pp = a->next;
        free(a);
      }
      return err;
    }
  int n = comm_size(c);
  io_file_t *f = calloc(1, sizeof *f);
  f->fd = -1;
  f->path = strdup(path);
  f->amode = amode;
  f->members = f->refs = n;
  f->once_seq = -1;
  f->hints = *h;
  int err = open_real(f, why, len);
  if (err) {
    free(f->path);
    free(f);
    f = NULL;
  } else {
    io_layout(f, h);
    if (amode & MPI_MODE_APPEND) /* both pointers start at the end */
      io_size(f, &f->shared);
    f->next = open_files;
    open_files = f;
  }
  if (n > 1) {
    agreeing_t *a = calloc(1, sizeof *a);
    *a = (agreeing_t){c->core, f, err, "", n - 1, agreeing};
    snprintf(a->why, sizeof a->why, "%s", why);
    agreeing = a;
  }
  *out = f;
  return err;
}

void io_file_release(io_file_t *f)
{
  if (--f->refs > 0)
    return;
  if (f->fd >= 0)
    close(f->fd);
  if ((f->amode & MPI_MODE_DELETE_ON_CLOSE) && rt_opts.io_data)
    unlink(f->path);
  for (io_file_t **pp = &open_files; *pp; pp = &(*pp)->next)
    if (*pp == f) {
      *pp = f->next;
      break;
    }
  free(f->path);
  free(f);
}

int io_delete(const char *path, char *why, size_t len)
{
  if (!rt_opts.io_data) {
    struct stat st;
    if (stat(path, &st) == 0)
      return 0;
  } else if (unlink(path) == 0)
    return 0;
  snprintf(why, len, "cannot delete file '%s': %s", path, strerror(errno));
  return io_errno_class(errno);
}

int io_size(io_file_t *f, MPI_Offset *size)
{
  if (f->fd < 0) {
    *size = f->vsize;
    return 0;
  }
  struct stat st;
  if (fstat(f->fd, &st))
    return io_errno_class(errno);
  *size = st.st_size;
  return 0;
}

int io_resize(io_file_t *f, MPI_Offset size, int grow_only, char *why, size_t len)
{
  MPI_Offset now;
  int err = io_size(f, &now);
  if (err)
    return err;
  if (grow_only && size <= now)
    return 0;
  if (f->fd < 0) {
    f->vsize = size;
    return 0;
  }
  if (ftruncate(f->fd, size)) {
    snprintf(why, len, "cannot make file '%s' %lld bytes long: %s", f->path, (long long)size, strerror(errno));
    return io_errno_class(errno);
  }
  return 0;
}

int io_once(io_fh_t *fh, MPI_Offset *val)
{
  io_file_t *f = fh->f;
  if (f->once_seq != fh->coll_seq) {
    f->once_seq = fh->coll_seq;
    return 1;
  }
  *val = f->once_val;
  return 0;
}
