/* Collective calls from every member to every member, blocking,
 * nonblocking and persistent: allgather and alltoall (with their v- and
 * w-forms), checked, then one action each (collective.h). */
#include "collective.h"

/* Allgather and alltoall: the send side unless MPI_IN_PLACE, then the receive side. */
#define CHECK_ALL_BLOCKS(sbuf, scount, stype, st, rbuf, rcount, rtype, rt, comm)                                       \
  const dt_t *st = NULL;                                                                                               \
  if ((sbuf) != MPI_IN_PLACE) {                                                                                        \
    CHECK_TYPE(stype, st_, comm);                                                                                      \
    CHECK_NONNEG(scount, comm);                                                                                        \
    CHECK_DBUF(sbuf, scount, st_, comm);                                                                               \
    st = st_;                                                                                                          \
  }                                                                                                                    \
  CHECK_TYPE(rtype, rt, comm);                                                                                         \
  CHECK_NONNEG(rcount, comm);                                                                                          \
  CHECK_NOT_IN_PLACE(rbuf, comm, "receive buffer");                                                                    \
  CHECK_DBUF(rbuf, rcount, rt, comm);                                                                                  \
  CHECK_NOT_ALIASED(sbuf, rbuf, rcount, comm)

BODY allgather(const char *name, int nb, MPI_Info info, const void *sbuf, MPI_Count scount, MPI_Datatype stype,
               void *rbuf, MPI_Count rcount, MPI_Datatype rtype, MPI_Comm comm, MPI_Request *req)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_INTRA_IN_PLACE(sbuf, c, comm);
  CHECK_ALL_BLOCKS(sbuf, scount, stype, st, rbuf, rcount, rtype, rt, comm);
  CHECK_REQ(nb, req, comm);
  RUN(req, comm, allgather, (sbuf, scount, st, rbuf, rcount, rt, c));
  MPI_LEAVE(MPI_SUCCESS);
}

BODY allgatherv(const char *name, int nb, MPI_Info info, const void *sbuf, MPI_Count scount, MPI_Datatype stype,
                void *rbuf, const MPI_Count *rcounts, const MPI_Aint *displs, MPI_Datatype rtype, MPI_Comm comm,
                MPI_Request *req, wide_t *w)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_INTRA_IN_PLACE(sbuf, c, comm);
  WIDEN(rcounts, w, 1, comm_peer_size(c), comm, "recvcounts");
  WIDEN(displs, w, 3, comm_peer_size(c), comm, "displs");
  CHECK_COUNTS(rcounts, comm_peer_size(c), comm, "recvcounts");
  CHECK_ARRAY(displs, comm, "displs");
  int any = sum(rcounts, comm_peer_size(c)) > 0;
  CHECK_ALL_BLOCKS(sbuf, scount, stype, st, rbuf, any, rtype, rt, comm);
  CHECK_REQ(nb, req, comm);
  RUN_W(req, comm, allgatherv, (sbuf, scount, st, rbuf, rcounts, displs, rt, c), w);
  MPI_LEAVE(MPI_SUCCESS);
}

BODY alltoall(const char *name, int nb, MPI_Info info, const void *sbuf, MPI_Count scount, MPI_Datatype stype,
              void *rbuf, MPI_Count rcount, MPI_Datatype rtype, MPI_Comm comm, MPI_Request *req)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_INTRA_IN_PLACE(sbuf, c, comm);
  CHECK_ALL_BLOCKS(sbuf, scount, stype, st, rbuf, rcount, rtype, rt, comm);
  CHECK_REQ(nb, req, comm);
  RUN(req, comm, alltoall, (sbuf, scount, st, rbuf, rcount, rt, c));
  MPI_LEAVE(MPI_SUCCESS);
}

