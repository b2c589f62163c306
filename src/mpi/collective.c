/* Collective calls of one root or none, blocking, nonblocking and
 * persistent: barrier, broadcast, gather and scatter (with their v-forms),
 * checked, then one action each (collective.h). */
#include "collective.h"

BODY barrier(const char *name, int nb, MPI_Info info, MPI_Comm comm, MPI_Request *req)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_REQ(nb, req, comm);
  RUN(req, comm, barrier, (c));
  MPI_LEAVE(MPI_SUCCESS);
}

BODY bcast(const char *name, int nb, MPI_Info info, void *buf, MPI_Count count, MPI_Datatype type, int root,
           MPI_Comm comm, MPI_Request *req)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_TYPE(type, t, comm);
  CHECK(count >= 0, comm, MPI_ERR_COUNT, "negative count %lld", (long long)count);
  CHECK_NOT_IN_PLACE(buf, comm, "buffer");
  CHECK_DBUF(buf, count, t, comm);
  CHECK_ROOT(root, c, comm);
  CHECK_REQ(nb, req, comm);
  RUN(req, comm, bcast, (buf, count, t, root, c));
  MPI_LEAVE(MPI_SUCCESS);
}

BODY gather(const char *name, int nb, MPI_Info info, const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf,
            MPI_Count rcount, MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *req)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_ROOT(root, c, comm);
  int at_root = AT_ROOT(c, root);
  NOTHING_AT_PROC_NULL(COLL_GATHER, c, root, nb, req);
  const dt_t *st = NULL, *rt = NULL;
  if (!(at_root && (sbuf == MPI_IN_PLACE || comm_is_inter(c)))) {
    CHECK_NOT_IN_PLACE(sbuf, comm, "send buffer (only at the root)");
    CHECK_TYPE(stype, st_, comm);
    CHECK_NONNEG(scount, comm);
    CHECK_DBUF(sbuf, scount, st_, comm);
    st = st_;
  }
  if (at_root) {
    CHECK_TYPE(rtype, rt_, comm);
    CHECK_NONNEG(rcount, comm);
    CHECK_NOT_IN_PLACE(rbuf, comm, "receive buffer");
    CHECK_DBUF(rbuf, rcount, rt_, comm);
    CHECK_NOT_ALIASED(sbuf, rbuf, rcount, comm);
    rt = rt_;
  }
  CHECK_REQ(nb, req, comm);
  RUN(req, comm, gather, (sbuf, scount, st, rbuf, rcount, rt, root, c));
  MPI_LEAVE(MPI_SUCCESS);
}

BODY gatherv(const char *name, int nb, MPI_Info info, const void *sbuf, MPI_Count scount, MPI_Datatype stype,
             void *rbuf, const MPI_Count *rcounts, const MPI_Aint *displs, MPI_Datatype rtype, int root, MPI_Comm comm,
             MPI_Request *req, wide_t *w)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_ROOT(root, c, comm);
  int at_root = AT_ROOT(c, root), n = comm_peer_size(c);
  NOTHING_AT_PROC_NULL(COLL_GATHERV, c, root, nb, req);
  const dt_t *st = NULL, *rt = NULL;
  if (!(at_root && (sbuf == MPI_IN_PLACE || comm_is_inter(c)))) {
    CHECK_NOT_IN_PLACE(sbuf, comm, "send buffer (only at the root)");
    CHECK_TYPE(stype, st_, comm);
    CHECK_NONNEG(scount, comm);
    CHECK_DBUF(sbuf, scount, st_, comm);
    st = st_;
  }
  if (at_root) {
    CHECK_TYPE(rtype, rt_, comm);
    WIDEN(rcounts, w, 1, n, comm, "recvcounts");
    WIDEN(displs, w, 3, n, comm, "displs");
    CHECK_COUNTS(rcounts, n, comm, "recvcounts");
    CHECK_ARRAY(displs, comm, "displs");
    CHECK_NOT_IN_PLACE(rbuf, comm, "receive buffer");
    CHECK_DBUF(rbuf, (int)(sum(rcounts, n) > 0), rt_, comm);
    CHECK_NOT_ALIASED(sbuf, rbuf, scount, comm);
    rt = rt_;
  }
  CHECK_REQ(nb, req, comm);
  RUN_W(req, comm, gatherv, (sbuf, scount, st, rbuf, rcounts, displs, rt, root, c), w);
  MPI_LEAVE(MPI_SUCCESS);
}

