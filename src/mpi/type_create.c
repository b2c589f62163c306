/* Datatype constructors (contiguous, vector, indexed, struct, resized, dup,
 * subarray, darray, the MPI-1 names and the large-count _c forms), Type_commit
 * and Type_free. Each checks its arguments, lets src/core/datatype.c flatten the
 * typemap and records the call for Type_get_envelope/contents. */
#include "attr.h"
#include "mpi_impl.h"
#include <stdlib.h>
#include <string.h>

#define CHECK_NEWTYPE(p) CHECK(p, MPI_COMM_WORLD, MPI_ERR_ARG, "newtype is NULL")
#define CHECK_CNT(n, name) CHECK((n) >= 0, MPI_COMM_WORLD, MPI_ERR_COUNT, "%s is negative (%lld)", name, (long long)(n))
#define CHECK_ARRAY(a, n, name) CHECK((a) || (n) == 0, MPI_COMM_WORLD, MPI_ERR_ARG, "%s is NULL", name)

/* Gives t a handle and its contents; t == NULL means memory ran out. */
static int type_publish(rt_rank_t *self, dt_t *t, int combiner, int ni, const int *ints, int na, const MPI_Aint *aints,
                        int nc, const MPI_Count *counts, int nd, dt_t *const *types, MPI_Datatype *newtype)
{
  if (t && dt_set_contents(t, combiner, ni, ints, na, aints, nc, counts, nd, types) == 0) {
    MPI_Datatype h = dt_handle_new(t);
    if (h != MPI_DATATYPE_NULL) {
      *newtype = h;
      return MPI_SUCCESS;
    }
  }
  dt_release(t);
  return mpi_error(self, MPI_COMM_WORLD, MPI_ERR_OTHER, "out of memory for a new datatype");
}

/* Publishes t with its constructor's n arguments v (counts, then displacements or strides): a
 * large-count (_c) constructor records them all as counts, as MPICH does; the int form as ints,
 * but for its last naddr, which are byte displacements (addresses). */
static int publish(rt_rank_t *self, dt_t *t, int combiner, int large, const MPI_Count *v, MPI_Count n, MPI_Count naddr,
                   int nd, dt_t *const *types, MPI_Datatype *newtype)
{
  if (large)
    return type_publish(self, t, combiner, 0, NULL, 0, NULL, (int)n, v, nd, types, newtype);
  int *ints = malloc(sizeof *ints * (size_t)(n - naddr + 1));
  MPI_Aint *aints = malloc(sizeof *aints * (size_t)(naddr + 1));
  int e;
  if (ints && aints) {
    for (MPI_Count i = 0; i < n - naddr; i++)
      ints[i] = (int)v[i];
    for (MPI_Count i = 0; i < naddr; i++)
      aints[i] = (MPI_Aint)v[n - naddr + i];
    e = type_publish(self, t, combiner, (int)(n - naddr), ints, (int)naddr, aints, 0, NULL, nd, types, newtype);
  } else {
    dt_release(t);
    e = mpi_error(self, MPI_COMM_WORLD, MPI_ERR_OTHER, "out of memory for a new datatype");
  }
  free(ints);
  free(aints);
  return e;
}

static int contiguous(rt_rank_t *self, MPI_Count count, MPI_Datatype oldtype, MPI_Datatype *newtype, int large)
{
  CHECK_CNT(count, "count");
  CHECK_ANY_TYPE(oldtype, old, "oldtype");
  CHECK_NEWTYPE(newtype);
  dt_piece_t p = {(size_t)count, 0, old};
  return publish(self, dt_build(&p, 1, 0), MPI_COMBINER_CONTIGUOUS, large, &count, 1, 0, 1, &old, newtype);
}

int PMPI_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_contiguous");
  MPI_LEAVE(contiguous(self, count, oldtype, newtype, 0));
}

int PMPI_Type_contiguous_c(MPI_Count count, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_contiguous_c");
  MPI_LEAVE(contiguous(self, count, oldtype, newtype, 1));
}