BODY alltoallv(const char *name, int nb, MPI_Info info, const void *sbuf, const MPI_Count *scounts,
               const MPI_Aint *sdispls, MPI_Datatype stype, void *rbuf, const MPI_Count *rcounts,
               const MPI_Aint *rdispls, MPI_Datatype rtype, MPI_Comm comm, MPI_Request *req, wide_t *w)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_INTRA_IN_PLACE(sbuf, c, comm);
  int n = comm_peer_size(c);
  const dt_t *st = NULL;
  if (sbuf != MPI_IN_PLACE) {
    CHECK_TYPE(stype, st_, comm);
    WIDEN(scounts, w, 0, n, comm, "sendcounts");
    WIDEN(sdispls, w, 2, n, comm, "sdispls");
    CHECK_COUNTS(scounts, n, comm, "sendcounts");
    CHECK_ARRAY(sdispls, comm, "sdispls");
    CHECK_DBUF(sbuf, (int)(sum(scounts, n) > 0), st_, comm);
    st = st_;
  }
  CHECK_TYPE(rtype, rt, comm);
  WIDEN(rcounts, w, 1, n, comm, "recvcounts");
  WIDEN(rdispls, w, 3, n, comm, "rdispls");
  CHECK_COUNTS(rcounts, n, comm, "recvcounts");
  CHECK_ARRAY(rdispls, comm, "rdispls");
  CHECK_NOT_IN_PLACE(rbuf, comm, "receive buffer");
  CHECK_DBUF(rbuf, (int)(sum(rcounts, n) > 0), rt, comm);
  CHECK_NOT_ALIASED(sbuf, rbuf, (int)(sum(rcounts, n) > 0), comm);
  CHECK_REQ(nb, req, comm);
  RUN_W(req, comm, alltoallv, (sbuf, scounts, sdispls, st, rbuf, rcounts, rdispls, rt, c), w);
  MPI_LEAVE(MPI_SUCCESS);
}

BODY alltoallw(const char *name, int nb, MPI_Info info, const void *sbuf, const MPI_Count *scounts,
               const MPI_Aint *sdispls, const MPI_Datatype *stypes, void *rbuf, const MPI_Count *rcounts,
               const MPI_Aint *rdispls, const MPI_Datatype *rtypes, MPI_Comm comm, MPI_Request *req, wide_t *w)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_INTRA_IN_PLACE(sbuf, c, comm);
  int n = comm_peer_size(c), in_place = sbuf == MPI_IN_PLACE;
  if (!in_place) {
    WIDEN(scounts, w, 0, n, comm, "sendcounts");
    WIDEN(sdispls, w, 2, n, comm, "sdispls");
    CHECK_COUNTS(scounts, n, comm, "sendcounts");
    CHECK_ARRAY(sdispls, comm, "sdispls");
    CHECK_ARRAY(stypes, comm, "sendtypes");
  }
  WIDEN(rcounts, w, 1, n, comm, "recvcounts");
  WIDEN(rdispls, w, 3, n, comm, "rdispls");
  CHECK_COUNTS(rcounts, n, comm, "recvcounts");
  CHECK_ARRAY(rdispls, comm, "rdispls");
  CHECK_ARRAY(rtypes, comm, "recvtypes");
  CHECK_NOT_IN_PLACE(rbuf, comm, "receive buffer");
  CHECK_NOT_ALIASED(sbuf, rbuf, (int)(sum(rcounts, n) > 0), comm);
  CHECK_REQ(nb, req, comm);
  for (int i = 0; i < 2 * n; i++) {
    int recv = i >= n;
    MPI_Datatype h = recv ? rtypes[i - n] : in_place ? rtypes[i] : stypes[i];
    CHECK(dt_get(h), comm, MPI_ERR_TYPE, "invalid datatype (0x%x) in %s[%d]", (unsigned)h,
          recv ? "recvtypes" : "sendtypes", recv ? i - n : i);
  }
  const dt_t **types = malloc(sizeof *types * (2 * (size_t)(unsigned)n + 1));
  for (int i = 0; i < 2 * n; i++)
    types[i] = dt_get(i >= n ? rtypes[i - n] : in_place ? rtypes[i] : stypes[i]);
  RUN_W(req, comm, alltoallw, (sbuf, scounts, sdispls, rbuf, rcounts, rdispls, types, c), w);
  MPI_LEAVE(MPI_SUCCESS);
}

/* ---- the entry points ---- */

int PMPI_Allgather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                   MPI_Comm comm)
{
  return allgather("MPI_Allgather", BLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, comm, NULL);
}
int PMPI_Iallgather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                    MPI_Comm comm, MPI_Request *req)
{
  return allgather("MPI_Iallgather", NONBLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, comm, req);
}

