/* Datatypes: the type table behind MPI_Datatype handles and the
 * constructors that build flattened typemaps (datatype.c), and the engine
 * that packs, unpacks, copies and converts typed buffers (pack.c); used by
 * p2p, coll, rma, op and the MPI type calls. */
#ifndef SIMPI_DATATYPE_H
#define SIMPI_DATATYPE_H
#include <mpi.h>
#include <stddef.h>

/* len bytes of data at offset off from the start of an element */
/* MPI_COMPLEX32's C type: a complex of two IEEE quads (gfortran's complex(16)) */
typedef _Complex float __attribute__((mode(TC))) dt_complex_quad;

typedef struct dt_block {
  MPI_Aint off;
  size_t len;
} dt_block_t;

/* n consecutive values of one predefined type at off, off + e, off + 2e, ...
 * (e: that type's extent; pair types such as MPI_2INT are one value) */
typedef struct dt_run {
  MPI_Aint off;
  size_t n;
  int basic;
} dt_run_t;

typedef struct dt dt_t;

/* A constructor's arguments, for Type_get_envelope/Type_get_contents; the
 * large-count (_c) constructors record theirs as counts, as MPICH does. */
typedef struct dt_contents {
  int combiner, ni, na, nc, nd;
  int *ints;
  MPI_Aint *aints;
  MPI_Count *counts;
  dt_t **types; /* each holds a reference */
} dt_contents_t;

struct dt {
  size_t size;          /* bytes of data in one element */
  MPI_Aint lb, extent;  /* stride between elements */
  int contig;           /* one block at offset 0 of length size == extent */
  int basic;            /* basic type index when all elements are of one basic type, else 0 */
  size_t nblocks;
  dt_block_t *blocks;   /* one element's data, in typemap order, adjacent blocks merged */
  const char *name;     /* for messages; Type_get_name gives "" for an unnamed derived type */
  /* Below: the engine's and the type calls' (other layers read only derived, through the calls further down). */
  MPI_Aint true_lb, true_extent; /* bytes really touched by one element */
  size_t nruns;
  dt_run_t *runs;       /* one element's values by predefined type, in typemap order; NULL when they are all of
                         * one predefined non-pair type: the blocks are then the runs (use dt_nruns/dt_run) */
  size_t nelems;        /* basic elements in one element (Get_elements; a pair type counts two) */
  int dense;            /* one block as long as the extent, at any offset: count elements are count * size bytes
                         * in a row from blocks[0].off (contig is dense at offset 0) */
  int id;               /* predefined: index in the table; derived: 0 */
  int derived;          /* built by a constructor (or Type_dup) */
  int f90;              /* made by Type_create_f90_*: has contents, yet predefined (never freed) */
  int committed;
  int refs;             /* derived: handles, requests and enclosing types using it */
  int align;            /* alignment the C compiler gives it: pads struct extents as MPICH does */
  int klass;            /* kind shared by all its values (integers of one size, ...), 0 if mixed */
  int named;            /* Type_set_name was called */
  char *owned_name;
  dt_contents_t how;
  struct attr *attrs;   /* the program's attributes (src/mpi/attr.c) */
};

/* Handles. dt_get: the type if it is valid and committed (what communication
 * needs), else NULL; dt_lookup: any valid type, committed or not. */
dt_t *dt_get(MPI_Datatype h);
dt_t *dt_lookup(MPI_Datatype h);
/* The predefined type of index idx (1 .. SIMPI_NUM_BASIC_TYPES - 1). */
dt_t *dt_basic(int idx);
/* The C type of the same layout whose values a language's own predefined type
 * (MPI_INTEGER, MPI_CXX_BOOL, MPI_2INTEGER ...) moves and reduces as; other
 * indices are their own. */
int dt_twin(int idx);
/* A new handle for t; the handle takes over one reference the caller holds. */
MPI_Datatype dt_handle_new(dt_t *t);
/* Drops a derived type's handle and its reference. */
void dt_handle_free(MPI_Datatype h);
/* References keep a derived type alive (no-ops on predefined types):
 * requests and enclosing types take one, so Type_free never pulls a type
 * from under a pending transfer. */
void dt_retain(const dt_t *t);
void dt_release(const dt_t *t);

/* Constructors. Each returns a new uncommitted derived type holding one
 * reference, or NULL when memory runs out. dt_build is the general form:
 * piece i is blocklen copies of type placed at byte displacement disp, one
 * extent apart; with is_struct, the extent is padded as MPICH pads structs. */
typedef struct dt_piece {
  size_t blocklen;
  MPI_Aint disp;
  const dt_t *type;
} dt_piece_t;
dt_t *dt_build(const dt_piece_t *pieces, size_t n, int is_struct);
/* count pieces of blocklen copies of old, stride bytes apart (vectors) */
dt_t *dt_build_strided(size_t count, size_t blocklen, MPI_Aint stride, const dt_t *old);
dt_t *dt_resized(const dt_t *old, MPI_Aint lb, MPI_Aint extent);
dt_t *dt_dup(const dt_t *old);
/* Records how t was made (copies the arrays, references the types). */
int dt_set_contents(dt_t *t, int combiner, int ni, const int *ints, int na, const MPI_Aint *aints, int nc,
                    const MPI_Count *counts, int nd, dt_t *const *types);
/* Names: "" until set. */
int dt_set_name(dt_t *t, const char *name);

/* A type's values: dt_nruns(t) runs of one predefined type each. */
size_t dt_nruns(const dt_t *t);
dt_run_t dt_run(const dt_t *t, size_t i);

/* Moving data. buf may be MPI_BOTTOM when the type holds absolute addresses. */
void dt_pack(const void *buf, MPI_Count count, const dt_t *t, void *out);
void dt_unpack(const void *in, size_t bytes, void *buf, MPI_Count count, const dt_t *t);
/* Copies min(sent, capacity) bytes of typed data. */
void dt_copy(const void *sbuf, MPI_Count scount, const dt_t *st, void *dbuf, MPI_Count dcount, const dt_t *dtt);

/* Basic elements in the first bytes of count elements' packed data; -1 when
 * bytes ends inside a basic element. */
MPI_Count dt_elements(const dt_t *t, MPI_Count bytes);

/* external32: big-endian, the standard's sizes (MPI_LONG is 4 bytes, long
 * double is an IEEE quad). Sizes are per element. */
MPI_Count dt_ext32_size(const dt_t *t);
void dt_pack_ext32(const void *buf, MPI_Count count, const dt_t *t, void *out);
void dt_unpack_ext32(const void *in, void *buf, MPI_Count count, const dt_t *t);

/* Reductions on derived types: calls fn(op, in + o, inout + o, n, basic type)
 * for each run of n values of one predefined type, over count elements. */
typedef void dt_run_fn(MPI_Op op, const void *in, void *inout, MPI_Count n, const dt_t *basic);
void dt_apply_runs(MPI_Op op, const void *in, void *inout, MPI_Count count, const dt_t *t, dt_run_fn *fn);

/* A scratch buffer laid out like count elements of t (every byte the
 * typemap touches is inside it), and its release. */
void *dt_tmp_alloc(MPI_Count count, const dt_t *t);
void dt_tmp_free(void *p, const dt_t *t);
#endif
