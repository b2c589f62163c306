/* Datatype constructors (contiguous, vector, indexed, struct, resized, dup,
 * subarray, darray and the MPI-1 names), Type_commit and Type_free. Each
 * checks its arguments, lets src/core/datatype.c flatten the typemap and
 * records the call for Type_get_envelope/contents. */
#include "attr.h"
#include "mpi_impl.h"
#include <stdlib.h>

#define CHECK_NEWTYPE(p) CHECK(p, MPI_COMM_WORLD, MPI_ERR_ARG, "newtype is NULL")
#define CHECK_CNT(n, name) CHECK((n) >= 0, MPI_COMM_WORLD, MPI_ERR_COUNT, "%s is negative (%d)", name, (n))
/* The same for the MPI_Count arguments of the large-count (_c) constructors:
 * simpi's typemaps count in int, so a larger value is refused. */
#define CHECK_BIG(n, name)                                                                                             \
  do {                                                                                                                 \
    CHECK((n) >= 0, MPI_COMM_WORLD, MPI_ERR_COUNT, "%s is negative (%lld)", name, (long long)(n));                    \
    CHECK(count_fits(n), MPI_COMM_WORLD, MPI_ERR_COUNT, "%s is %lld, above %d, the largest count simpi handles", name, \
          (long long)(n), INT_MAX);                                                                                    \
  } while (0)
#define CHECK_ARRAY(a, n, name) CHECK((a) || (n) == 0, MPI_COMM_WORLD, MPI_ERR_ARG, "%s is NULL", name)
#define CHECK_BLOCKLENS(a, n)                                                                                          \
  for (int i_ = 0; i_ < (n); i_++)                                                                                     \
  CHECK((a)[i_] >= 0, MPI_COMM_WORLD, MPI_ERR_COUNT, "array_of_blocklengths[%d] is negative (%d)", i_, (a)[i_])

/* Gives t a handle and its contents; t == NULL means memory ran out. */
static int publish(rt_rank_t *self, dt_t *t, int combiner, int ni, const int *ints, int na, const MPI_Aint *aints,
                   int nd, dt_t *const *types, MPI_Datatype *newtype)
{
  if (t && dt_set_contents(t, combiner, ni, ints, na, aints, nd, types) == 0) {
    MPI_Datatype h = dt_handle_new(t);
    if (h != MPI_DATATYPE_NULL) {
      *newtype = h;
      return MPI_SUCCESS;
    }
  }
  dt_release(t);
  return mpi_error(self, MPI_COMM_WORLD, MPI_ERR_OTHER, "out of memory for a new datatype");
}

/* count pieces of blocklens[i] (or blocklen) copies of old at displacement
 * disp(i) bytes; displs in elements of old (scale = its extent) or bytes (1). */
static dt_t *blocks(int count, const int *blocklens, int blocklen, const int *idispl, const MPI_Aint *adispl,
                    MPI_Aint stride, MPI_Aint scale, const dt_t *old)
{
  if (!blocklens && !idispl && !adispl) /* a vector: no piece array */
    return dt_build_strided((size_t)count, (size_t)blocklen, stride * scale, old);
  dt_piece_t *p = malloc(sizeof *p * (size_t)(count ? count : 1));
  if (!p)
    return NULL;
  for (int i = 0; i < count; i++) {
    MPI_Aint d = idispl ? idispl[i] : adispl ? adispl[i] : (MPI_Aint)i * stride;
    p[i] = (dt_piece_t){(size_t)(blocklens ? blocklens[i] : blocklen), d * scale, old};
  }
  dt_t *t = dt_build(p, (size_t)count, 0);
  free(p);
  return t;
}

static int contiguous(rt_rank_t *self, MPI_Count count, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
  CHECK_BIG(count, "count");
  CHECK_ANY_TYPE(oldtype, old, "oldtype");
  CHECK_NEWTYPE(newtype);
  dt_piece_t p = {(size_t)count, 0, old};
  int n = (int)count;
  return publish(self, dt_build(&p, 1, 0), MPI_COMBINER_CONTIGUOUS, 1, &n, 0, NULL, 1, &old, newtype);
}