/* Vectors: the stride in elements of old (vector) or in bytes (hvector, hbytes). */
static int vector(rt_rank_t *self, MPI_Count count, MPI_Count blocklength, MPI_Count stride, MPI_Datatype oldtype,
                  MPI_Datatype *newtype, int hbytes, int large)
{
  CHECK_CNT(count, "count");
  CHECK_CNT(blocklength, "blocklength");
  CHECK_ANY_TYPE(oldtype, old, "oldtype");
  CHECK_NEWTYPE(newtype);
  dt_t *t = dt_build_strided((size_t)count, (size_t)blocklength, (MPI_Aint)stride * (hbytes ? 1 : old->extent), old);
  MPI_Count v[3] = {count, blocklength, stride};
  return publish(self, t, hbytes ? MPI_COMBINER_HVECTOR : MPI_COMBINER_VECTOR, large, v, 3, hbytes, 1, &old, newtype);
}

int PMPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_vector");
  MPI_LEAVE(vector(self, count, blocklength, stride, oldtype, newtype, 0, 0));
}

int PMPI_Type_vector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride, MPI_Datatype oldtype,
                       MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_vector_c");
  MPI_LEAVE(vector(self, count, blocklength, stride, oldtype, newtype, 0, 1));
}

int PMPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                             MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_create_hvector");
  MPI_LEAVE(vector(self, count, blocklength, stride, oldtype, newtype, 1, 0));
}

int PMPI_Type_create_hvector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride, MPI_Datatype oldtype,
                               MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_create_hvector_c");
  MPI_LEAVE(vector(self, count, blocklength, stride, oldtype, newtype, 1, 1));
}

int PMPI_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_hvector");
  MPI_LEAVE(vector(self, count, blocklength, stride, oldtype, newtype, 1, 0));
}

/* The indexed family and struct, from their arguments as counts: v = [count, blocklengths (one, the same
 * for every block, when one_len), displacements]; displacements in elements of old, or bytes (hbytes);
 * types: struct's types (else every block is of oldtype). */
static int indexed(rt_rank_t *self, int combiner, const MPI_Count *v, int one_len, int hbytes,
                   const MPI_Datatype *types, MPI_Datatype oldtype, MPI_Datatype *newtype, int large)
{
  MPI_Count count = v[0], nlen = one_len ? 1 : count;
  const MPI_Count *lens = v + 1, *displs = v + 1 + nlen;
  if (one_len)
    CHECK_CNT(lens[0], "blocklength");
  for (MPI_Count i = 0; !one_len && i < count; i++)
    CHECK(lens[i] >= 0, MPI_COMM_WORLD, MPI_ERR_COUNT, "array_of_blocklengths[%lld] is negative (%lld)", (long long)i,
          (long long)lens[i]);
  dt_t *old = NULL;
  if (!types) {
    CHECK_ANY_TYPE(oldtype, o, "oldtype");
    old = o;
  }
  for (MPI_Count i = 0; types && i < count; i++)
    CHECK(dt_lookup(types[i]), MPI_COMM_WORLD, MPI_ERR_TYPE, "array_of_types[%lld]: invalid datatype (0x%x)",
          (long long)i, (unsigned)types[i]);
  CHECK_NEWTYPE(newtype);
  size_t n = (size_t)(count ? count : 1);
  dt_piece_t *p = malloc(sizeof *p * n);
  dt_t **olds = types ? malloc(sizeof *olds * n) : &old;
  dt_t *t = NULL;
  if (p && olds) {
    for (MPI_Count i = 0; i < count; i++) {
      const dt_t *ty = types ? (olds[i] = dt_lookup(types[i])) : old;
      p[i] = (dt_piece_t){(size_t)lens[one_len ? 0 : i], (MPI_Aint)displs[i] * (hbytes ? 1 : ty->extent), ty};
    }
    t = dt_build(p, (size_t)count, types != NULL);
  }
  int e =
      publish(self, t, combiner, large, v, 1 + nlen + count, hbytes ? count : 0, types ? (int)count : 1, olds, newtype);
  free(p);
  if (types)
    free(olds);
  return e;
}

