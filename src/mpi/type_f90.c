/* MPI_Type_create_f90_real, _complex and _integer: the predefined type of the smallest kind with
 * the precision and range asked, as MPICH 4.0 gives them (reals and complexes of 4 and 8 bytes,
 * integers of 1 to 8 bytes): unnamed, with an F90 combiner and the arguments as contents. */
#include "mpi_impl.h"
#include <stdlib.h>

/* One handle per distinct request, kept for the whole run (such types are never freed). */
typedef struct f90_made {
  int combiner, p, r;
  MPI_Datatype h;
} f90_made_t;
static f90_made_t *made;
static int nmade;

static int f90_type(rt_rank_t *self, int combiner, int p, int r, MPI_Datatype base, MPI_Datatype *newtype)
{
  for (int i = 0; i < nmade; i++)
    if (made[i].combiner == combiner && made[i].p == p && made[i].r == r) {
      *newtype = made[i].h;
      MPI_LEAVE(MPI_SUCCESS);
    }
  f90_made_t *grown = realloc(made, sizeof *made * (size_t)(nmade + 1));
  dt_t *t = grown ? dt_dup(dt_lookup(base)) : NULL;
  int ints[2] = {combiner == MPI_COMBINER_F90_INTEGER ? r : p, r};
  MPI_Datatype h = MPI_DATATYPE_NULL;
  if (grown)
    made = grown;
  if (t && dt_set_contents(t, combiner, combiner == MPI_COMBINER_F90_INTEGER ? 1 : 2, ints, 0, NULL, 0, NULL, 0, NULL) == 0)
    h = dt_handle_new(t);
  else if (t)
    dt_release(t);
  CHECK(h != MPI_DATATYPE_NULL, MPI_COMM_WORLD, MPI_ERR_OTHER, "out of memory for a new datatype");
  t->f90 = 1;
  made[nmade++] = (f90_made_t){combiner, p, r, h};
  *newtype = h;
  MPI_LEAVE(MPI_SUCCESS);
}

/* The kinds: decimal digits and exponent range of Fortran's REAL and DOUBLE PRECISION (MPI_UNDEFINED,
 * negative, asks for nothing). */
static MPI_Datatype real_kind(int p, int r, MPI_Datatype single, MPI_Datatype dbl)
{
  return p <= 6 && r <= 37 ? single : p <= 15 && r <= 307 ? dbl : MPI_DATATYPE_NULL;
}

/* real and complex: one body, their kinds' two types */
#define F90_FLOAT(Name, combiner, single, dbl, what)                                                                   \
  int PMPI_##Name(int p, int r, MPI_Datatype *newtype)                                                                 \
  {                                                                                                                    \
    MPI_ENTER("MPI_" #Name);                                                                                           \
    CHECK(newtype, MPI_COMM_WORLD, MPI_ERR_ARG, "newtype is NULL");                                                    \
    MPI_Datatype base = real_kind(p, r, single, dbl);                                                                  \
    *newtype = MPI_DATATYPE_NULL;                                                                                      \
    CHECK(base != MPI_DATATYPE_NULL, MPI_COMM_WORLD, MPI_ERR_ARG,                                                      \
          "no " what " type has precision %d and range %d (the widest: 15 digits, range 307)", p, r);                  \
    return f90_type(self, combiner, p, r, base, newtype);                                                              \
  }
F90_FLOAT(Type_create_f90_real, MPI_COMBINER_F90_REAL, MPI_REAL, MPI_DOUBLE_PRECISION, "real")
F90_FLOAT(Type_create_f90_complex, MPI_COMBINER_F90_COMPLEX, MPI_COMPLEX, MPI_DOUBLE_COMPLEX, "complex")

int PMPI_Type_create_f90_integer(int r, MPI_Datatype *newtype)
{
  MPI_ENTER("MPI_Type_create_f90_integer");
  CHECK(newtype, MPI_COMM_WORLD, MPI_ERR_ARG, "newtype is NULL");
  MPI_Datatype base = r <= 2    ? MPI_INTEGER1
                      : r <= 4  ? MPI_INTEGER2
                      : r <= 9  ? MPI_INTEGER4
                      : r <= 18 ? MPI_INTEGER8
                                : MPI_DATATYPE_NULL;
  *newtype = MPI_DATATYPE_NULL;
  CHECK(base != MPI_DATATYPE_NULL, MPI_COMM_WORLD, MPI_ERR_ARG,
        "no integer type has range %d (the widest: 18 decimal digits)", r);
  return f90_type(self, MPI_COMBINER_F90_INTEGER, 0, r, base, newtype);
}

PMPI_ALIAS(Type_create_f90_real)
PMPI_ALIAS(Type_create_f90_complex)
PMPI_ALIAS(Type_create_f90_integer)