int PMPI_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_contiguous");
  MPI_LEAVE(contiguous(self, count, oldtype, newtype));
}

int PMPI_Type_contiguous_c(MPI_Count count, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_contiguous_c");
  MPI_LEAVE(contiguous(self, count, oldtype, newtype));
}

static int vector(rt_rank_t *self, MPI_Count count, MPI_Count blocklength, MPI_Count stride, MPI_Datatype oldtype,
                  MPI_Datatype *newtype)
{
  CHECK_BIG(count, "count");
  CHECK_BIG(blocklength, "blocklength");
  CHECK(stride >= INT_MIN && count_fits(stride), MPI_COMM_WORLD, MPI_ERR_ARG,
        "stride %lld does not fit in an int, as simpi needs", (long long)stride);
  CHECK_ANY_TYPE(oldtype, old, "oldtype");
  CHECK_NEWTYPE(newtype);
  dt_t *t = blocks((int)count, NULL, (int)blocklength, NULL, NULL, (MPI_Aint)stride, old->extent, old);
  int ints[3] = {(int)count, (int)blocklength, (int)stride};
  return publish(self, t, MPI_COMBINER_VECTOR, 3, ints, 0, NULL, 1, &old, newtype);
}

int PMPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_vector");
  MPI_LEAVE(vector(self, count, blocklength, stride, oldtype, newtype));
}

int PMPI_Type_vector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride, MPI_Datatype oldtype,
                       MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_vector_c");
  MPI_LEAVE(vector(self, count, blocklength, stride, oldtype, newtype));
}

static int hvector(rt_rank_t *self, MPI_Count count, MPI_Count blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                   MPI_Datatype *newtype)
{
  CHECK_BIG(count, "count");
  CHECK_BIG(blocklength, "blocklength");
  CHECK_ANY_TYPE(oldtype, old, "oldtype");
  CHECK_NEWTYPE(newtype);
  dt_t *t = blocks((int)count, NULL, (int)blocklength, NULL, NULL, stride, 1, old);
  int ints[2] = {(int)count, (int)blocklength};
  return publish(self, t, MPI_COMBINER_HVECTOR, 2, ints, 1, &stride, 1, &old, newtype);
}

int PMPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                             MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_create_hvector");
  int e = hvector(self, count, blocklength, stride, oldtype, newtype);
  MPI_LEAVE(e);
}

int PMPI_Type_create_hvector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride, MPI_Datatype oldtype,
                               MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_create_hvector_c");
  MPI_LEAVE(hvector(self, count, blocklength, (MPI_Aint)stride, oldtype, newtype));
}

int PMPI_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_hvector");
  int e = hvector(self, count, blocklength, stride, oldtype, newtype);
  MPI_LEAVE(e);
}

int PMPI_Type_indexed(int count, const int blocklens[], const int displs[], MPI_Datatype oldtype,
                      MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_indexed");
  CHECK_CNT(count, "count");
  CHECK_ARRAY(blocklens, count, "array_of_blocklengths");
  CHECK_ARRAY(displs, count, "array_of_displacements");
  CHECK_BLOCKLENS(blocklens, count);
  CHECK_ANY_TYPE(oldtype, old, "oldtype");
  CHECK_NEWTYPE(newtype);
  dt_t *t = blocks(count, blocklens, 0, displs, NULL, 0, old->extent, old);
  int *ints = malloc(sizeof *ints * (size_t)(2 * count + 1));
  CHECK(ints, MPI_COMM_WORLD, MPI_ERR_OTHER, "out of memory");
  ints[0] = count;
  for (int i = 0; i < count; i++) {
    ints[1 + i] = blocklens[i];
    ints[1 + count + i] = displs[i];
  }
  int e = publish(self, t, MPI_COMBINER_INDEXED, 2 * count + 1, ints, 0, NULL, 1, &old, newtype);
  free(ints);
  MPI_LEAVE(e);
}