BODY scatter(const char *name, int nb, MPI_Info info, const void *sbuf, MPI_Count scount, MPI_Datatype stype,
             void *rbuf, MPI_Count rcount, MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *req)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_ROOT(root, c, comm);
  int at_root = AT_ROOT(c, root);
  NOTHING_AT_PROC_NULL(COLL_SCATTER, c, root, nb, req);
  const dt_t *st = NULL, *rt = NULL;
  if (at_root) {
    CHECK_TYPE(stype, st_, comm);
    CHECK_NONNEG(scount, comm);
    CHECK_NOT_IN_PLACE(sbuf, comm, "send buffer");
    CHECK_DBUF(sbuf, scount, st_, comm);
    CHECK_NOT_ALIASED(sbuf, rbuf, scount, comm);
    st = st_;
  }
  if (!(at_root && (rbuf == MPI_IN_PLACE || comm_is_inter(c)))) {
    CHECK_NOT_IN_PLACE(rbuf, comm, "receive buffer (only at the root)");
    CHECK_TYPE(rtype, rt_, comm);
    CHECK_NONNEG(rcount, comm);
    CHECK_DBUF(rbuf, rcount, rt_, comm);
    rt = rt_;
  }
  CHECK_REQ(nb, req, comm);
  RUN(req, comm, scatter, (sbuf, scount, st, rbuf, rcount, rt, root, c));
  MPI_LEAVE(MPI_SUCCESS);
}

BODY scatterv(const char *name, int nb, MPI_Info info, const void *sbuf, const MPI_Count *scounts,
              const MPI_Aint *displs, MPI_Datatype stype, void *rbuf, MPI_Count rcount, MPI_Datatype rtype, int root,
              MPI_Comm comm, MPI_Request *req, wide_t *w)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_ROOT(root, c, comm);
  int at_root = AT_ROOT(c, root), n = comm_peer_size(c);
  NOTHING_AT_PROC_NULL(COLL_SCATTERV, c, root, nb, req);
  const dt_t *st = NULL, *rt = NULL;
  if (at_root) {
    CHECK_TYPE(stype, st_, comm);
    WIDEN(scounts, w, 0, n, comm, "sendcounts");
    WIDEN(displs, w, 2, n, comm, "displs");
    CHECK_COUNTS(scounts, n, comm, "sendcounts");
    CHECK_ARRAY(displs, comm, "displs");
    CHECK_NOT_IN_PLACE(sbuf, comm, "send buffer");
    CHECK_DBUF(sbuf, (int)(sum(scounts, n) > 0), st_, comm);
    CHECK_NOT_ALIASED(sbuf, rbuf, rcount, comm);
    st = st_;
  }
  if (!(at_root && (rbuf == MPI_IN_PLACE || comm_is_inter(c)))) {
    CHECK_NOT_IN_PLACE(rbuf, comm, "receive buffer (only at the root)");
    CHECK_TYPE(rtype, rt_, comm);
    CHECK_NONNEG(rcount, comm);
    CHECK_DBUF(rbuf, rcount, rt_, comm);
    rt = rt_;
  }
  CHECK_REQ(nb, req, comm);
  RUN_W(req, comm, scatterv, (sbuf, scounts, displs, st, rbuf, rcount, rt, root, c), w);
  MPI_LEAVE(MPI_SUCCESS);
}

/* ---- the entry points ---- */

int PMPI_Barrier(MPI_Comm comm) { return barrier("MPI_Barrier", BLOCKING, comm, NULL); }
int PMPI_Ibarrier(MPI_Comm comm, MPI_Request *req) { return barrier("MPI_Ibarrier", NONBLOCKING, comm, req); }

int PMPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
  return bcast("MPI_Bcast", BLOCKING, buf, count, type, root, comm, NULL);
}
int PMPI_Ibcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Request *req)
{
  return bcast("MPI_Ibcast", NONBLOCKING, buf, count, type, root, comm, req);
}

int PMPI_Gather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                int root, MPI_Comm comm)
{
  return gather("MPI_Gather", BLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, NULL);
}
int PMPI_Igather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                 int root, MPI_Comm comm, MPI_Request *req)
{
  return gather("MPI_Igather", NONBLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, req);
}