int PMPI_Allgatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int rcounts[],
                    const int displs[], MPI_Datatype rtype, MPI_Comm comm)
{
  wide_t w = WIDE(NULL, NULL, rcounts, displs);
  return wide_free(
      &w, allgatherv("MPI_Allgatherv", BLOCKING, sbuf, scount, stype, rbuf, NULL, NULL, rtype, comm, NULL, &w));
}
int PMPI_Iallgatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int rcounts[],
                     const int displs[], MPI_Datatype rtype, MPI_Comm comm, MPI_Request *req)
{
  wide_t w = WIDE(NULL, NULL, rcounts, displs);
  return wide_free(
      &w, allgatherv("MPI_Iallgatherv", NONBLOCKING, sbuf, scount, stype, rbuf, NULL, NULL, rtype, comm, req, &w));
}

int PMPI_Alltoall(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                  MPI_Comm comm)
{
  return alltoall("MPI_Alltoall", BLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, comm, NULL);
}
int PMPI_Ialltoall(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                   MPI_Comm comm, MPI_Request *req)
{
  return alltoall("MPI_Ialltoall", NONBLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, comm, req);
}

int PMPI_Alltoallv(const void *sbuf, const int scounts[], const int sdispls[], MPI_Datatype stype, void *rbuf,
                   const int rcounts[], const int rdispls[], MPI_Datatype rtype, MPI_Comm comm)
{
  wide_t w = WIDE(scounts, sdispls, rcounts, rdispls);
  return wide_free(
      &w, alltoallv("MPI_Alltoallv", BLOCKING, sbuf, NULL, NULL, stype, rbuf, NULL, NULL, rtype, comm, NULL, &w));
}
int PMPI_Ialltoallv(const void *sbuf, const int scounts[], const int sdispls[], MPI_Datatype stype, void *rbuf,
                    const int rcounts[], const int rdispls[], MPI_Datatype rtype, MPI_Comm comm, MPI_Request *req)
{
  wide_t w = WIDE(scounts, sdispls, rcounts, rdispls);
  return wide_free(
      &w, alltoallv("MPI_Ialltoallv", NONBLOCKING, sbuf, NULL, NULL, stype, rbuf, NULL, NULL, rtype, comm, req, &w));
}

int PMPI_Alltoallw(const void *sbuf, const int scounts[], const int sdispls[], const MPI_Datatype stypes[],
                   void *rbuf, const int rcounts[], const int rdispls[], const MPI_Datatype rtypes[], MPI_Comm comm)
{
  wide_t w = WIDE(scounts, sdispls, rcounts, rdispls);
  return wide_free(
      &w, alltoallw("MPI_Alltoallw", BLOCKING, sbuf, NULL, NULL, stypes, rbuf, NULL, NULL, rtypes, comm, NULL, &w));
}
int PMPI_Ialltoallw(const void *sbuf, const int scounts[], const int sdispls[], const MPI_Datatype stypes[],
                    void *rbuf, const int rcounts[], const int rdispls[], const MPI_Datatype rtypes[], MPI_Comm comm,
                    MPI_Request *req)
{
  wide_t w = WIDE(scounts, sdispls, rcounts, rdispls);
  return wide_free(
      &w, alltoallw("MPI_Ialltoallw", NONBLOCKING, sbuf, NULL, NULL, stypes, rbuf, NULL, NULL, rtypes, comm, req, &w));
}

/* ---- the persistent forms (MPI 4.0) ---- */