static int hindexed(rt_rank_t *self, int count, const int blocklens[], const MPI_Aint displs[],
                    MPI_Datatype oldtype, MPI_Datatype *newtype)
{
  CHECK_CNT(count, "count");
  CHECK_ARRAY(blocklens, count, "array_of_blocklengths");
  CHECK_ARRAY(displs, count, "array_of_displacements");
  CHECK_BLOCKLENS(blocklens, count);
  CHECK_ANY_TYPE(oldtype, old, "oldtype");
  CHECK_NEWTYPE(newtype);
  dt_t *t = blocks(count, blocklens, 0, NULL, displs, 0, 1, old);
  int *ints = malloc(sizeof *ints * (size_t)(count + 1));
  CHECK(ints, MPI_COMM_WORLD, MPI_ERR_OTHER, "out of memory");
  ints[0] = count;
  for (int i = 0; i < count; i++)
    ints[1 + i] = blocklens[i];
  int e = publish(self, t, MPI_COMBINER_HINDEXED, count + 1, ints, count, displs, 1, &old, newtype);
  free(ints);
  return e;
}

int PMPI_Type_create_hindexed(int count, const int blocklens[], const MPI_Aint displs[], MPI_Datatype oldtype,
                              MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_create_hindexed");
  int e = hindexed(self, count, blocklens, displs, oldtype, newtype);
  MPI_LEAVE(e);
}

int PMPI_Type_hindexed(int count, int blocklens[], MPI_Aint displs[], MPI_Datatype oldtype, MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_hindexed");
  int e = hindexed(self, count, blocklens, displs, oldtype, newtype);
  MPI_LEAVE(e);
}

int PMPI_Type_create_indexed_block(int count, int blocklength, const int displs[], MPI_Datatype oldtype,
                                   MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_create_indexed_block");
  CHECK_CNT(count, "count");
  CHECK_CNT(blocklength, "blocklength");
  CHECK_ARRAY(displs, count, "array_of_displacements");
  CHECK_ANY_TYPE(oldtype, old, "oldtype");
  CHECK_NEWTYPE(newtype);
  dt_t *t = blocks(count, NULL, blocklength, displs, NULL, 0, old->extent, old);
  int *ints = malloc(sizeof *ints * (size_t)(count + 2));
  CHECK(ints, MPI_COMM_WORLD, MPI_ERR_OTHER, "out of memory");
  ints[0] = count;
  ints[1] = blocklength;
  for (int i = 0; i < count; i++)
    ints[2 + i] = displs[i];
  int e = publish(self, t, MPI_COMBINER_INDEXED_BLOCK, count + 2, ints, 0, NULL, 1, &old, newtype);
  free(ints);
  MPI_LEAVE(e);
}

int PMPI_Type_create_hindexed_block(int count, int blocklength, const MPI_Aint displs[], MPI_Datatype oldtype,
                                    MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_create_hindexed_block");
  CHECK_CNT(count, "count");
  CHECK_CNT(blocklength, "blocklength");
  CHECK_ARRAY(displs, count, "array_of_displacements");
  CHECK_ANY_TYPE(oldtype, old, "oldtype");
  CHECK_NEWTYPE(newtype);
  dt_t *t = blocks(count, NULL, blocklength, NULL, displs, 0, 1, old);
  int ints[2] = {count, blocklength};
  MPI_LEAVE(publish(self, t, MPI_COMBINER_HINDEXED_BLOCK, 2, ints, count, displs, 1, &old, newtype));
}

