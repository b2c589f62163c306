/* Data movement between typed memory and the real file: the memory side
 * packed or unpacked by the datatype engine, the file side the view's
 * extents. Many small extents close together move as one read of their
 * span (a write then puts the span back with the new data in it): nothing
 * else runs meanwhile, so that is the same as writing each piece. With
 * io/data:no nothing is written and reads give zeros up to the size the
 * file would have. */
#include "io.h"
#include "../runtime/runtime.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SIEVE_MAX ((MPI_Offset)64 << 20) /* the largest span read at once */

static int rd(int fd, char *p, MPI_Offset len, MPI_Offset off, MPI_Offset *got)
{
  *got = 0;
  while (len > 0) {
    ssize_t n = pread(fd, p, (size_t)(len > (1 << 30) ? (1 << 30) : len), off);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return errno;
    if (n == 0)
      break; /* the end of the file */
    p += n, off += n, len -= n, *got += n;
  }
  return 0;
}

static int wr(int fd, const char *p, MPI_Offset len, MPI_Offset off)
{
  while (len > 0) {
    ssize_t n = pwrite(fd, p, (size_t)(len > (1 << 30) ? (1 << 30) : len), off);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return errno;
    if (n == 0)
      return ENOSPC;
    p += n, off += n, len -= n;
  }
  return 0;
}

/* Worth reading the span at once: many extents, little in between. */
static int sieve(const io_seg_t *s, size_t n, MPI_Offset bytes)
{
  if (n < 8)
    return 0;
  MPI_Offset span = s[n - 1].off + s[n - 1].len - s[0].off;
  for (size_t i = 1; i < n; i++)
    if (s[i].off < s[i - 1].off + s[i - 1].len)
      return 0; /* out of order or overlapping: piece by piece */
  return span <= SIEVE_MAX && span <= 4 * bytes;
}

static int read_segs(int fd, const io_seg_t *s, size_t n, char *p, MPI_Offset bytes, MPI_Offset *moved)
{
  *moved = 0;
  MPI_Offset got;
  if (sieve(s, n, bytes)) {
    MPI_Offset span = s[n - 1].off + s[n - 1].len - s[0].off;
    char *tmp = malloc((size_t)span);
    int e = rd(fd, tmp, span, s[0].off, &got);
    if (!e)
      for (size_t i = 0; i < n; i++) {
        MPI_Offset at = s[i].off - s[0].off, avail = got - at;
        if (avail <= 0)
          break;
        MPI_Offset take = avail < s[i].len ? avail : s[i].len;
        memcpy(p, tmp + at, (size_t)take);
        p += take, *moved += take;
        if (take < s[i].len)
          break;
      }
    free(tmp);
    return e;
  }
  for (size_t i = 0; i < n; i++) {
    int e = rd(fd, p, s[i].len, s[i].off, &got);
    if (e)
      return e;
    p += got, *moved += got;
    if (got < s[i].len)
      break;
  }
  return 0;
}

static int write_segs(int fd, const io_seg_t *s, size_t n, const char *p, MPI_Offset bytes)
{
  if (sieve(s, n, bytes)) {
    MPI_Offset span = s[n - 1].off + s[n - 1].len - s[0].off, got;
    char *tmp = calloc(1, (size_t)span);
    int e = rd(fd, tmp, span, s[0].off, &got);
    if (!e) {
      for (size_t i = 0; i < n; i++) {
        memcpy(tmp + (s[i].off - s[0].off), p, (size_t)s[i].len);
        p += s[i].len;
      }
      e = wr(fd, tmp, span, s[0].off);
      free(tmp);
      return e;
    }
    free(tmp);
    if (e != EBADF) /* a file open for writing only: piece by piece */
      return e;
  }
  for (size_t i = 0; i < n; i++) {
    int e = wr(fd, p, s[i].len, s[i].off);
    if (e)
      return e;
    p += s[i].len;
  }
  return 0;
}

/* io/data:no: the bytes a read would find, as zeros. */
static MPI_Offset zeros(const io_file_t *f, const io_seg_t *s, size_t n, char *p)
{
  MPI_Offset moved = 0;
  for (size_t i = 0; i < n && s[i].off < f->vsize; i++) {
    MPI_Offset take = f->vsize - s[i].off < s[i].len ? f->vsize - s[i].off : s[i].len;
    memset(p + moved, 0, (size_t)take);
    moved += take;
    if (take < s[i].len)
      break;
  }
  return moved;
}

int io_data(io_fh_t *fh, MPI_Offset a, void *buf, MPI_Count count, const dt_t *t, int write, MPI_Offset *moved,
            io_seg_t **segs, size_t *nseg, char *why, size_t len)
{
  io_file_t *f = fh->f;
  MPI_Offset bytes = (MPI_Offset)count * (MPI_Offset)t->size;
  size_t cap = 0;
  *segs = NULL;
  *nseg = 0;
  *moved = 0;
  if (bytes == 0)
    return 0;
  io_view_map(&fh->v, a, bytes, segs, nseg, &cap);
  char *mem = NULL, *p;
  if (t->dense)
    p = (char *)buf + t->blocks[0].off;
  else
    p = mem = malloc((size_t)bytes);
  int e = 0;
  if (write) {
    if (mem)
      dt_pack(buf, count, t, mem);
    if (f->fd >= 0)
      e = write_segs(f->fd, *segs, *nseg, p, bytes);
    else
      for (size_t i = 0; i < *nseg; i++)
        if ((*segs)[i].off + (*segs)[i].len > f->vsize)
          f->vsize = (*segs)[i].off + (*segs)[i].len;
    if (!e)
      *moved = bytes;
  } else {
    if (f->fd >= 0)
      e = read_segs(f->fd, *segs, *nseg, p, bytes, moved);
    else
      *moved = zeros(f, *segs, *nseg, p);
    if (mem && !e)
      dt_unpack(mem, (size_t)*moved, buf, count, t);
  }
  free(mem);
  if (e) {
    snprintf(why, len, "cannot %s file '%s': %s", write ? "write" : "read", f->path, strerror(e));
    return io_errno_class(e);
  }
  return 0;
}