/* v for indexed from its arguments of any integer types (one: a single blocklength, len, else lens). */
#define INDEXED_ARGS(v, count, lens, len, displs, one)                                                                 \
  CHECK_CNT(count, "count");                                                                                           \
  CHECK_ARRAY(lens, (one) ? 0 : (count), "array_of_blocklengths");                                                     \
  CHECK_ARRAY(displs, count, "array_of_displacements");                                                                \
  MPI_Count nlen_ = (one) ? 1 : (MPI_Count)(count);                                                                   \
  MPI_Count *v = malloc(sizeof *v * (size_t)(1 + nlen_ + (count)));                                                    \
  CHECK(v, MPI_COMM_WORLD, MPI_ERR_OTHER, "out of memory");                                                            \
  v[0] = (count);                                                                                                      \
  for (MPI_Count i_ = 0; i_ < nlen_; i_++)                                                                             \
    v[1 + i_] = (one) ? (MPI_Count)(len) : (MPI_Count)(lens)[i_];                                                      \
  for (MPI_Count i_ = 0; i_ < (count); i_++)                                                                           \
  v[1 + nlen_ + i_] = (MPI_Count)(displs)[i_]
/* One body for an indexed constructor in either form (large: the _c one). */
#define INDEXED_FN(Name, Count, LenArg, DispT, combiner, one_len, hbytes, large)                                       \
  int PMPI_##Name(Count count, LenArg, const DispT displs[], MPI_Datatype oldtype, MPI_Datatype *newtype)              \
  {                                                                                                                    \
    MPI_ENTER("MPI_" #Name);                                                                                           \
    INDEXED_ARGS(v, count, LENS, LEN, displs, one_len);                                                                \
    int e = indexed(self, combiner, v, one_len, hbytes, NULL, oldtype, newtype, large);                                \
    free(v);                                                                                                           \
    MPI_LEAVE(e);                                                                                                      \
  }                                                                                                                    \
  PMPI_ALIAS(Name)
#define LENS blocklens
#define LEN 0
INDEXED_FN(Type_indexed, int, const int blocklens[], int, MPI_COMBINER_INDEXED, 0, 0, 0)
INDEXED_FN(Type_indexed_c, MPI_Count, const MPI_Count blocklens[], MPI_Count, MPI_COMBINER_INDEXED, 0, 0, 1)
INDEXED_FN(Type_create_hindexed, int, const int blocklens[], MPI_Aint, MPI_COMBINER_HINDEXED, 0, 1, 0)
INDEXED_FN(Type_create_hindexed_c, MPI_Count, const MPI_Count blocklens[], MPI_Count, MPI_COMBINER_HINDEXED, 0, 1, 1)
#undef LENS
#undef LEN
#define LENS ((const int *)NULL)
#define LEN blocklength
INDEXED_FN(Type_create_indexed_block, int, int blocklength, int, MPI_COMBINER_INDEXED_BLOCK, 1, 0, 0)
INDEXED_FN(Type_create_indexed_block_c, MPI_Count, MPI_Count blocklength, MPI_Count, MPI_COMBINER_INDEXED_BLOCK, 1, 0,
           1)
INDEXED_FN(Type_create_hindexed_block, int, int blocklength, MPI_Aint, MPI_COMBINER_HINDEXED_BLOCK, 1, 1, 0)
INDEXED_FN(Type_create_hindexed_block_c, MPI_Count, MPI_Count blocklength, MPI_Count, MPI_COMBINER_HINDEXED_BLOCK, 1, 1,
           1)
#undef LENS
#undef LEN

int PMPI_Type_hindexed(int count, int blocklens[], MPI_Aint displs[], MPI_Datatype oldtype, MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_hindexed");
  INDEXED_ARGS(v, count, blocklens, 0, displs, 0);
  int e = indexed(self, MPI_COMBINER_HINDEXED, v, 0, 1, NULL, oldtype, newtype, 0);
  free(v);
  MPI_LEAVE(e);
}

#define STRUCT_FN(Name, Count, LenT, DispT, TypeT, large)                                                              \
  int PMPI_##Name(Count count, LenT blocklens[], DispT displs[], TypeT types[], MPI_Datatype *newtype)                 \
  {                                                                                                                    \
    MPI_ENTER("MPI_" #Name);                                                                                           \
    CHECK_ARRAY(types, count, "array_of_types");                                                                       \
    INDEXED_ARGS(v, count, blocklens, 0, displs, 0);                                                                   \
    static const MPI_Datatype no_types[1] = {MPI_DATATYPE_NULL}; /* count 0: a struct all the same */              \
    int e = indexed(self, MPI_COMBINER_STRUCT, v, 0, 1, types ? types : no_types, MPI_DATATYPE_NULL, newtype, large);  \
    free(v);                                                                                                           \
    MPI_LEAVE(e);                                                                                                      \
  }                                                                                                                    \
  PMPI_ALIAS(Name)
STRUCT_FN(Type_create_struct, int, const int, const MPI_Aint, const MPI_Datatype, 0)
STRUCT_FN(Type_create_struct_c, MPI_Count, const MPI_Count, const MPI_Count, const MPI_Datatype, 1)
STRUCT_FN(Type_struct, int, int, MPI_Aint, MPI_Datatype, 0)

static int resized(rt_rank_t *self, MPI_Datatype oldtype, MPI_Count lb, MPI_Count extent, MPI_Datatype *newtype,
                   int large)
{
  CHECK_ANY_TYPE(oldtype, old, "oldtype");
  CHECK_NEWTYPE(newtype);
  MPI_Count v[2] = {lb, extent};
  return publish(self, dt_resized(old, (MPI_Aint)lb, (MPI_Aint)extent), MPI_COMBINER_RESIZED, large, v, 2, 2, 1, &old,
                 newtype);
}

int PMPI_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent, MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_create_resized");
  MPI_LEAVE(resized(self, oldtype, lb, extent, newtype, 0));
}

int PMPI_Type_create_resized_c(MPI_Datatype oldtype, MPI_Count lb, MPI_Count extent, MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_create_resized_c");
  MPI_LEAVE(resized(self, oldtype, lb, extent, newtype, 1));
}

int PMPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_dup");
  CHECK_ANY_TYPE(oldtype, old, "oldtype");
  CHECK_NEWTYPE(newtype);
  int err = publish(self, dt_dup(old), MPI_COMBINER_DUP, 0, NULL, 0, 0, 1, &old, newtype);
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
static dt_t *dimension(const MPI_Count *starts, const MPI_Count *lens, MPI_Count n, MPI_Aint stride, const dt_t *cur)
{
  dt_piece_t *p = malloc(sizeof *p * (size_t)(n ? n : 1));
  if (!p)
    return NULL;
  for (MPI_Count i = 0; i < n; i++)
    p[i] = (dt_piece_t){(size_t)lens[i], (MPI_Aint)starts[i] * stride, cur};
  dt_t *t = dt_build(p, (size_t)n, 0);
  free(p);
  return t;
}

/* Nests dimensions from the fastest varying one: ranges(d, ...) gives the
 * local index ranges of dimension d. The result spans the whole array
 * (lb 0, extent = product of sizes times the old extent). */
typedef MPI_Count ranges_fn(int d, MPI_Count **starts, MPI_Count **lens, void *arg);
static dt_t *array_type(int ndims, const MPI_Count *sizes, int order, const dt_t *old, ranges_fn *ranges, void *arg)
{
  MPI_Aint stride = old->extent;
  dt_t *cur = NULL;
  for (int k = 0; k < ndims; k++) {
    int d = order == MPI_ORDER_C ? ndims - 1 - k : k;
    MPI_Count *st = NULL, *len = NULL;
    MPI_Count n = ranges(d, &st, &len, arg);
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
  const MPI_Count *subsizes, *starts;
};

static MPI_Count sub_ranges(int d, MPI_Count **st, MPI_Count **len, void *arg)
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

/* The int arrays of subarray and darray as counts, as the _c forms give them. */
static MPI_Count *widen(const int *a, int n)
{
  MPI_Count *v = malloc(sizeof *v * (size_t)(n > 0 ? n : 1));
  for (int i = 0; v && i < n; i++)
    v[i] = a[i];
  return v;
}

/* large: the _c form, whose arguments are recorded as MPICH records them (ints ndims, order; the rest as counts). */
static int subarray(rt_rank_t *self, int ndims, const MPI_Count sizes[], const MPI_Count subsizes[],
                    const MPI_Count starts[], int order, MPI_Datatype oldtype, MPI_Datatype *newtype, int large)
{
  CHECK(ndims > 0, MPI_COMM_WORLD, MPI_ERR_ARG, "ndims must be positive (got %d)", ndims);
  for (int i = 0; i < ndims; i++) {
    CHECK(sizes[i] > 0, MPI_COMM_WORLD, MPI_ERR_ARG, "array_of_sizes[%d] must be positive (got %lld)", i,
          (long long)sizes[i]);
    CHECK(subsizes[i] >= 0 && subsizes[i] <= sizes[i], MPI_COMM_WORLD, MPI_ERR_ARG,
          "array_of_subsizes[%d] = %lld is not in 0..array_of_sizes[%d] = %lld", i, (long long)subsizes[i], i,
          (long long)sizes[i]);
    CHECK(starts[i] >= 0 && starts[i] <= sizes[i] - subsizes[i], MPI_COMM_WORLD, MPI_ERR_ARG,
          "array_of_starts[%d] = %lld does not fit a subarray of %lld in %lld", i, (long long)starts[i],
          (long long)subsizes[i], (long long)sizes[i]);
  }
  CHECK_ORDER(order);
  CHECK_ANY_TYPE(oldtype, old, "oldtype");
  CHECK_NEWTYPE(newtype);
  struct sub_arg a = {subsizes, starts};
  dt_t *t = array_type(ndims, sizes, order, old, sub_ranges, &a);
  if (large) {
    const MPI_Count *wide[3] = {sizes, subsizes, starts};
    MPI_Count *c = malloc(sizeof *c * (size_t)(3 * ndims));
    CHECK(c, MPI_COMM_WORLD, MPI_ERR_OTHER, "out of memory");
    for (int k = 0; k < 3; k++)
      memcpy(c + k * ndims, wide[k], sizeof *c * (size_t)ndims);
    int ints[2] = {ndims, order};
    int e = type_publish(self, t, MPI_COMBINER_SUBARRAY, 2, ints, 0, NULL, 3 * ndims, c, 1, &old, newtype);
    free(c);
    return e;
  }
  int ni = 3 * ndims + 2;
  int *ints = malloc(sizeof *ints * (size_t)ni);
  CHECK(ints, MPI_COMM_WORLD, MPI_ERR_OTHER, "out of memory");
  ints[0] = ndims;
  for (int i = 0; i < ndims; i++) {
    ints[1 + i] = (int)sizes[i]; /* the int form's own values */
    ints[1 + ndims + i] = (int)subsizes[i];
    ints[1 + 2 * ndims + i] = (int)starts[i];
  }
  ints[ni - 1] = order;
  int e = type_publish(self, t, MPI_COMBINER_SUBARRAY, ni, ints, 0, NULL, 0, NULL, 1, &old, newtype);
  free(ints);
  return e;
}

int PMPI_Type_create_subarray(int ndims, const int sizes[], const int subsizes[], const int starts[], int order,
                              MPI_Datatype oldtype, MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_create_subarray");
  CHECK(sizes && subsizes && starts, MPI_COMM_WORLD, MPI_ERR_ARG, "an array argument is NULL");
  MPI_Count *sz = widen(sizes, ndims), *sub = widen(subsizes, ndims), *st = widen(starts, ndims);
  int e = sz && sub && st ? subarray(self, ndims, sz, sub, st, order, oldtype, newtype, 0)
                          : mpi_error(self, MPI_COMM_WORLD, MPI_ERR_OTHER, "out of memory");
  free(sz);
  free(sub);
  free(st);
  MPI_LEAVE(e);
}

int PMPI_Type_create_subarray_c(int ndims, const MPI_Count sizes[], const MPI_Count subsizes[],
                                const MPI_Count starts[], int order, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_create_subarray_c");
  CHECK(sizes && subsizes && starts, MPI_COMM_WORLD, MPI_ERR_ARG, "an array argument is NULL");
  MPI_LEAVE(subarray(self, ndims, sizes, subsizes, starts, order, oldtype, newtype, 1));
}

struct darray_arg {
  const MPI_Count *gsizes;
  const int *distribs, *dargs, *psizes;
  int *coords;
};

/* The indices of dimension d this process owns (MPI 3.1, 4.1.4). */
static MPI_Count darray_ranges(int d, MPI_Count **st, MPI_Count **len, void *arg)
{
  const struct darray_arg *a = arg;
  MPI_Count g = a->gsizes[d], b, n = 0;
  int p = a->psizes[d], c = a->coords[d], darg = a->dargs[d];
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
    (*st)[n] = s;
    (*len)[n] = g - s < b ? g - s : b;
  }
  return n;
}

/* large: the _c form, whose gsizes are recorded as MPICH records them (as counts; the rest as ints, order last). */
static int darray(rt_rank_t *self, int size, int rank, int ndims, const MPI_Count gsizes[], const int distribs[],
                  const int dargs[], const int psizes[], int order, MPI_Datatype oldtype, MPI_Datatype *newtype,
                  int large)
{
  CHECK(size > 0, MPI_COMM_WORLD, MPI_ERR_ARG, "size must be positive (got %d)", size);
  CHECK(rank >= 0 && rank < size, MPI_COMM_WORLD, MPI_ERR_ARG, "rank %d is not in 0..%d", rank, size - 1);
  CHECK(ndims > 0, MPI_COMM_WORLD, MPI_ERR_ARG, "ndims must be positive (got %d)", ndims);
  long procs = 1;
  for (int i = 0; i < ndims; i++) {
    CHECK(gsizes[i] > 0, MPI_COMM_WORLD, MPI_ERR_ARG, "array_of_gsizes[%d] must be positive (got %lld)", i,
          (long long)gsizes[i]);
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
          MPI_COMM_WORLD, MPI_ERR_ARG, "block size %d times %d processes does not cover %lld elements (dimension %d)",
          darg, psizes[i], (long long)gsizes[i], i);
    procs *= psizes[i];
  }
  CHECK(procs == size, MPI_COMM_WORLD, MPI_ERR_ARG, "the process grid has %ld processes, size is %d", procs, size);
  CHECK_ORDER(order);
  CHECK_ANY_TYPE(oldtype, old, "oldtype");
  CHECK_NEWTYPE(newtype);
  int ni = large ? 3 * ndims + 4 : 4 * ndims + 4, g = large ? 0 : ndims; /* gsizes among the ints */
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
      if (!large)
        ints[3 + i] = (int)gsizes[i]; /* the int form's own values */
      ints[3 + g + i] = distribs[i];
      ints[3 + g + ndims + i] = dargs[i];
      ints[3 + g + 2 * ndims + i] = psizes[i];
    }
    ints[ni - 1] = order;
  }
  int e = type_publish(self, t, MPI_COMBINER_DARRAY, ni, ints, 0, NULL, large ? ndims : 0, large ? gsizes : NULL, 1,
                       &old, newtype);
  free(ints);
  free(coords);
  return e;
}