static int create_struct(rt_rank_t *self, int count, const int blocklens[], const MPI_Aint displs[],
                         const MPI_Datatype types[], MPI_Datatype *newtype)
{
  CHECK_CNT(count, "count");
  CHECK_ARRAY(blocklens, count, "array_of_blocklengths");
  CHECK_ARRAY(displs, count, "array_of_displacements");
  CHECK_ARRAY(types, count, "array_of_types");
  CHECK_BLOCKLENS(blocklens, count);
  for (int i = 0; i < count; i++)
    CHECK(dt_lookup(types[i]), MPI_COMM_WORLD, MPI_ERR_TYPE, "array_of_types[%d]: invalid datatype (0x%x)", i,
          (unsigned)types[i]);
  CHECK_NEWTYPE(newtype);
  size_t n = (size_t)(count ? count : 1);
  dt_piece_t *p = malloc(sizeof *p * n);
  dt_t **olds = malloc(sizeof *olds * n);
  int *ints = malloc(sizeof *ints * (n + 1));
  dt_t *t = NULL;
  if (p && olds && ints) {
    ints[0] = count;
    for (int i = 0; i < count; i++) {
      olds[i] = dt_lookup(types[i]);
      p[i] = (dt_piece_t){(size_t)blocklens[i], displs[i], olds[i]};
      ints[1 + i] = blocklens[i];
    }
    t = dt_build(p, (size_t)count, 1);
  }
  int e = publish(self, t, MPI_COMBINER_STRUCT, count + 1, ints, count, displs, count, olds, newtype);
  free(p);
  free(olds);
  free(ints);
  return e;
}

int PMPI_Type_create_struct(int count, const int blocklens[], const MPI_Aint displs[], const MPI_Datatype types[],
                            MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_create_struct");
  int e = create_struct(self, count, blocklens, displs, types, newtype);
  MPI_LEAVE(e);
}

int PMPI_Type_struct(int count, int blocklens[], MPI_Aint displs[], MPI_Datatype types[], MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_struct");
  int e = create_struct(self, count, blocklens, displs, types, newtype);
  MPI_LEAVE(e);
}

static int resized(rt_rank_t *self, MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent, MPI_Datatype *newtype)
{
  CHECK_ANY_TYPE(oldtype, old, "oldtype");
  CHECK_NEWTYPE(newtype);
  MPI_Aint a[2] = {lb, extent};
  return publish(self, dt_resized(old, lb, extent), MPI_COMBINER_RESIZED, 0, NULL, 2, a, 1, &old, newtype);
}

int PMPI_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent, MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_create_resized");
  MPI_LEAVE(resized(self, oldtype, lb, extent, newtype));
}

int PMPI_Type_create_resized_c(MPI_Datatype oldtype, MPI_Count lb, MPI_Count extent, MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_create_resized_c");
  MPI_LEAVE(resized(self, oldtype, (MPI_Aint)lb, (MPI_Aint)extent, newtype));
}

int PMPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_dup");
  CHECK_ANY_TYPE(oldtype, old, "oldtype");
  CHECK_NEWTYPE(newtype);
  int err = publish(self, dt_dup(old), MPI_COMBINER_DUP, 0, NULL, 0, NULL, 1, &old, newtype);
  if (err == MPI_SUCCESS && (err = attr_type_copy_all(old, oldtype, dt_lookup(*newtype))) != MPI_SUCCESS) {
    dt_t *t = dt_lookup(*newtype);
    attr_type_delete_all(t, *newtype); /* what was copied before the failing callback */
    dt_handle_free(*newtype);
    *newtype = MPI_DATATYPE_NULL;
    err = mpi_error(self, MPI_COMM_WORLD, err, "an attribute copy callback failed (error %d)", err);
  }
  MPI_LEAVE(err);
}

/* ---------------------------------------------------------------- arrays */

/* One dimension of an array type: index ranges [start, start + len) of the
 * local part, ascending; cur (extent == stride) is one index of it. Returns
 * the type holding these ranges, one stride per index. */
static dt_t *dimension(const int *starts, const int *lens, int n, MPI_Aint stride, const dt_t *cur)
{
  dt_piece_t *p = malloc(sizeof *p * (size_t)(n ? n : 1));
  if (!p)
    return NULL;
  for (int i = 0; i < n; i++)
    p[i] = (dt_piece_t){(size_t)lens[i], (MPI_Aint)starts[i] * stride, cur};
  dt_t *t = dt_build(p, (size_t)n, 0);
  free(p);
  return t;
}