int PMPI_Allgather_init(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                        MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return allgather("MPI_Allgather_init", PERSISTENT, info, sbuf, scount, stype, rbuf, rcount, rtype, comm, req);
}
int PMPI_Allgatherv_init(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int rcounts[],
                         const int displs[], MPI_Datatype rtype, MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  wide_t w = WIDE(NULL, NULL, rcounts, displs);
  return wide_free(&w, allgatherv("MPI_Allgatherv_init", PERSISTENT, info, sbuf, scount, stype, rbuf, NULL, NULL, rtype,
                                  comm, req, &w));
}
int PMPI_Alltoall_init(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                       MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return alltoall("MPI_Alltoall_init", PERSISTENT, info, sbuf, scount, stype, rbuf, rcount, rtype, comm, req);
}
int PMPI_Alltoallv_init(const void *sbuf, const int scounts[], const int sdispls[], MPI_Datatype stype, void *rbuf,
                        const int rcounts[], const int rdispls[], MPI_Datatype rtype, MPI_Comm comm, MPI_Info info,
                        MPI_Request *req)
{
  wide_t w = WIDE(scounts, sdispls, rcounts, rdispls);
  return wide_free(&w, alltoallv("MPI_Alltoallv_init", PERSISTENT, info, sbuf, NULL, NULL, stype, rbuf, NULL, NULL,
                                 rtype, comm, req, &w));
}
int PMPI_Alltoallw_init(const void *sbuf, const int scounts[], const int sdispls[], const MPI_Datatype stypes[],
                        void *rbuf, const int rcounts[], const int rdispls[], const MPI_Datatype rtypes[],
                        MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  wide_t w = WIDE(scounts, sdispls, rcounts, rdispls);
  return wide_free(&w, alltoallw("MPI_Alltoallw_init", PERSISTENT, info, sbuf, NULL, NULL, stypes, rbuf, NULL, NULL,
                                 rtypes, comm, req, &w));
}

/* ---- the large-count forms (MPI 4.0): any count an MPI_Count holds ---- */

int PMPI_Allgather_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                     MPI_Datatype rtype, MPI_Comm comm)
{
  return allgather("MPI_Allgather_c", BLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, comm, NULL);
}
int PMPI_Iallgather_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                      MPI_Datatype rtype, MPI_Comm comm, MPI_Request *req)
{
  return allgather("MPI_Iallgather_c", NONBLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, comm, req);
}
int PMPI_Allgather_init_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                          MPI_Datatype rtype, MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return allgather("MPI_Allgather_init_c", PERSISTENT, info, sbuf, scount, stype, rbuf, rcount, rtype, comm, req);
}
int PMPI_Alltoall_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                    MPI_Datatype rtype, MPI_Comm comm)
{
  return alltoall("MPI_Alltoall_c", BLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, comm, NULL);
}
int PMPI_Ialltoall_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                     MPI_Datatype rtype, MPI_Comm comm, MPI_Request *req)
{
  return alltoall("MPI_Ialltoall_c", NONBLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, comm, req);
}
int PMPI_Alltoall_init_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                         MPI_Datatype rtype, MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return alltoall("MPI_Alltoall_init_c", PERSISTENT, info, sbuf, scount, stype, rbuf, rcount, rtype, comm, req);
}

/* ---- the large-count v- and w-forms: counts and displacements narrowed to ints (NARROW) ---- */