int PMPI_Type_create_darray(int size, int rank, int ndims, const int gsizes[], const int distribs[], const int dargs[],
                            const int psizes[], int order, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_create_darray");
  CHECK(gsizes && distribs && dargs && psizes, MPI_COMM_WORLD, MPI_ERR_ARG, "an array argument is NULL");
  MPI_Count *g = widen(gsizes, ndims);
  int e = g ? darray(self, size, rank, ndims, g, distribs, dargs, psizes, order, oldtype, newtype, 0)
            : mpi_error(self, MPI_COMM_WORLD, MPI_ERR_OTHER, "out of memory");
  free(g);
  MPI_LEAVE(e);
}

int PMPI_Type_create_darray_c(int size, int rank, int ndims, const MPI_Count gsizes[], const int distribs[],
                              const int dargs[], const int psizes[], int order, MPI_Datatype oldtype,
                              MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_create_darray_c");
  CHECK(gsizes && distribs && dargs && psizes, MPI_COMM_WORLD, MPI_ERR_ARG, "an array argument is NULL");
  MPI_LEAVE(darray(self, size, rank, ndims, gsizes, distribs, dargs, psizes, order, oldtype, newtype, 1));
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
PMPI_ALIAS(Type_hindexed)
PMPI_ALIAS(Type_create_resized)
PMPI_ALIAS(Type_create_resized_c)
PMPI_ALIAS(Type_dup)
PMPI_ALIAS(Type_create_subarray)
PMPI_ALIAS(Type_create_subarray_c)
PMPI_ALIAS(Type_create_darray)
PMPI_ALIAS(Type_create_darray_c)
PMPI_ALIAS(Type_commit)
PMPI_ALIAS(Type_free)