/* Nests dimensions from the fastest varying one: ranges(d, ...) gives the
 * local index ranges of dimension d. The result spans the whole array
 * (lb 0, extent = product of sizes times the old extent). */
typedef int ranges_fn(int d, int **starts, int **lens, void *arg);
static dt_t *array_type(int ndims, const int *sizes, int order, const dt_t *old, ranges_fn *ranges, void *arg)
{
  MPI_Aint stride = old->extent;
  dt_t *cur = NULL;
  for (int k = 0; k < ndims; k++) {
    int d = order == MPI_ORDER_C ? ndims - 1 - k : k;
    int *st = NULL, *len = NULL;
    int n = ranges(d, &st, &len, arg);
    dt_t *one = cur ? dt_resized(cur, 0, stride) : NULL; /* one index of dimension d */
    dt_t *next = n >= 0 && (one || !cur) ? dimension(st, len, n, stride, one ? one : old) : NULL;
    free(st);
    free(len);
    dt_release(one);
    dt_release(cur);
    if (!next)
      return NULL;
    cur = next;
    stride *= sizes[d];
  }
  dt_t *t = dt_resized(cur, 0, stride);
  dt_release(cur);
  return t;
}

struct sub_arg {
  const int *subsizes, *starts;
};

static int sub_ranges(int d, int **st, int **len, void *arg)
{
  const struct sub_arg *a = arg;
  *st = malloc(sizeof **st);
  *len = malloc(sizeof **len);
  if (!*st || !*len)
    return -1;
  **st = a->starts[d];
  **len = a->subsizes[d];
  return 1;
}

#define CHECK_ORDER(order)                                                                                             \
  CHECK((order) == MPI_ORDER_C || (order) == MPI_ORDER_FORTRAN, MPI_COMM_WORLD, MPI_ERR_ARG,                          \
        "order must be MPI_ORDER_C or MPI_ORDER_FORTRAN (got %d)", order)

int PMPI_Type_create_subarray(int ndims, const int sizes[], const int subsizes[], const int starts[], int order,
                              MPI_Datatype oldtype, MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_create_subarray");
  CHECK(ndims > 0, MPI_COMM_WORLD, MPI_ERR_ARG, "ndims must be positive (got %d)", ndims);
  CHECK(sizes && subsizes && starts, MPI_COMM_WORLD, MPI_ERR_ARG, "an array argument is NULL");
  for (int i = 0; i < ndims; i++) {
    CHECK(sizes[i] > 0, MPI_COMM_WORLD, MPI_ERR_ARG, "array_of_sizes[%d] must be positive (got %d)", i, sizes[i]);
    CHECK(subsizes[i] >= 0 && subsizes[i] <= sizes[i], MPI_COMM_WORLD, MPI_ERR_ARG,
          "array_of_subsizes[%d] = %d is not in 0..array_of_sizes[%d] = %d", i, subsizes[i], i, sizes[i]);
    CHECK(starts[i] >= 0 && starts[i] <= sizes[i] - subsizes[i], MPI_COMM_WORLD, MPI_ERR_ARG,
          "array_of_starts[%d] = %d does not fit a subarray of %d in %d", i, starts[i], subsizes[i], sizes[i]);
  }
  CHECK_ORDER(order);
  CHECK_ANY_TYPE(oldtype, old, "oldtype");
  CHECK_NEWTYPE(newtype);
  struct sub_arg a = {subsizes, starts};
  dt_t *t = array_type(ndims, sizes, order, old, sub_ranges, &a);
  int ni = 3 * ndims + 2;
  int *ints = malloc(sizeof *ints * (size_t)ni);
  CHECK(ints, MPI_COMM_WORLD, MPI_ERR_OTHER, "out of memory");
  ints[0] = ndims;
  for (int i = 0; i < ndims; i++) {
    ints[1 + i] = sizes[i];
    ints[1 + ndims + i] = subsizes[i];
    ints[1 + 2 * ndims + i] = starts[i];
  }
  ints[ni - 1] = order;
  int e = publish(self, t, MPI_COMBINER_SUBARRAY, ni, ints, 0, NULL, 1, &old, newtype);
  free(ints);
  MPI_LEAVE(e);
}