int PMPI_Gatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int rcounts[],
                 const int displs[], MPI_Datatype rtype, int root, MPI_Comm comm)
{
  wide_t w = WIDE(NULL, NULL, rcounts, displs);
  return wide_free(
      &w, gatherv("MPI_Gatherv", BLOCKING, sbuf, scount, stype, rbuf, NULL, NULL, rtype, root, comm, NULL, &w));
}
int PMPI_Igatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int rcounts[],
                  const int displs[], MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *req)
{
  wide_t w = WIDE(NULL, NULL, rcounts, displs);
  return wide_free(
      &w, gatherv("MPI_Igatherv", NONBLOCKING, sbuf, scount, stype, rbuf, NULL, NULL, rtype, root, comm, req, &w));
}

int PMPI_Scatter(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                 int root, MPI_Comm comm)
{
  return scatter("MPI_Scatter", BLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, NULL);
}
int PMPI_Iscatter(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                  int root, MPI_Comm comm, MPI_Request *req)
{
  return scatter("MPI_Iscatter", NONBLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, req);
}

int PMPI_Scatterv(const void *sbuf, const int scounts[], const int displs[], MPI_Datatype stype, void *rbuf,
                  int rcount, MPI_Datatype rtype, int root, MPI_Comm comm)
{
  wide_t w = WIDE(scounts, displs, NULL, NULL);
  return wide_free(
      &w, scatterv("MPI_Scatterv", BLOCKING, sbuf, NULL, NULL, stype, rbuf, rcount, rtype, root, comm, NULL, &w));
}
int PMPI_Iscatterv(const void *sbuf, const int scounts[], const int displs[], MPI_Datatype stype, void *rbuf,
                   int rcount, MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *req)
{
  wide_t w = WIDE(scounts, displs, NULL, NULL);
  return wide_free(
      &w, scatterv("MPI_Iscatterv", NONBLOCKING, sbuf, NULL, NULL, stype, rbuf, rcount, rtype, root, comm, req, &w));
}

/* ---- the persistent forms (MPI 4.0) ---- */

int PMPI_Barrier_init(MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return barrier("MPI_Barrier_init", PERSISTENT, info, comm, req);
}
int PMPI_Bcast_init(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Info info,
                    MPI_Request *req)
{
  return bcast("MPI_Bcast_init", PERSISTENT, info, buf, count, type, root, comm, req);
}
int PMPI_Gather_init(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                     int root, MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return gather("MPI_Gather_init", PERSISTENT, info, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, req);
}
int PMPI_Gatherv_init(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int rcounts[],
                      const int displs[], MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Info info,
                      MPI_Request *req)
{
  wide_t w = WIDE(NULL, NULL, rcounts, displs);
  return wide_free(&w, gatherv("MPI_Gatherv_init", PERSISTENT, info, sbuf, scount, stype, rbuf, NULL, NULL, rtype, root,
                               comm, req, &w));
}
int PMPI_Scatter_init(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                      int root, MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return scatter("MPI_Scatter_init", PERSISTENT, info, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, req);
}
int PMPI_Scatterv_init(const void *sbuf, const int scounts[], const int displs[], MPI_Datatype stype, void *rbuf,
                       int rcount, MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  wide_t w = WIDE(scounts, displs, NULL, NULL);
  return wide_free(&w, scatterv("MPI_Scatterv_init", PERSISTENT, info, sbuf, NULL, NULL, stype, rbuf, rcount, rtype,
                                root, comm, req, &w));
}

/* ---- the large-count forms (MPI 4.0): any count an MPI_Count holds ---- */

int PMPI_Bcast_c(void *buf, MPI_Count count, MPI_Datatype type, int root, MPI_Comm comm)
{
  return bcast("MPI_Bcast_c", BLOCKING, buf, count, type, root, comm, NULL);
}
int PMPI_Ibcast_c(void *buf, MPI_Count count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Request *req)
{
  return bcast("MPI_Ibcast_c", NONBLOCKING, buf, count, type, root, comm, req);
}
int PMPI_Bcast_init_c(void *buf, MPI_Count count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Info info,
                      MPI_Request *req)
{
  return bcast("MPI_Bcast_init_c", PERSISTENT, info, buf, count, type, root, comm, req);
}
int PMPI_Gather_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                  MPI_Datatype rtype, int root, MPI_Comm comm)
{
  return gather("MPI_Gather_c", BLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, NULL);
}
int PMPI_Igather_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                   MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *req)
{
  return gather("MPI_Igather_c", NONBLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, req);
}
int PMPI_Gather_init_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                       MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return gather("MPI_Gather_init_c", PERSISTENT, info, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, req);
}
int PMPI_Scatter_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                   MPI_Datatype rtype, int root, MPI_Comm comm)
{
  return scatter("MPI_Scatter_c", BLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, NULL);
}
int PMPI_Iscatter_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                    MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *req)
{
  return scatter("MPI_Iscatter_c", NONBLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, req);
}
int PMPI_Scatter_init_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                        MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return scatter("MPI_Scatter_init_c", PERSISTENT, info, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, req);
}

