/* mpi_f08's choice buffers as gfortran descriptors (MPI_SUBARRAYS_SUPPORTED):
 * a contiguous array or a scalar is passed as its address; a section that is
 * not contiguous (a(:, 2:6:2)) is copied in and out around a blocking call,
 * and becomes a datatype of its own for a nonblocking one, so that the data
 * moves from and into the section itself when the call completes. */
#include "fortran.h"
#include "../mpi/mpi_impl.h"
#include <string.h>

static MPI_Count extent_of(const ft_dim_t *d) { return d->ubound - d->lbound + 1; }

/* Whether the elements lie one after the other (an assumed-size last dimension: yes). */
static int contiguous(const ft_desc_t *d)
{
  MPI_Aint want = (MPI_Aint)d->elem_len;
  for (int i = 0; i < d->rank; i++) {
    MPI_Count n = extent_of(&d->dim[i]);
    if (n == 0)
      return 1; /* empty */
    if (n < 0)
      return 1; /* assumed size: contiguous by definition */
    if (n > 1 && d->dim[i].stride * d->span != want)
      return 0;
    want *= n;
  }
  return 1;
}

static MPI_Count elements(const ft_desc_t *d)
{
  MPI_Count n = 1;
  for (int i = 0; i < d->rank; i++)
    n *= extent_of(&d->dim[i]) > 0 ? extent_of(&d->dim[i]) : 0;
  return n;
}

/* Calls fn(byte offset of element k from the first, k) for the first n elements, in array element order. */
static void walk(const ft_desc_t *d, MPI_Count n, void (*fn)(void *arg, MPI_Aint off, MPI_Count k), void *arg)
{
  MPI_Count idx[15] = {0};
  MPI_Aint off = 0;
  for (MPI_Count k = 0; k < n; k++) {
    fn(arg, off, k);
    for (int i = 0; i < d->rank; i++) { /* the next element: the odometer's first dimension turns fastest */
      MPI_Aint step = d->dim[i].stride * d->span;
      if (++idx[i] < extent_of(&d->dim[i])) {
        off += step;
        break;
      }
      off -= step * (idx[i] - 1);
      idx[i] = 0;
    }
  }
}

static void enter(ft_call_t *cx)
{
  if (!cx->self)
    cx->self = mpi_enter(cx->name, cx->pc);
}

void ft_call_end(ft_call_t *cx)
{
  if (cx->self)
    mpi_leave(cx->self);
}

int ft_sub_address(const ft_desc_t *d, ft_sub_t *s, ft_call_t *cx)
{
  (void)cx;
  s->d = d;
  s->buf = ft_buf(d->base);
  return MPI_SUCCESS;
}

struct copy_arg {
  char *section, *flat;
  size_t len;
  int in;
};
static void copy_one(void *arg, MPI_Aint off, MPI_Count k)
{
  struct copy_arg *c = arg;
  char *flat = c->flat + (size_t)k * c->len;
  if (c->in)
    memcpy(flat, c->section + off, c->len);
  else
    memcpy(c->section + off, flat, c->len);
}

int ft_sub_copy(const ft_desc_t *d, ft_sub_t *s, ft_call_t *cx)
{
  s->d = d;
  s->buf = ft_buf(d->base);
  if (contiguous(d))
    return MPI_SUCCESS;
  enter(cx);
  MPI_Count n = elements(d);
  s->copy = malloc((size_t)n * d->elem_len + 1);
  if (!s->copy)
    return mpi_error(cx->self, cx->comm, MPI_ERR_NO_MEM, "no memory for a copy of an array section of %lld bytes",
                     (long long)n * (long long)d->elem_len);
  struct copy_arg c = {d->base, s->copy, d->elem_len, 1};
  walk(d, n, copy_one, &c);
  s->buf = s->copy;
  return MPI_SUCCESS;
}

struct disp_arg {
  MPI_Count *disps;
};
static void disp_one(void *arg, MPI_Aint off, MPI_Count k) { ((struct disp_arg *)arg)->disps[k] = off; }

int ft_sub_typed(const ft_desc_t *d, MPI_Count *count, MPI_Datatype *type, ft_sub_t *s, ft_call_t *cx)
{
  s->d = d;
  s->buf = ft_buf(d->base);
  if (contiguous(d) || *count == 0)
    return MPI_SUCCESS;
  enter(cx);
  MPI_Aint lb = 0, ext = 0;
  MPI_Count size = 0, n = elements(d), len = (MPI_Count)d->elem_len;
  if (PMPI_Type_get_extent(*type, &lb, &ext) != MPI_SUCCESS || PMPI_Type_size_c(*type, &size) != MPI_SUCCESS)
    return MPI_SUCCESS; /* a bad datatype: the call itself reports it */
  /* count x type fills whole elements of the section, each holding per values of a type without holes */
  if (lb != 0 || size != ext || ext <= 0 || len % ext || (*count * ext) % len || *count * ext > n * len)
    return mpi_error(cx->self, cx->comm, MPI_ERR_BUFFER,
                     "a noncontiguous array section of %lld elements of %lld bytes cannot hold %lld values of a "
                     "datatype of extent %lld%s",
                     (long long)n, (long long)len, (long long)*count, (long long)ext,
                     lb != 0 || size != ext ? " with holes" : "");
  MPI_Count used = *count * ext / len;
  MPI_Datatype elem, made;
  PMPI_Type_contiguous_c(len / ext, *type, &elem);
  if (used == n) { /* the whole section: one vector per dimension */
    MPI_Datatype t = elem;
    for (int i = 0; i < d->rank; i++) {
      MPI_Datatype next;
      PMPI_Type_create_hvector_c(extent_of(&d->dim[i]), 1, d->dim[i].stride * d->span, t, &next);
      PMPI_Type_free(&t);
      t = next;
    }
    made = t;
  } else { /* its first elements */
    MPI_Count *disps = malloc(sizeof *disps * (size_t)used);
    struct disp_arg a = {disps};
    walk(d, used, disp_one, &a);
    PMPI_Type_create_hindexed_block_c(used, 1, disps, elem, &made);
    free(disps);
    PMPI_Type_free(&elem);
  }
  PMPI_Type_commit(&made);
  s->made = made;
  *count = 1;
  *type = made;
  return MPI_SUCCESS;
}

int ft_sub_whole(const ft_desc_t *d, ft_sub_t *s, ft_call_t *cx)
{
  s->d = d;
  s->buf = ft_buf(d->base);
  if (contiguous(d))
    return MPI_SUCCESS;
  enter(cx);
  return mpi_error(cx->self, cx->comm, MPI_ERR_BUFFER,
                   "a noncontiguous array section, where this nonblocking call's buffers share a datatype or "
                   "have counts per rank (simpi takes sections there in blocking calls only)");
}

void ft_sub_end(ft_sub_t *s)
{
  if (s->copy) {
    struct copy_arg c = {s->d->base, s->copy, s->d->elem_len, 0};
    walk(s->d, elements(s->d), copy_one, &c);
    free(s->copy);
  }
  if (s->made != MPI_DATATYPE_NULL && s->made)
    PMPI_Type_free(&s->made);
}