int PMPI_Allgatherv_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, const MPI_Count rcounts[],
                      const MPI_Aint displs[], MPI_Datatype rtype, MPI_Comm comm)
{
  return allgatherv("MPI_Allgatherv_c", BLOCKING, sbuf, scount, stype, rbuf, rcounts, displs, rtype, comm, NULL, NULL);
}
int PMPI_Iallgatherv_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, const MPI_Count rcounts[],
                       const MPI_Aint displs[], MPI_Datatype rtype, MPI_Comm comm, MPI_Request *req)
{
  return allgatherv("MPI_Iallgatherv_c", NONBLOCKING, sbuf, scount, stype, rbuf, rcounts, displs, rtype, comm, req,
                    NULL);
}
int PMPI_Allgatherv_init_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf,
                           const MPI_Count rcounts[], const MPI_Aint displs[], MPI_Datatype rtype, MPI_Comm comm,
                           MPI_Info info, MPI_Request *req)
{
  return allgatherv("MPI_Allgatherv_init_c", PERSISTENT, info, sbuf, scount, stype, rbuf, rcounts, displs, rtype, comm,
                    req, NULL);
}
int PMPI_Alltoallv_c(const void *sbuf, const MPI_Count scounts[], const MPI_Aint sdispls[], MPI_Datatype stype,
                     void *rbuf, const MPI_Count rcounts[], const MPI_Aint rdispls[], MPI_Datatype rtype, MPI_Comm comm)
{
  return alltoallv("MPI_Alltoallv_c", BLOCKING, sbuf, scounts, sdispls, stype, rbuf, rcounts, rdispls, rtype, comm,
                   NULL, NULL);
}
int PMPI_Ialltoallv_c(const void *sbuf, const MPI_Count scounts[], const MPI_Aint sdispls[], MPI_Datatype stype,
                      void *rbuf, const MPI_Count rcounts[], const MPI_Aint rdispls[], MPI_Datatype rtype,
                      MPI_Comm comm, MPI_Request *req)
{
  return alltoallv("MPI_Ialltoallv_c", NONBLOCKING, sbuf, scounts, sdispls, stype, rbuf, rcounts, rdispls, rtype, comm,
                   req, NULL);
}
int PMPI_Alltoallv_init_c(const void *sbuf, const MPI_Count scounts[], const MPI_Aint sdispls[], MPI_Datatype stype,
                          void *rbuf, const MPI_Count rcounts[], const MPI_Aint rdispls[], MPI_Datatype rtype,
                          MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return alltoallv("MPI_Alltoallv_init_c", PERSISTENT, info, sbuf, scounts, sdispls, stype, rbuf, rcounts, rdispls,
                   rtype, comm, req, NULL);
}
int PMPI_Alltoallw_c(const void *sbuf, const MPI_Count scounts[], const MPI_Aint sdispls[], const MPI_Datatype stypes[],
                     void *rbuf, const MPI_Count rcounts[], const MPI_Aint rdispls[], const MPI_Datatype rtypes[],
                     MPI_Comm comm)
{
  return alltoallw("MPI_Alltoallw_c", BLOCKING, sbuf, scounts, sdispls, stypes, rbuf, rcounts, rdispls, rtypes, comm,
                   NULL, NULL);
}
int PMPI_Ialltoallw_c(const void *sbuf, const MPI_Count scounts[], const MPI_Aint sdispls[],
                      const MPI_Datatype stypes[], void *rbuf, const MPI_Count rcounts[], const MPI_Aint rdispls[],
                      const MPI_Datatype rtypes[], MPI_Comm comm, MPI_Request *req)
{
  return alltoallw("MPI_Ialltoallw_c", NONBLOCKING, sbuf, scounts, sdispls, stypes, rbuf, rcounts, rdispls, rtypes,
                   comm, req, NULL);
}
int PMPI_Alltoallw_init_c(const void *sbuf, const MPI_Count scounts[], const MPI_Aint sdispls[],
                          const MPI_Datatype stypes[], void *rbuf, const MPI_Count rcounts[], const MPI_Aint rdispls[],
                          const MPI_Datatype rtypes[], MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return alltoallw("MPI_Alltoallw_init_c", PERSISTENT, info, sbuf, scounts, sdispls, stypes, rbuf, rcounts, rdispls,
                   rtypes, comm, req, NULL);
}

PMPI_ALIAS(Allgather)
PMPI_ALIAS(Iallgather)
PMPI_ALIAS(Allgatherv)
PMPI_ALIAS(Iallgatherv)
PMPI_ALIAS(Alltoall)
PMPI_ALIAS(Ialltoall)
PMPI_ALIAS(Alltoallv)
PMPI_ALIAS(Ialltoallv)
PMPI_ALIAS(Alltoallw)
PMPI_ALIAS(Ialltoallw)
PMPI_ALIAS(Allgather_init)
PMPI_ALIAS(Allgatherv_init)
PMPI_ALIAS(Alltoall_init)
PMPI_ALIAS(Alltoallv_init)
PMPI_ALIAS(Alltoallw_init)
PMPI_ALIAS(Allgather_c)
PMPI_ALIAS(Iallgather_c)
PMPI_ALIAS(Allgather_init_c)
PMPI_ALIAS(Alltoall_c)
PMPI_ALIAS(Ialltoall_c)
PMPI_ALIAS(Alltoall_init_c)
PMPI_ALIAS(Allgatherv_c)
PMPI_ALIAS(Iallgatherv_c)
PMPI_ALIAS(Allgatherv_init_c)
PMPI_ALIAS(Alltoallv_c)
PMPI_ALIAS(Ialltoallv_c)
PMPI_ALIAS(Alltoallv_init_c)
PMPI_ALIAS(Alltoallw_c)
PMPI_ALIAS(Ialltoallw_c)
PMPI_ALIAS(Alltoallw_init_c)
