/* Packing: Pack/Unpack/Pack_size in the native representation (the bytes of
 * the typemap in order, as messages carry them) and the external32 forms
 * (big-endian, the standard's sizes). */
#include "mpi_impl.h"
#include <limits.h>
#include <string.h>

/* Each call has one body over MPI_Count counts, sizes and positions, serving
 * its int form and its large-count (_c) form. */
#define CHECK_NONNEG(n, comm, what) CHECK((n) >= 0, comm, MPI_ERR_COUNT, "%s is negative (%lld)", what, (long long)(n))
static int pack_size(rt_rank_t *self, MPI_Count incount, MPI_Datatype type, MPI_Comm comm, MPI_Count *size)
{
  CHECK_COMM(comm, c);
  (void)c;
  CHECK_TYPE(type, t, comm);
  CHECK_NONNEG(incount, comm, "incount");
  CHECK(size, comm, MPI_ERR_ARG, "size is NULL");
  *size = incount * (MPI_Count)t->size;
  return MPI_SUCCESS;
}

int PMPI_Pack_size(int incount, MPI_Datatype type, MPI_Comm comm, int *size)
{
  MPI_ENTER("MPI_Pack_size");
  MPI_Count n;
  CHECK(size, comm, MPI_ERR_ARG, "size is NULL");
  int err = pack_size(self, incount, type, comm, &n);
  if (err)
    MPI_LEAVE(err);
  CHECK(n <= INT_MAX, comm, MPI_ERR_ARG, "%d elements of %s take %lld bytes, more than an int holds", incount,
        dt_get(type)->name, n);
  *size = (int)n;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Pack_size_c(MPI_Count incount, MPI_Datatype type, MPI_Comm comm, MPI_Count *size)
{
  MPI_ENTER("MPI_Pack_size_c");
  MPI_LEAVE(pack_size(self, incount, type, comm, size));
}

static int pack(rt_rank_t *self, const void *inbuf, MPI_Count incount, MPI_Datatype type, void *outbuf,
                MPI_Count outsize, MPI_Count *position, MPI_Comm comm)
{
  CHECK_COMM(comm, c);
  (void)c;
  CHECK_TYPE(type, t, comm);
  CHECK_NONNEG(incount, comm, "incount");
  CHECK_DBUF(inbuf, incount, t, comm);
  CHECK(position, comm, MPI_ERR_ARG, "position is NULL");
  CHECK(outsize >= 0, comm, MPI_ERR_ARG, "outsize is negative (%lld)", (long long)outsize);
  long long need = incount * (long long)t->size;
  CHECK(*position >= 0 && *position <= outsize && need <= outsize - *position, comm, MPI_ERR_TRUNCATE,
        "%lld bytes to pack at position %lld do not fit in outsize %lld", need, (long long)*position,
        (long long)outsize);
  CHECK(outbuf || !need, comm, MPI_ERR_BUFFER, "outbuf is NULL");
  dt_pack(inbuf, incount, t, (char *)outbuf + *position);
  *position += need;
  return MPI_SUCCESS;
}

int PMPI_Pack(const void *inbuf, int incount, MPI_Datatype type, void *outbuf, int outsize, int *position,
              MPI_Comm comm)
{
  MPI_ENTER("MPI_Pack");
  CHECK(position, comm, MPI_ERR_ARG, "position is NULL");
  MPI_Count pos = *position;
  int err = pack(self, inbuf, incount, type, outbuf, outsize, &pos, comm);
  if (!err)
    *position = (int)pos; /* at most outsize */
  MPI_LEAVE(err);
}

int PMPI_Pack_c(const void *inbuf, MPI_Count incount, MPI_Datatype type, void *outbuf, MPI_Count outsize,
                MPI_Count *position, MPI_Comm comm)
{
  MPI_ENTER("MPI_Pack_c");
  MPI_LEAVE(pack(self, inbuf, incount, type, outbuf, outsize, position, comm));
}

static int unpack(rt_rank_t *self, const void *inbuf, MPI_Count insize, MPI_Count *position, void *outbuf,
                  MPI_Count outcount, MPI_Datatype type, MPI_Comm comm)
{
  CHECK_COMM(comm, c);
  (void)c;
  CHECK_TYPE(type, t, comm);
  CHECK_NONNEG(outcount, comm, "outcount");
  CHECK_DBUF(outbuf, outcount, t, comm);
  CHECK(position, comm, MPI_ERR_ARG, "position is NULL");
  CHECK(insize >= 0, comm, MPI_ERR_ARG, "insize is negative (%lld)", (long long)insize);
  long long need = outcount * (long long)t->size;
  CHECK(*position >= 0 && *position <= insize && need <= insize - *position, comm, MPI_ERR_TRUNCATE,
        "%lld bytes to unpack at position %lld, only %lld in inbuf", need, (long long)*position,
        (long long)insize);
  CHECK(inbuf || !need, comm, MPI_ERR_BUFFER, "inbuf is NULL");
  dt_unpack((const char *)inbuf + *position, (size_t)need, outbuf, outcount, t);
  *position += need;
  return MPI_SUCCESS;
}

int PMPI_Unpack(const void *inbuf, int insize, int *position, void *outbuf, int outcount, MPI_Datatype type,
                MPI_Comm comm)
{
  MPI_ENTER("MPI_Unpack");
  CHECK(position, comm, MPI_ERR_ARG, "position is NULL");
  MPI_Count pos = *position;
  int err = unpack(self, inbuf, insize, &pos, outbuf, outcount, type, comm);
  if (!err)
    *position = (int)pos; /* at most insize */
  MPI_LEAVE(err);
}

int PMPI_Unpack_c(const void *inbuf, MPI_Count insize, MPI_Count *position, void *outbuf, MPI_Count outcount,
                  MPI_Datatype type, MPI_Comm comm)
{
  MPI_ENTER("MPI_Unpack_c");
  MPI_LEAVE(unpack(self, inbuf, insize, position, outbuf, outcount, type, comm));
}

#define CHECK_DATAREP(d)                                                                                               \
  CHECK((d) && !strcmp(d, "external32"), MPI_COMM_WORLD, MPI_ERR_ARG, "datarep must be \"external32\" (got %s%s%s)", \
        (d) ? "\"" : "", (d) ? (d) : "NULL", (d) ? "\"" : "")

static int pack_external_size(rt_rank_t *self, const char datarep[], MPI_Count incount, MPI_Datatype type,
                              MPI_Count *size)
{
  CHECK_DATAREP(datarep);
  CHECK_TYPE(type, t, MPI_COMM_WORLD);
  CHECK_NONNEG(incount, MPI_COMM_WORLD, "incount");
  CHECK(size, MPI_COMM_WORLD, MPI_ERR_ARG, "size is NULL");
  *size = incount * dt_ext32_size(t);
  return MPI_SUCCESS;
}

int PMPI_Pack_external_size(const char datarep[], int incount, MPI_Datatype type, MPI_Aint *size)
{
  MPI_ENTER("MPI_Pack_external_size");
  MPI_Count n = 0;
  int e = pack_external_size(self, datarep, incount, type, size ? &n : NULL);
  if (!e)
    *size = (MPI_Aint)n;
  MPI_LEAVE(e);
}

int PMPI_Pack_external_size_c(const char datarep[], MPI_Count incount, MPI_Datatype type, MPI_Count *size)
{
  MPI_ENTER("MPI_Pack_external_size_c");
  MPI_LEAVE(pack_external_size(self, datarep, incount, type, size));
}

static int pack_external(rt_rank_t *self, const char datarep[], const void *inbuf, MPI_Count incount, MPI_Datatype type,
                         void *outbuf, MPI_Count outsize, MPI_Count *position)
{
  CHECK_DATAREP(datarep);
  CHECK_TYPE(type, t, MPI_COMM_WORLD);
  CHECK_NONNEG(incount, MPI_COMM_WORLD, "incount");
  CHECK_DBUF(inbuf, incount, t, MPI_COMM_WORLD);
  MPI_Count need = incount * dt_ext32_size(t);
  CHECK(*position >= 0 && *position <= outsize && need <= outsize - *position, MPI_COMM_WORLD, MPI_ERR_TRUNCATE,
        "%lld bytes to pack at position %lld do not fit in outsize %lld", need, *position, outsize);
  CHECK(outbuf || !need, MPI_COMM_WORLD, MPI_ERR_BUFFER, "outbuf is NULL");
  dt_pack_ext32(inbuf, incount, t, (char *)outbuf + *position);
  *position += need;
  return MPI_SUCCESS;
}

int PMPI_Pack_external(const char datarep[], const void *inbuf, int incount, MPI_Datatype type, void *outbuf,
                       MPI_Aint outsize, MPI_Aint *position)
{
  MPI_ENTER("MPI_Pack_external");
  CHECK(position, MPI_COMM_WORLD, MPI_ERR_ARG, "position is NULL");
  MPI_Count pos = *position;
  int e = pack_external(self, datarep, inbuf, incount, type, outbuf, outsize, &pos);
  if (!e)
    *position = (MPI_Aint)pos;
  MPI_LEAVE(e);
}

int PMPI_Pack_external_c(const char datarep[], const void *inbuf, MPI_Count incount, MPI_Datatype type, void *outbuf,
                         MPI_Count outsize, MPI_Count *position)
{
  MPI_ENTER("MPI_Pack_external_c");
  CHECK(position, MPI_COMM_WORLD, MPI_ERR_ARG, "position is NULL");
  MPI_LEAVE(pack_external(self, datarep, inbuf, incount, type, outbuf, outsize, position));
}

static int unpack_external(rt_rank_t *self, const char datarep[], const void *inbuf, MPI_Count insize,
                           MPI_Count *position, void *outbuf, MPI_Count outcount, MPI_Datatype type)
{
  CHECK_DATAREP(datarep);
  CHECK_TYPE(type, t, MPI_COMM_WORLD);
  CHECK_NONNEG(outcount, MPI_COMM_WORLD, "outcount");
  CHECK_DBUF(outbuf, outcount, t, MPI_COMM_WORLD);
  MPI_Count need = outcount * dt_ext32_size(t);
  CHECK(*position >= 0 && *position <= insize && need <= insize - *position, MPI_COMM_WORLD, MPI_ERR_TRUNCATE,
        "%lld bytes to unpack at position %lld, only %lld in inbuf", need, *position, insize);
  CHECK(inbuf || !need, MPI_COMM_WORLD, MPI_ERR_BUFFER, "inbuf is NULL");
  dt_unpack_ext32((const char *)inbuf + *position, outbuf, outcount, t);
  *position += need;
  return MPI_SUCCESS;
}

int PMPI_Unpack_external(const char datarep[], const void *inbuf, MPI_Aint insize, MPI_Aint *position, void *outbuf,
                         int outcount, MPI_Datatype type)
{
  MPI_ENTER("MPI_Unpack_external");
  CHECK(position, MPI_COMM_WORLD, MPI_ERR_ARG, "position is NULL");
  MPI_Count pos = *position;
  int e = unpack_external(self, datarep, inbuf, insize, &pos, outbuf, outcount, type);
  if (!e)
    *position = (MPI_Aint)pos;
  MPI_LEAVE(e);
}

int PMPI_Unpack_external_c(const char datarep[], const void *inbuf, MPI_Count insize, MPI_Count *position, void *outbuf,
                           MPI_Count outcount, MPI_Datatype type)
{
  MPI_ENTER("MPI_Unpack_external_c");
  CHECK(position, MPI_COMM_WORLD, MPI_ERR_ARG, "position is NULL");
  MPI_LEAVE(unpack_external(self, datarep, inbuf, insize, position, outbuf, outcount, type));
}

PMPI_ALIAS(Pack_size)
PMPI_ALIAS(Pack_size_c)
PMPI_ALIAS(Pack)
PMPI_ALIAS(Pack_c)
PMPI_ALIAS(Unpack)
PMPI_ALIAS(Unpack_c)
PMPI_ALIAS(Pack_external_size)
PMPI_ALIAS(Pack_external)
PMPI_ALIAS(Unpack_external)
PMPI_ALIAS(Pack_external_size_c)
PMPI_ALIAS(Pack_external_c)
PMPI_ALIAS(Unpack_external_c)