struct darray_arg {
  const int *gsizes, *distribs, *dargs, *psizes;
  int *coords;
};

/* The indices of dimension d this process owns (MPI 3.1, 4.1.4). */
static int darray_ranges(int d, int **st, int **len, void *arg)
{
  const struct darray_arg *a = arg;
  int g = a->gsizes[d], p = a->psizes[d], c = a->coords[d], darg = a->dargs[d];
  int b, n = 0;
  switch (a->distribs[d]) {
  case MPI_DISTRIBUTE_NONE: b = g; break;
  case MPI_DISTRIBUTE_BLOCK: b = darg == MPI_DISTRIBUTE_DFLT_DARG ? (g + p - 1) / p : darg; break;
  default: b = darg == MPI_DISTRIBUTE_DFLT_DARG ? 1 : darg; break;
  }
  long step = a->distribs[d] == MPI_DISTRIBUTE_CYCLIC ? (long)p * b : (long)g + 1; /* block: one range at most */
  long first = a->distribs[d] == MPI_DISTRIBUTE_NONE ? 0 : (long)c * b;
  long max = first < g ? (g - first + step - 1) / step : 0;
  *st = malloc(sizeof **st * (size_t)(max ? max : 1));
  *len = malloc(sizeof **len * (size_t)(max ? max : 1));
  if (!*st || !*len)
    return -1;
  for (long s = first; s < g; s += step, n++) {
    (*st)[n] = (int)s;
    (*len)[n] = (int)(g - s < b ? g - s : b);
  }
  return n;
}

int PMPI_Type_create_darray(int size, int rank, int ndims, const int gsizes[], const int distribs[],
                            const int dargs[], const int psizes[], int order, MPI_Datatype oldtype,
                            MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_create_darray");
  CHECK(size > 0, MPI_COMM_WORLD, MPI_ERR_ARG, "size must be positive (got %d)", size);
  CHECK(rank >= 0 && rank < size, MPI_COMM_WORLD, MPI_ERR_ARG, "rank %d is not in 0..%d", rank, size - 1);
  CHECK(ndims > 0, MPI_COMM_WORLD, MPI_ERR_ARG, "ndims must be positive (got %d)", ndims);
  CHECK(gsizes && distribs && dargs && psizes, MPI_COMM_WORLD, MPI_ERR_ARG, "an array argument is NULL");
  long procs = 1;
  for (int i = 0; i < ndims; i++) {
    CHECK(gsizes[i] > 0, MPI_COMM_WORLD, MPI_ERR_ARG, "array_of_gsizes[%d] must be positive (got %d)", i,
          gsizes[i]);
    CHECK(psizes[i] > 0, MPI_COMM_WORLD, MPI_ERR_ARG, "array_of_psizes[%d] must be positive (got %d)", i,
          psizes[i]);
    int dist = distribs[i], darg = dargs[i];
    CHECK(dist == MPI_DISTRIBUTE_BLOCK || dist == MPI_DISTRIBUTE_CYCLIC || dist == MPI_DISTRIBUTE_NONE,
          MPI_COMM_WORLD, MPI_ERR_ARG, "array_of_distribs[%d] is not a distribution (%d)", i, dist);
    CHECK(darg == MPI_DISTRIBUTE_DFLT_DARG || darg > 0, MPI_COMM_WORLD, MPI_ERR_ARG,
          "array_of_dargs[%d] must be positive or MPI_DISTRIBUTE_DFLT_DARG (got %d)", i, darg);
    CHECK(dist != MPI_DISTRIBUTE_NONE || psizes[i] == 1, MPI_COMM_WORLD, MPI_ERR_ARG,
          "array_of_psizes[%d] must be 1 with MPI_DISTRIBUTE_NONE (got %d)", i, psizes[i]);
    CHECK(dist != MPI_DISTRIBUTE_BLOCK || darg == MPI_DISTRIBUTE_DFLT_DARG || (long)darg * psizes[i] >= gsizes[i],
          MPI_COMM_WORLD, MPI_ERR_ARG, "block size %d times %d processes does not cover %d elements (dimension %d)",
          darg, psizes[i], gsizes[i], i);
    procs *= psizes[i];
  }
  CHECK(procs == size, MPI_COMM_WORLD, MPI_ERR_ARG, "the process grid has %ld processes, size is %d", procs, size);
  CHECK_ORDER(order);
  CHECK_ANY_TYPE(oldtype, old, "oldtype");
  CHECK_NEWTYPE(newtype);
  int ni = 4 * ndims + 4;
  int *ints = malloc(sizeof *ints * (size_t)ni), *coords = malloc(sizeof *coords * (size_t)ndims);
  dt_t *t = NULL;
  if (ints && coords) {
    for (int i = ndims - 1, r = rank; i >= 0; i--) { /* the process grid is row-major whatever the order */
      coords[i] = r % psizes[i];
      r /= psizes[i];
    }
    struct darray_arg a = {gsizes, distribs, dargs, psizes, coords};
    t = array_type(ndims, gsizes, order, old, darray_ranges, &a);
    ints[0] = size;
    ints[1] = rank;
    ints[2] = ndims;
    for (int i = 0; i < ndims; i++) {
      ints[3 + i] = gsizes[i];
      ints[3 + ndims + i] = distribs[i];
      ints[3 + 2 * ndims + i] = dargs[i];
      ints[3 + 3 * ndims + i] = psizes[i];
    }
    ints[ni - 1] = order;
  }
  int e = publish(self, t, MPI_COMBINER_DARRAY, ni, ints, 0, NULL, 1, &old, newtype);
  free(ints);
  free(coords);
  MPI_LEAVE(e);
}

