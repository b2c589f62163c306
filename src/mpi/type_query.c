/* Datatype queries: sizes and extents (also the MPI_Count forms),
 * Get_elements, addresses, envelope and contents, names, Type_match_size.
 * The types are in src/core (datatype.c, pack.c), the constructors in
 * type_create.c. */
#include "mpi_impl.h"
#include <limits.h>
#include <stdio.h>
#include <string.h>

int PMPI_Type_size(MPI_Datatype type, int *size)
{
  MPI_ENTER("MPI_Type_size");
  CHECK_ANY_TYPE(type, t, "datatype");
  CHECK(size, MPI_COMM_WORLD, MPI_ERR_ARG, "size is NULL");
  *size = t->size > INT_MAX ? MPI_UNDEFINED : (int)t->size;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Type_size_x(MPI_Datatype type, MPI_Count *size)
{
  MPI_ENTER("MPI_Type_size_x");
  CHECK_ANY_TYPE(type, t, "datatype");
  CHECK(size, MPI_COMM_WORLD, MPI_ERR_ARG, "size is NULL");
  *size = (MPI_Count)t->size;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Type_get_extent(MPI_Datatype type, MPI_Aint *lb, MPI_Aint *extent)
{
  MPI_ENTER("MPI_Type_get_extent");
  CHECK_ANY_TYPE(type, t, "datatype");
  CHECK(lb && extent, MPI_COMM_WORLD, MPI_ERR_ARG, "lb or extent is NULL");
  *lb = t->lb;
  *extent = t->extent;
  MPI_LEAVE(MPI_SUCCESS);
}

/* MPI-1's: the extent, lower and upper bound alone */
int PMPI_Type_extent(MPI_Datatype type, MPI_Aint *extent)
{
  MPI_ENTER("MPI_Type_extent");
  CHECK_ANY_TYPE(type, t, "datatype");
  CHECK(extent, MPI_COMM_WORLD, MPI_ERR_ARG, "extent is NULL");
  *extent = t->extent;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Type_lb(MPI_Datatype type, MPI_Aint *lb)
{
  MPI_ENTER("MPI_Type_lb");
  CHECK_ANY_TYPE(type, t, "datatype");
  CHECK(lb, MPI_COMM_WORLD, MPI_ERR_ARG, "displacement is NULL");
  *lb = t->lb;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Type_ub(MPI_Datatype type, MPI_Aint *ub)
{
  MPI_ENTER("MPI_Type_ub");
  CHECK_ANY_TYPE(type, t, "datatype");
  CHECK(ub, MPI_COMM_WORLD, MPI_ERR_ARG, "displacement is NULL");
  *ub = t->lb + t->extent;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Type_get_extent_x(MPI_Datatype type, MPI_Count *lb, MPI_Count *extent)
{
  MPI_ENTER("MPI_Type_get_extent_x");
  CHECK_ANY_TYPE(type, t, "datatype");
  CHECK(lb && extent, MPI_COMM_WORLD, MPI_ERR_ARG, "lb or extent is NULL");
  *lb = t->lb;
  *extent = t->extent;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Type_get_true_extent(MPI_Datatype type, MPI_Aint *true_lb, MPI_Aint *true_extent)
{
  MPI_ENTER("MPI_Type_get_true_extent");
  CHECK_ANY_TYPE(type, t, "datatype");
  CHECK(true_lb && true_extent, MPI_COMM_WORLD, MPI_ERR_ARG, "true_lb or true_extent is NULL");
  *true_lb = t->true_lb;
  *true_extent = t->true_extent;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Type_get_true_extent_x(MPI_Datatype type, MPI_Count *true_lb, MPI_Count *true_extent)
{
  MPI_ENTER("MPI_Type_get_true_extent_x");
  CHECK_ANY_TYPE(type, t, "datatype");
  CHECK(true_lb && true_extent, MPI_COMM_WORLD, MPI_ERR_ARG, "true_lb or true_extent is NULL");
  *true_lb = t->true_lb;
  *true_extent = t->true_extent;
  MPI_LEAVE(MPI_SUCCESS);
}

/* Basic elements received, MPI_UNDEFINED when the data ends inside one. */
static MPI_Count elements(const MPI_Status *status, const dt_t *t)
{
  MPI_Count n = dt_elements(t, status->simpi_bytes);
  return n < 0 ? MPI_UNDEFINED : n;
}

int PMPI_Get_elements(const MPI_Status *status, MPI_Datatype type, int *count)
{
  MPI_ENTER("MPI_Get_elements");
  CHECK(status && status != MPI_STATUS_IGNORE, MPI_COMM_WORLD, MPI_ERR_ARG, "status is NULL or MPI_STATUS_IGNORE");
  CHECK(count, MPI_COMM_WORLD, MPI_ERR_ARG, "count is NULL");
  CHECK_TYPE(type, t, MPI_COMM_WORLD);
  MPI_Count n = elements(status, t);
  *count = n > INT_MAX ? MPI_UNDEFINED : (int)n;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Get_elements_x(const MPI_Status *status, MPI_Datatype type, MPI_Count *count)
{
  MPI_ENTER("MPI_Get_elements_x");
  CHECK(status && status != MPI_STATUS_IGNORE, MPI_COMM_WORLD, MPI_ERR_ARG, "status is NULL or MPI_STATUS_IGNORE");
  CHECK(count, MPI_COMM_WORLD, MPI_ERR_ARG, "count is NULL");
  CHECK_TYPE(type, t, MPI_COMM_WORLD);
  *count = elements(status, t);
  MPI_LEAVE(MPI_SUCCESS);
}

/* The large-count (_c) queries of MPI 4.0: those of the _x forms. */
int PMPI_Type_size_c(MPI_Datatype type, MPI_Count *size)
{
  MPI_ENTER("MPI_Type_size_c");
  CHECK_ANY_TYPE(type, t, "datatype");
  CHECK(size, MPI_COMM_WORLD, MPI_ERR_ARG, "size is NULL");
  *size = (MPI_Count)t->size;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Type_get_extent_c(MPI_Datatype type, MPI_Count *lb, MPI_Count *extent)
{
  MPI_ENTER("MPI_Type_get_extent_c");
  CHECK_ANY_TYPE(type, t, "datatype");
  CHECK(lb && extent, MPI_COMM_WORLD, MPI_ERR_ARG, "lb or extent is NULL");
  *lb = t->lb;
  *extent = t->extent;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Type_get_true_extent_c(MPI_Datatype type, MPI_Count *true_lb, MPI_Count *true_extent)
{
  MPI_ENTER("MPI_Type_get_true_extent_c");
  CHECK_ANY_TYPE(type, t, "datatype");
  CHECK(true_lb && true_extent, MPI_COMM_WORLD, MPI_ERR_ARG, "true_lb or true_extent is NULL");
  *true_lb = t->true_lb;
  *true_extent = t->true_extent;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Get_elements_c(const MPI_Status *status, MPI_Datatype type, MPI_Count *count)
{
  MPI_ENTER("MPI_Get_elements_c");
  CHECK(status && status != MPI_STATUS_IGNORE, MPI_COMM_WORLD, MPI_ERR_ARG, "status is NULL or MPI_STATUS_IGNORE");
  CHECK(count, MPI_COMM_WORLD, MPI_ERR_ARG, "count is NULL");
  CHECK_TYPE(type, t, MPI_COMM_WORLD);
  *count = elements(status, t);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Get_address(const void *location, MPI_Aint *address)
{
  MPI_ENTER("MPI_Get_address");
  CHECK(address, MPI_COMM_WORLD, MPI_ERR_ARG, "address is NULL");
  *address = (MPI_Aint)(uintptr_t)location;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Address(void *location, MPI_Aint *address)
{
  MPI_ENTER("MPI_Address");
  CHECK(address, MPI_COMM_WORLD, MPI_ERR_ARG, "address is NULL");
  *address = (MPI_Aint)(uintptr_t)location;
  MPI_LEAVE(MPI_SUCCESS);
}

/* Address arithmetic: plain integers here (one flat address space). */
MPI_Aint PMPI_Aint_add(MPI_Aint base, MPI_Aint disp) { return (MPI_Aint)((uintptr_t)base + (uintptr_t)disp); }
MPI_Aint PMPI_Aint_diff(MPI_Aint addr1, MPI_Aint addr2) { return (MPI_Aint)((uintptr_t)addr1 - (uintptr_t)addr2); }

/* A type made by a large-count (_c) constructor records counts, which only the _c forms of the
 * envelope and contents calls can return (MPICH raises MPI_ERR_OTHER in the others, as here). */
static int get_envelope(rt_rank_t *self, MPI_Datatype type, MPI_Count *ni, MPI_Count *na, MPI_Count *nc, MPI_Count *nd,
                        int *combiner)
{
  CHECK_ANY_TYPE(type, t, "datatype");
  CHECK(ni && na && nc && nd && combiner, MPI_COMM_WORLD, MPI_ERR_ARG, "an output argument is NULL");
  *ni = t->how.ni; /* all 0 for a predefined type */
  *na = t->how.na;
  *nc = t->how.nc;
  *nd = t->how.nd;
  *combiner = t->derived ? t->how.combiner : MPI_COMBINER_NAMED;
  return MPI_SUCCESS;
}

int PMPI_Type_get_envelope(MPI_Datatype type, int *ni, int *na, int *nd, int *combiner)
{
  MPI_ENTER("MPI_Type_get_envelope");
  CHECK(ni && na && nd, MPI_COMM_WORLD, MPI_ERR_ARG, "an output argument is NULL");
  MPI_Count i, a, c, d;
  int e = get_envelope(self, type, &i, &a, &c, &d, combiner);
  if (!e && c)
    e = mpi_error(self, MPI_COMM_WORLD, MPI_ERR_OTHER,
                  "the datatype was made by a large-count constructor: use MPI_Type_get_envelope_c");
  else if (!e) {
    *ni = (int)i;
    *na = (int)a;
    *nd = (int)d;
  }
  MPI_LEAVE(e);
}

int PMPI_Type_get_envelope_c(MPI_Datatype type, MPI_Count *ni, MPI_Count *na, MPI_Count *nc, MPI_Count *nd,
                             int *combiner)
{
  MPI_ENTER("MPI_Type_get_envelope_c");
  MPI_LEAVE(get_envelope(self, type, ni, na, nc, nd, combiner));
}

static int get_contents(rt_rank_t *self, MPI_Datatype type, MPI_Count max_integers, MPI_Count max_addresses,
                        MPI_Count max_counts, MPI_Count max_datatypes, int ints[], MPI_Aint aints[], MPI_Count counts[],
                        MPI_Datatype types[], int large)
{
  CHECK_ANY_TYPE(type, t, "datatype");
  CHECK(t->derived, MPI_COMM_WORLD, MPI_ERR_ARG, "%s is predefined (combiner MPI_COMBINER_NAMED): it has no contents",
        t->name);
  const dt_contents_t *h = &t->how;
  CHECK(large || !h->nc, MPI_COMM_WORLD, MPI_ERR_OTHER,
        "the datatype was made by a large-count constructor: use MPI_Type_get_contents_c");
  CHECK(max_integers >= h->ni, MPI_COMM_WORLD, MPI_ERR_ARG, "max_integers is %lld, the type has %d",
        (long long)max_integers, h->ni);
  CHECK(max_addresses >= h->na, MPI_COMM_WORLD, MPI_ERR_ARG, "max_addresses is %lld, the type has %d",
        (long long)max_addresses, h->na);
  CHECK(max_counts >= h->nc, MPI_COMM_WORLD, MPI_ERR_ARG, "max_large_counts is %lld, the type has %d",
        (long long)max_counts, h->nc);
  CHECK(max_datatypes >= h->nd, MPI_COMM_WORLD, MPI_ERR_ARG, "max_datatypes is %lld, the type has %d",
        (long long)max_datatypes, h->nd);
  CHECK((ints || !h->ni) && (aints || !h->na) && (counts || !h->nc) && (types || !h->nd), MPI_COMM_WORLD, MPI_ERR_ARG,
        "an output array is NULL");
  if (h->ni)
    memcpy(ints, h->ints, sizeof *ints * (size_t)h->ni);
  if (h->na)
    memcpy(aints, h->aints, sizeof *aints * (size_t)h->na);
  if (h->nc)
    memcpy(counts, h->counts, sizeof *counts * (size_t)h->nc);
  for (int i = 0; i < h->nd; i++) {
    dt_t *c = h->types[i];
    if (!c->derived) {
      types[i] = SIMPI_T(c->id);
      continue;
    }
    /* a derived type comes back as a new handle the caller frees */
    dt_retain(c);
    types[i] = dt_handle_new(c);
    if (types[i] == MPI_DATATYPE_NULL) {
      dt_release(c);
      CHECK(0, MPI_COMM_WORLD, MPI_ERR_OTHER, "too many datatypes");
    }
  }
  return MPI_SUCCESS;
}

int PMPI_Type_get_contents(MPI_Datatype type, int max_integers, int max_addresses, int max_datatypes, int ints[],
                           MPI_Aint aints[], MPI_Datatype types[])
{
  MPI_ENTER("MPI_Type_get_contents");
  MPI_LEAVE(get_contents(self, type, max_integers, max_addresses, 0, max_datatypes, ints, aints, NULL, types, 0));
}

int PMPI_Type_get_contents_c(MPI_Datatype type, MPI_Count max_integers, MPI_Count max_addresses,
                             MPI_Count max_large_counts, MPI_Count max_datatypes, int ints[], MPI_Aint aints[],
                             MPI_Count counts[], MPI_Datatype types[])
{
  MPI_ENTER("MPI_Type_get_contents_c");
  MPI_LEAVE(get_contents(self, type, max_integers, max_addresses, max_large_counts, max_datatypes, ints, aints, counts,
                         types, 1));
}

int PMPI_Type_set_name(MPI_Datatype type, const char *name)
{
  MPI_ENTER("MPI_Type_set_name");
  CHECK_ANY_TYPE(type, t, "datatype");
  CHECK(name, MPI_COMM_WORLD, MPI_ERR_ARG, "type_name is NULL");
  char buf[MPI_MAX_OBJECT_NAME];
  snprintf(buf, sizeof buf, "%s", name); /* longer names are cut */
  CHECK(dt_set_name(t, buf) == 0, MPI_COMM_WORLD, MPI_ERR_OTHER, "out of memory");
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Type_get_name(MPI_Datatype type, char *name, int *resultlen)
{
  MPI_ENTER("MPI_Type_get_name");
  CHECK_ANY_TYPE(type, t, "datatype");
  CHECK(name && resultlen, MPI_COMM_WORLD, MPI_ERR_ARG, "type_name or resultlen is NULL");
  const char *s = t->derived && !t->named ? "" : t->name;
  snprintf(name, MPI_MAX_OBJECT_NAME, "%s", s);
  *resultlen = (int)strlen(name);
  MPI_LEAVE(MPI_SUCCESS);
}

/* The predefined Fortran type of a class and size (as MPICH 4.0: MPI_REAL4, not MPI_FLOAT). */
int PMPI_Type_match_size(int typeclass, int size, MPI_Datatype *type)
{
  MPI_ENTER("MPI_Type_match_size");
  CHECK(type, MPI_COMM_WORLD, MPI_ERR_ARG, "datatype is NULL");
  static const MPI_Datatype reals[] = {MPI_REAL4, MPI_REAL8, MPI_REAL16};
  static const MPI_Datatype ints[] = {MPI_INTEGER1, MPI_INTEGER2, MPI_INTEGER4, MPI_INTEGER8};
  static const MPI_Datatype cplx[] = {MPI_COMPLEX8, MPI_COMPLEX16, MPI_COMPLEX32};
  const MPI_Datatype *list = NULL;
  int n = 0;
  switch (typeclass) {
  case MPI_TYPECLASS_REAL: list = reals; n = 3; break;
  case MPI_TYPECLASS_INTEGER: list = ints; n = 4; break;
  case MPI_TYPECLASS_COMPLEX: list = cplx; n = 3; break;
  }
  CHECK(list, MPI_COMM_WORLD, MPI_ERR_ARG, "typeclass %d is not MPI_TYPECLASS_REAL, _INTEGER or _COMPLEX", typeclass);
  for (int i = 0; i < n; i++)
    if ((int)dt_lookup(list[i])->size == size) {
      *type = list[i];
      MPI_LEAVE(MPI_SUCCESS);
    }
  CHECK(0, MPI_COMM_WORLD, MPI_ERR_ARG, "no predefined type of class %d has %d bytes", typeclass, size);
  MPI_LEAVE(MPI_ERR_ARG);
}

PMPI_ALIAS(Type_size)
PMPI_ALIAS(Type_size_x)
PMPI_ALIAS(Type_get_extent)
PMPI_ALIAS(Type_extent)
PMPI_ALIAS(Type_lb)
PMPI_ALIAS(Type_ub)
PMPI_ALIAS(Type_get_extent_x)
PMPI_ALIAS(Type_get_true_extent)
PMPI_ALIAS(Type_get_true_extent_x)
PMPI_ALIAS(Get_elements)
PMPI_ALIAS(Get_elements_x)
PMPI_ALIAS(Type_size_c)
PMPI_ALIAS(Type_get_extent_c)
PMPI_ALIAS(Type_get_true_extent_c)
PMPI_ALIAS(Get_elements_c)
PMPI_ALIAS(Get_address)
PMPI_ALIAS(Address)
PMPI_ALIAS(Aint_add)
PMPI_ALIAS(Aint_diff)
PMPI_ALIAS(Type_get_envelope)
PMPI_ALIAS(Type_get_envelope_c)
PMPI_ALIAS(Type_get_contents)
PMPI_ALIAS(Type_get_contents_c)
PMPI_ALIAS(Type_set_name)
PMPI_ALIAS(Type_get_name)
PMPI_ALIAS(Type_match_size)
