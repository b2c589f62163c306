/* Views: the file from displacement disp on, tiled with copies of the
 * filetype one extent apart; the view's data are the filetype's blocks in
 * order, tile after tile. A position in the view is a count of etypes, i.e.
 * of etype-sized runs of that data. The filetype's blocks come from the
 * datatype engine's flattened typemap. */
#include "io.h"
#include <stdio.h>
#include <stdlib.h>

void io_view_clear(io_view_t *v)
{
  if (v->etype)
    dt_release(v->etype);
  if (v->ftype)
    dt_release(v->ftype);
  free(v->pre);
  *v = (io_view_t){0};
}

int io_view_set(io_view_t *v, MPI_Offset disp, const dt_t *etype, const dt_t *ftype, char *why, size_t len)
{
  if (etype->size == 0) {
    snprintf(why, len, "the etype holds no data");
    return MPI_ERR_TYPE;
  }
  if (ftype->size % etype->size) {
    snprintf(why, len, "the filetype (%zu bytes of data) is not made of whole etypes (%zu bytes)", ftype->size,
             etype->size);
    return MPI_ERR_TYPE;
  }
  for (size_t i = 0; i < ftype->nblocks; i++) {
    if (ftype->blocks[i].off < 0 || (i && ftype->blocks[i].off < ftype->blocks[i - 1].off)) {
      snprintf(why, len, "the filetype's displacements must be nonnegative and nondecreasing (block %zu at %ld)", i,
               (long)ftype->blocks[i].off);
      return MPI_ERR_TYPE;
    }
  }
  if (ftype->extent <= 0 && ftype->size > 0) {
    snprintf(why, len, "the filetype's extent (%ld) is not positive", (long)ftype->extent);
    return MPI_ERR_TYPE;
  }
  io_view_clear(v);
  dt_retain(etype);
  dt_retain(ftype);
  v->disp = disp;
  v->etype = etype;
  v->ftype = ftype;
  v->esize = etype->size;
  v->fsize = ftype->size;
  v->fext = ftype->extent;
  v->nb = ftype->nblocks;
  v->b = ftype->blocks;
  v->pre = malloc(sizeof *v->pre * (v->nb + 1));
  size_t sum = 0;
  for (size_t i = 0; i < v->nb; i++) {
    v->pre[i] = sum;
    sum += v->b[i].len;
  }
  v->pre[v->nb] = sum;
  v->contig = v->nb == 1 && (MPI_Aint)v->fsize == v->fext && v->fsize > 0;
  return 0;
}

/* The block holding data byte r of one filetype (0 <= r < fsize). */
static size_t block_of(const io_view_t *v, size_t r)
{
  size_t lo = 0, hi = v->nb - 1;
  while (lo < hi) {
    size_t mid = (lo + hi + 1) / 2;
    if (v->pre[mid] <= r)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

static void push(io_seg_t **segs, size_t *nseg, size_t *cap, MPI_Offset off, MPI_Offset len)
{
  if (*nseg && (*segs)[*nseg - 1].off + (*segs)[*nseg - 1].len == off) {
    (*segs)[*nseg - 1].len += len;
    return;
  }
  if (*nseg == *cap) {
    *cap = *cap ? *cap * 2 : 8;
    *segs = realloc(*segs, sizeof **segs * *cap);
  }
  (*segs)[(*nseg)++] = (io_seg_t){off, len};
}

void io_view_map(const io_view_t *v, MPI_Offset a, MPI_Offset n, io_seg_t **segs, size_t *nseg, size_t *cap)
{
  if (n <= 0 || v->fsize == 0) /* a view without data (a filetype of none): nothing to access */
    return;
  if (v->contig) {
    push(segs, nseg, cap, v->disp + v->b[0].off + a, n);
    return;
  }
  MPI_Offset k = a / (MPI_Offset)v->fsize;
  size_t r = (size_t)(a % (MPI_Offset)v->fsize);
  size_t i = block_of(v, r);
  size_t within = r - v->pre[i];
  while (n > 0) {
    MPI_Offset take = (MPI_Offset)(v->b[i].len - within);
    if (take > n)
      take = n;
    if (take > 0)
      push(segs, nseg, cap, v->disp + k * v->fext + v->b[i].off + (MPI_Offset)within, take);
    n -= take;
    within = 0;
    if (++i == v->nb) {
      i = 0;
      k++;
    }
  }
}

MPI_Offset io_view_byte(const io_view_t *v, MPI_Offset a)
{
  if (v->fsize == 0)
    return v->disp;
  if (v->contig)
    return v->disp + v->b[0].off + a;
  MPI_Offset k = a / (MPI_Offset)v->fsize;
  size_t r = (size_t)(a % (MPI_Offset)v->fsize);
  size_t i = block_of(v, r);
  return v->disp + k * v->fext + v->b[i].off + (MPI_Offset)(r - v->pre[i]);
}

MPI_Offset io_view_data_before(const io_view_t *v, MPI_Offset off)
{
  if (off <= v->disp || v->fsize == 0)
    return 0;
  MPI_Offset rel = off - v->disp;
  MPI_Offset k = rel / v->fext, sum = k * (MPI_Offset)v->fsize;
  MPI_Offset in = rel - k * v->fext; /* into tile k */
  for (size_t i = 0; i < v->nb; i++) {
    MPI_Offset b = in - v->b[i].off;
    if (b <= 0)
      break;
    sum += b < (MPI_Offset)v->b[i].len ? b : (MPI_Offset)v->b[i].len;
  }
  return sum;
}