/* ---------------------------------------------------------------- commit, free */

int PMPI_Type_commit(MPI_Datatype *type)
{
  MPI_ENTER("MPI_Type_commit");
  CHECK(type, MPI_COMM_WORLD, MPI_ERR_ARG, "datatype is NULL");
  CHECK_ANY_TYPE(*type, t, "datatype");
  t->committed = 1; /* the typemap was flattened when the type was built */
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Type_free(MPI_Datatype *type)
{
  MPI_ENTER("MPI_Type_free");
  CHECK(type, MPI_COMM_WORLD, MPI_ERR_ARG, "datatype is NULL");
  CHECK_ANY_TYPE(*type, t, "datatype");
  CHECK(t->derived && !t->f90, MPI_COMM_WORLD, MPI_ERR_TYPE, "%s is predefined and cannot be freed",
        t->f90 ? "a type of MPI_Type_create_f90_*" : t->name);
  int err = attr_type_delete_all(t, *type);
  CHECK(!err, MPI_COMM_WORLD, err, "an attribute delete callback failed (error %d)", err);
  dt_handle_free(*type); /* transfers and types built from it keep their own references */
  *type = MPI_DATATYPE_NULL;
  MPI_LEAVE(MPI_SUCCESS);
}

PMPI_ALIAS(Type_contiguous)
PMPI_ALIAS(Type_contiguous_c)
PMPI_ALIAS(Type_vector)
PMPI_ALIAS(Type_vector_c)
PMPI_ALIAS(Type_create_hvector)
PMPI_ALIAS(Type_create_hvector_c)
PMPI_ALIAS(Type_hvector)
PMPI_ALIAS(Type_indexed)
PMPI_ALIAS(Type_create_hindexed)
PMPI_ALIAS(Type_hindexed)
PMPI_ALIAS(Type_create_indexed_block)
PMPI_ALIAS(Type_create_hindexed_block)
PMPI_ALIAS(Type_create_struct)
PMPI_ALIAS(Type_struct)
PMPI_ALIAS(Type_create_resized)
PMPI_ALIAS(Type_create_resized_c)
PMPI_ALIAS(Type_dup)
PMPI_ALIAS(Type_create_subarray)
PMPI_ALIAS(Type_create_darray)
PMPI_ALIAS(Type_commit)
PMPI_ALIAS(Type_free)
