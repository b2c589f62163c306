/* Datatypes: the type table behind MPI_Datatype handles, and the engine that
 * packs, unpacks and copies typed buffers (used by p2p and coll). */
#ifndef SIMPI_DATATYPE_H
#define SIMPI_DATATYPE_H
#include <mpi.h>
#include <stddef.h>

typedef struct dt_block {
  MPI_Aint off;
  size_t len;
} dt_block_t;

typedef struct dt {
  size_t size;          /* bytes of data in one element */
  MPI_Aint lb, extent;  /* stride between elements */
  int contig;           /* one block at offset 0 of length size == extent */
  int basic;            /* basic type index when all elements are of one basic type, else 0 */
  size_t nblocks;
  dt_block_t *blocks;   /* one element's data */
  const char *name;
} dt_t;

/* NULL when the handle names no datatype. */
dt_t *dt_get(MPI_Datatype h);
void dt_pack(const void *buf, int count, const dt_t *t, void *out);
void dt_unpack(const void *in, size_t bytes, void *buf, int count, const dt_t *t);
/* Copies min(sent, capacity) bytes of typed data; returns bytes sent. */
void dt_copy(const void *sbuf, int scount, const dt_t *st, void *dbuf, int dcount, const dt_t *dtt);
#endif