/* ---- the large-count v- and w-forms: counts and displacements narrowed to ints (NARROW) ---- */

int PMPI_Gatherv_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, const MPI_Count rcounts[],
                   const MPI_Aint displs[], MPI_Datatype rtype, int root, MPI_Comm comm)
{
  return gatherv("MPI_Gatherv_c", BLOCKING, sbuf, scount, stype, rbuf, rcounts, displs, rtype, root, comm, NULL, NULL);
}
int PMPI_Igatherv_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, const MPI_Count rcounts[],
                    const MPI_Aint displs[], MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *req)
{
  return gatherv("MPI_Igatherv_c", NONBLOCKING, sbuf, scount, stype, rbuf, rcounts, displs, rtype, root, comm, req,
                 NULL);
}
int PMPI_Gatherv_init_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, const MPI_Count rcounts[],
                        const MPI_Aint displs[], MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Info info,
                        MPI_Request *req)
{
  return gatherv("MPI_Gatherv_init_c", PERSISTENT, info, sbuf, scount, stype, rbuf, rcounts, displs, rtype, root, comm,
                 req, NULL);
}
int PMPI_Scatterv_c(const void *sbuf, const MPI_Count scounts[], const MPI_Aint displs[], MPI_Datatype stype,
                    void *rbuf, MPI_Count rcount, MPI_Datatype rtype, int root, MPI_Comm comm)
{
  return scatterv("MPI_Scatterv_c", BLOCKING, sbuf, scounts, displs, stype, rbuf, rcount, rtype, root, comm, NULL,
                  NULL);
}
int PMPI_Iscatterv_c(const void *sbuf, const MPI_Count scounts[], const MPI_Aint displs[], MPI_Datatype stype,
                     void *rbuf, MPI_Count rcount, MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *req)
{
  return scatterv("MPI_Iscatterv_c", NONBLOCKING, sbuf, scounts, displs, stype, rbuf, rcount, rtype, root, comm, req,
                  NULL);
}
int PMPI_Scatterv_init_c(const void *sbuf, const MPI_Count scounts[], const MPI_Aint displs[], MPI_Datatype stype,
                         void *rbuf, MPI_Count rcount, MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Info info,
                         MPI_Request *req)
{
  return scatterv("MPI_Scatterv_init_c", PERSISTENT, info, sbuf, scounts, displs, stype, rbuf, rcount, rtype, root,
                  comm, req, NULL);
}

PMPI_ALIAS(Barrier)
PMPI_ALIAS(Ibarrier)
PMPI_ALIAS(Bcast)
PMPI_ALIAS(Ibcast)
PMPI_ALIAS(Gather)
PMPI_ALIAS(Igather)
PMPI_ALIAS(Gatherv)
PMPI_ALIAS(Igatherv)
PMPI_ALIAS(Scatter)
PMPI_ALIAS(Iscatter)
PMPI_ALIAS(Scatterv)
PMPI_ALIAS(Iscatterv)
PMPI_ALIAS(Barrier_init)
PMPI_ALIAS(Bcast_init)
PMPI_ALIAS(Gather_init)
PMPI_ALIAS(Gatherv_init)
PMPI_ALIAS(Scatter_init)
PMPI_ALIAS(Scatterv_init)
PMPI_ALIAS(Bcast_c)
PMPI_ALIAS(Ibcast_c)
PMPI_ALIAS(Bcast_init_c)
PMPI_ALIAS(Gather_c)
PMPI_ALIAS(Igather_c)
PMPI_ALIAS(Gather_init_c)
PMPI_ALIAS(Scatter_c)
PMPI_ALIAS(Iscatter_c)
PMPI_ALIAS(Scatter_init_c)
PMPI_ALIAS(Gatherv_c)
PMPI_ALIAS(Igatherv_c)
PMPI_ALIAS(Gatherv_init_c)
PMPI_ALIAS(Scatterv_c)
PMPI_ALIAS(Iscatterv_c)
PMPI_ALIAS(Scatterv_init_c)
