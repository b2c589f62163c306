/* Packing: Pack/Unpack/Pack_size in the native representation (the bytes of
 * the typemap in order, as messages carry them) and the external32 forms
 * (big-endian, the standard's sizes). */
#include "mpi_impl.h"
#include <limits.h>
#include <string.h>

int PMPI_Pack_size(int incount, MPI_Datatype type, MPI_Comm comm, int *size)
{
  MPI_ENTER("MPI_Pack_size");
  CHECK_COMM(comm, c);
  (void)c;
  CHECK_TYPE(type, t, comm);
  CHECK_COUNT(incount, comm);
  CHECK(size, comm, MPI_ERR_ARG, "size is NULL");
  MPI_Count n = (MPI_Count)incount * (MPI_Count)t->size;
  CHECK(n <= INT_MAX, comm, MPI_ERR_ARG, "%d elements of %s take %lld bytes, more than an int holds", incount,
        t->name, n);
  *size = (int)n;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Pack(const void *inbuf, int incount, MPI_Datatype type, void *outbuf, int outsize, int *position,
              MPI_Comm comm)
{
  MPI_ENTER("MPI_Pack");
  CHECK_COMM(comm, c);
  (void)c;
  CHECK_TYPE(type, t, comm);
  CHECK_COUNT(incount, comm);
  CHECK_DBUF(inbuf, incount, t, comm);
  CHECK(position, comm, MPI_ERR_ARG, "position is NULL");
  CHECK(outsize >= 0, comm, MPI_ERR_ARG, "outsize is negative (%d)", outsize);
  long long need = (long long)incount * (long long)t->size;
  CHECK(*position >= 0 && *position <= outsize && need <= outsize - *position, comm, MPI_ERR_TRUNCATE,
        "%lld bytes to pack at position %d do not fit in outsize %d", need, *position, outsize);
  CHECK(outbuf || !need, comm, MPI_ERR_BUFFER, "outbuf is NULL");
  dt_pack(inbuf, incount, t, (char *)outbuf + *position);
  *position += (int)need;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Unpack(const void *inbuf, int insize, int *position, void *outbuf, int outcount, MPI_Datatype type,
                MPI_Comm comm)
{
  MPI_ENTER("MPI_Unpack");
  CHECK_COMM(comm, c);
  (void)c;
  CHECK_TYPE(type, t, comm);
  CHECK_COUNT(outcount, comm);
  CHECK_DBUF(outbuf, outcount, t, comm);
  CHECK(position, comm, MPI_ERR_ARG, "position is NULL");
  CHECK(insize >= 0, comm, MPI_ERR_ARG, "insize is negative (%d)", insize);
  long long need = (long long)outcount * (long long)t->size;
  CHECK(*position >= 0 && *position <= insize && need <= insize - *position, comm, MPI_ERR_TRUNCATE,
        "%lld bytes to unpack at position %d, only %d in inbuf", need, *position, insize);
  CHECK(inbuf || !need, comm, MPI_ERR_BUFFER, "inbuf is NULL");
  dt_unpack((const char *)inbuf + *position, (size_t)need, outbuf, outcount, t);
  *position += (int)need;
  MPI_LEAVE(MPI_SUCCESS);
}

#define CHECK_DATAREP(d)                                                                                               \
  CHECK((d) && !strcmp(d, "external32"), MPI_COMM_WORLD, MPI_ERR_ARG, "datarep must be \"external32\" (got %s%s%s)", \
        (d) ? "\"" : "", (d) ? (d) : "NULL", (d) ? "\"" : "")

int PMPI_Pack_external_size(const char datarep[], int incount, MPI_Datatype type, MPI_Aint *size)
{
  MPI_ENTER("MPI_Pack_external_size");
  CHECK_DATAREP(datarep);
  CHECK_TYPE(type, t, MPI_COMM_WORLD);
  CHECK_COUNT(incount, MPI_COMM_WORLD);
  CHECK(size, MPI_COMM_WORLD, MPI_ERR_ARG, "size is NULL");
  *size = (MPI_Aint)(incount * dt_ext32_size(t));
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Pack_external(const char datarep[], const void *inbuf, int incount, MPI_Datatype type, void *outbuf,
                       MPI_Aint outsize, MPI_Aint *position)
{
  MPI_ENTER("MPI_Pack_external");
  CHECK_DATAREP(datarep);
  CHECK_TYPE(type, t, MPI_COMM_WORLD);
  CHECK_COUNT(incount, MPI_COMM_WORLD);
  CHECK_DBUF(inbuf, incount, t, MPI_COMM_WORLD);
  CHECK(position, MPI_COMM_WORLD, MPI_ERR_ARG, "position is NULL");
  MPI_Aint need = (MPI_Aint)(incount * dt_ext32_size(t));
  CHECK(*position >= 0 && *position <= outsize && need <= outsize - *position, MPI_COMM_WORLD, MPI_ERR_TRUNCATE,
        "%ld bytes to pack at position %ld do not fit in outsize %ld", (long)need, (long)*position, (long)outsize);
  CHECK(outbuf || !need, MPI_COMM_WORLD, MPI_ERR_BUFFER, "outbuf is NULL");
  dt_pack_ext32(inbuf, incount, t, (char *)outbuf + *position);
  *position += need;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Unpack_external(const char datarep[], const void *inbuf, MPI_Aint insize, MPI_Aint *position,
                         void *outbuf, int outcount, MPI_Datatype type)
{
  MPI_ENTER("MPI_Unpack_external");
  CHECK_DATAREP(datarep);
  CHECK_TYPE(type, t, MPI_COMM_WORLD);
  CHECK_COUNT(outcount, MPI_COMM_WORLD);
  CHECK_DBUF(outbuf, outcount, t, MPI_COMM_WORLD);
  CHECK(position, MPI_COMM_WORLD, MPI_ERR_ARG, "position is NULL");
  MPI_Aint need = (MPI_Aint)(outcount * dt_ext32_size(t));
  CHECK(*position >= 0 && *position <= insize && need <= insize - *position, MPI_COMM_WORLD, MPI_ERR_TRUNCATE,
        "%ld bytes to unpack at position %ld, only %ld in inbuf", (long)need, (long)*position, (long)insize);
  CHECK(inbuf || !need, MPI_COMM_WORLD, MPI_ERR_BUFFER, "inbuf is NULL");
  dt_unpack_ext32((const char *)inbuf + *position, outbuf, outcount, t);
  *position += need;
  MPI_LEAVE(MPI_SUCCESS);
}

PMPI_ALIAS(Pack_size)
PMPI_ALIAS(Pack)
PMPI_ALIAS(Unpack)
PMPI_ALIAS(Pack_external_size)
PMPI_ALIAS(Pack_external)
PMPI_ALIAS(Unpack_external)
