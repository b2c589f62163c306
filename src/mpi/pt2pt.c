/* Point-to-point calls: every send mode, blocking and not, persistent
 * requests, Sendrecv(_replace) and their I-forms, Probe/Iprobe, Get_count,
 * attached buffers. */
#include "poll.h"
#include "request.h"
#include "../action/action.h"
#include <stdlib.h>

/* Posts a send or receive; if status is not NULL, waits for it (blocking call). */
static int post(rt_rank_t *self, enum p2p_kind kind, enum p2p_mode mode, const void *buf, MPI_Count count,
                MPI_Datatype type, int peer, int tag, MPI_Comm comm, MPI_Request *request, int persistent,
                MPI_Status *status)
{
  p2p_req_t *r;
  int err = req_build(self, &r, kind, mode, buf, count, type, peer, tag, comm);
  if (err)
    return err;
  if (mode == P2P_BUFFERED && peer != MPI_PROC_NULL) {
    size_t need = (size_t)count * r->dt->size + MPI_BSEND_OVERHEAD;
    if (p2p_bsend_in_use() + need > self->bsend_size) {
      size_t have = self->bsend_size;
      p2p_req_free(r);
      return mpi_error(self, comm, MPI_ERR_BUFFER,
                       "attached buffer too small: %zu bytes needed, %zu attached, %zu in use", need, have,
                       p2p_bsend_in_use());
    }
  }
  if (request) {
    r->nonblocking = 1;
    *request = req_handle_new(r);
    r->persistent = (unsigned char)persistent;
    if (!persistent)
      act_start(r);
    return MPI_SUCCESS;
  }
  act_start(r);
  act_wait(r);
  int e = r->kind == P2P_RECV ? r->st.MPI_ERROR : MPI_SUCCESS;
  if (kind == P2P_RECV)
    mpi_status_out(status, &r->st);
  if (e == MPI_ERR_TRUNCATE)
    e = req_truncated(self, r);
  p2p_req_free(r);
  return e;
}

/* Each send mode in its int-count and large-count (_c, MPI_Count) forms: the engine counts in MPI_Count. */
#define SEND_FN(Name, Count, mode)                                                                                     \
  int PMPI_##Name(const void *buf, Count count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)                   \
  {                                                                                                                    \
    MPI_ENTER("MPI_" #Name);                                                                                           \
    MPI_LEAVE(post(self, P2P_SEND, mode, buf, count, type, dest, tag, comm, NULL, 0, MPI_STATUS_IGNORE));             \
  }                                                                                                                    \
  PMPI_ALIAS(Name)
#define ISEND_FN(Name, Count, mode, persistent)                                                                        \
  int PMPI_##Name(const void *buf, Count count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,                   \
                  MPI_Request *request)                                                                                \
  {                                                                                                                    \
    MPI_ENTER("MPI_" #Name);                                                                                           \
    CHECK(request, comm, MPI_ERR_ARG, "request is NULL");                                                              \
    MPI_LEAVE(post(self, P2P_SEND, mode, buf, count, type, dest, tag, comm, request, persistent, NULL));              \
  }                                                                                                                    \
  PMPI_ALIAS(Name)
/* Every mode in one form: sfx is empty (int counts) or _c (MPI_Count). */
#define SEND_FNS(sfx, Count)                                                                                           \
  SEND_FN(Send##sfx, Count, P2P_STANDARD)                                                                              \
  SEND_FN(Ssend##sfx, Count, P2P_SYNC)                                                                                 \
  SEND_FN(Rsend##sfx, Count, P2P_READY)                                                                                \
  SEND_FN(Bsend##sfx, Count, P2P_BUFFERED)                                                                             \
  ISEND_FN(Isend##sfx, Count, P2P_STANDARD, 0)                                                                         \
  ISEND_FN(Issend##sfx, Count, P2P_SYNC, 0)                                                                            \
  ISEND_FN(Irsend##sfx, Count, P2P_READY, 0)                                                                           \
  ISEND_FN(Ibsend##sfx, Count, P2P_BUFFERED, 0)                                                                        \
  ISEND_FN(Send_init##sfx, Count, P2P_STANDARD, 1)                                                                     \
  ISEND_FN(Ssend_init##sfx, Count, P2P_SYNC, 1)                                                                        \
  ISEND_FN(Rsend_init##sfx, Count, P2P_READY, 1)                                                                       \
  ISEND_FN(Bsend_init##sfx, Count, P2P_BUFFERED, 1)
SEND_FNS(, int)
SEND_FNS(_c, MPI_Count)

int PMPI_Recv_c(void *buf, MPI_Count count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                MPI_Status *status)
{
  MPI_ENTER("MPI_Recv_c");
  MPI_LEAVE(post(self, P2P_RECV, P2P_STANDARD, buf, count, type, source, tag, comm, NULL, 0, status));
}

int PMPI_Irecv_c(void *buf, MPI_Count count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                 MPI_Request *request)
{
  MPI_ENTER("MPI_Irecv_c");
  CHECK(request, comm, MPI_ERR_ARG, "request is NULL");
  MPI_LEAVE(post(self, P2P_RECV, P2P_STANDARD, buf, count, type, source, tag, comm, request, 0, NULL));
}

int PMPI_Recv_init_c(void *buf, MPI_Count count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                     MPI_Request *request)
{
  MPI_ENTER("MPI_Recv_init_c");
  CHECK(request, comm, MPI_ERR_ARG, "request is NULL");
  MPI_LEAVE(post(self, P2P_RECV, P2P_STANDARD, buf, count, type, source, tag, comm, request, 1, NULL));
}

int PMPI_Recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Status *status)
{
  MPI_ENTER("MPI_Recv");
  MPI_LEAVE(post(self, P2P_RECV, P2P_STANDARD, buf, count, type, source, tag, comm, NULL, 0, status));
}

int PMPI_Irecv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Request *request)
{
  MPI_ENTER("MPI_Irecv");
  CHECK(request, comm, MPI_ERR_ARG, "request is NULL");
  MPI_LEAVE(post(self, P2P_RECV, P2P_STANDARD, buf, count, type, source, tag, comm, request, 0, NULL));
}

int PMPI_Recv_init(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                   MPI_Request *request)
{
  MPI_ENTER("MPI_Recv_init");
  CHECK(request, comm, MPI_ERR_ARG, "request is NULL");
  MPI_LEAVE(post(self, P2P_RECV, P2P_STANDARD, buf, count, type, source, tag, comm, request, 1, NULL));
}

/* Builds both halves of a Sendrecv (the receive first, as it is posted first). */
static int sendrecv_pair(rt_rank_t *self, const void *sbuf, MPI_Count scount, MPI_Datatype stype, int dest, int stag,
                         void *rbuf, MPI_Count rcount, MPI_Datatype rtype, int source, int rtag, MPI_Comm comm,
                         p2p_req_t **r, p2p_req_t **s)
{
  int err = req_build(self, r, P2P_RECV, P2P_STANDARD, rbuf, rcount, rtype, source, rtag, comm);
  if (err)
    return err;
  err = req_build(self, s, P2P_SEND, P2P_STANDARD, sbuf, scount, stype, dest, stag, comm);
  if (err) {
    p2p_req_free(*r);
    return err;
  }
  (*r)->nonblocking = (*s)->nonblocking = 1; /* posted together, as Irecv + Isend */
  return MPI_SUCCESS;
}

/* Posts both halves, then waits for both: the order that cannot deadlock. */
static int sendrecv(rt_rank_t *self, const void *sbuf, MPI_Count scount, MPI_Datatype stype, int dest, int stag,
                    void *rbuf, MPI_Count rcount, MPI_Datatype rtype, int source, int rtag, MPI_Comm comm,
                    MPI_Status *status)
{
  p2p_req_t *s, *r;
  int err = sendrecv_pair(self, sbuf, scount, stype, dest, stag, rbuf, rcount, rtype, source, rtag, comm, &r, &s);
  if (err)
    return err;
  act_start(r);
  act_start(s);
  act_wait(s);
  act_wait(r);
  int e = r->st.MPI_ERROR;
  mpi_status_out(status, &r->st);
  if (e == MPI_ERR_TRUNCATE)
    e = req_truncated(self, r);
  p2p_req_free(s);
  p2p_req_free(r);
  return e;
}

/* The nonblocking form: one request, the receive's, whose completion waits
 * for the send half too (see act_wait). owned: freed with the send half. */
static int isendrecv(rt_rank_t *self, const void *sbuf, MPI_Count scount, MPI_Datatype stype, int dest, int stag,
                     void *rbuf, MPI_Count rcount, MPI_Datatype rtype, int source, int rtag, MPI_Comm comm,
                     MPI_Request *request, void *owned)
{
  p2p_req_t *s, *r;
  int err = sendrecv_pair(self, sbuf, scount, stype, dest, stag, rbuf, rcount, rtype, source, rtag, comm, &r, &s);
  if (err) {
    free(owned);
    return err;
  }
  s->owned = owned;
  r->also = s;
  *request = req_handle_new(r);
  act_start(r);
  act_start(s);
  return MPI_SUCCESS;
}

int PMPI_Sendrecv(const void *sbuf, int scount, MPI_Datatype stype, int dest, int stag, void *rbuf, int rcount,
                  MPI_Datatype rtype, int source, int rtag, MPI_Comm comm, MPI_Status *status)
{
  MPI_ENTER("MPI_Sendrecv");
  MPI_LEAVE(sendrecv(self, sbuf, scount, stype, dest, stag, rbuf, rcount, rtype, source, rtag, comm, status));
}

int PMPI_Isendrecv(const void *sbuf, int scount, MPI_Datatype stype, int dest, int stag, void *rbuf, int rcount,
                   MPI_Datatype rtype, int source, int rtag, MPI_Comm comm, MPI_Request *request)
{
  MPI_ENTER("MPI_Isendrecv");
  CHECK(request, comm, MPI_ERR_ARG, "request is NULL");
  MPI_LEAVE(
      isendrecv(self, sbuf, scount, stype, dest, stag, rbuf, rcount, rtype, source, rtag, comm, request, NULL));
}

int PMPI_Sendrecv_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, int dest, int stag, void *rbuf,
                    MPI_Count rcount, MPI_Datatype rtype, int source, int rtag, MPI_Comm comm, MPI_Status *status)
{
  MPI_ENTER("MPI_Sendrecv_c");
  MPI_LEAVE(sendrecv(self, sbuf, scount, stype, dest, stag, rbuf, rcount, rtype, source, rtag, comm, status));
}

int PMPI_Isendrecv_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, int dest, int stag, void *rbuf,
                     MPI_Count rcount, MPI_Datatype rtype, int source, int rtag, MPI_Comm comm, MPI_Request *request)
{
  MPI_ENTER("MPI_Isendrecv_c");
  CHECK(request, comm, MPI_ERR_ARG, "request is NULL");
  MPI_LEAVE(isendrecv(self, sbuf, scount, stype, dest, stag, rbuf, rcount, rtype, source, rtag, comm, request, NULL));
}

/* The data to send, packed, so that the receive may overwrite buf (nonblocking
 * or not, the message sent is buf as it was at the call). */
static void *packed_copy(const void *buf, MPI_Count count, const dt_t *t, size_t *bytes)
{
  *bytes = (size_t)count * t->size;
  void *tmp = malloc(*bytes ? *bytes : 1);
  dt_pack(buf, count, t, tmp);
  return tmp;
}

/* The replace forms, blocking (request NULL) or not. */
static int sendrecv_replace(rt_rank_t *self, void *buf, MPI_Count count, MPI_Datatype type, int dest, int stag,
                            int source, int rtag, MPI_Comm comm, MPI_Status *status, MPI_Request *request)
{
  CHECK_TYPE(type, t, comm);
  CHECK(count >= 0, comm, MPI_ERR_COUNT, "negative count %lld", (long long)count);
  CHECK_DBUF(buf, count, t, comm);
  size_t bytes;
  void *tmp = packed_copy(buf, count, t, &bytes);
  if (request)
    return isendrecv(self, tmp, (MPI_Count)bytes, MPI_BYTE, dest, stag, buf, count, type, source, rtag, comm, request,
                     tmp);
  int err = sendrecv(self, tmp, (MPI_Count)bytes, MPI_BYTE, dest, stag, buf, count, type, source, rtag, comm, status);
  free(tmp);
  return err;
}

int PMPI_Sendrecv_replace(void *buf, int count, MPI_Datatype type, int dest, int stag, int source, int rtag,
                          MPI_Comm comm, MPI_Status *status)
{
  MPI_ENTER("MPI_Sendrecv_replace");
  MPI_LEAVE(sendrecv_replace(self, buf, count, type, dest, stag, source, rtag, comm, status, NULL));
}

int PMPI_Sendrecv_replace_c(void *buf, MPI_Count count, MPI_Datatype type, int dest, int stag, int source, int rtag,
                            MPI_Comm comm, MPI_Status *status)
{
  MPI_ENTER("MPI_Sendrecv_replace_c");
  MPI_LEAVE(sendrecv_replace(self, buf, count, type, dest, stag, source, rtag, comm, status, NULL));
}

int PMPI_Isendrecv_replace(void *buf, int count, MPI_Datatype type, int dest, int stag, int source, int rtag,
                           MPI_Comm comm, MPI_Request *request)
{
  MPI_ENTER("MPI_Isendrecv_replace");
  CHECK(request, comm, MPI_ERR_ARG, "request is NULL");
  MPI_LEAVE(sendrecv_replace(self, buf, count, type, dest, stag, source, rtag, comm, MPI_STATUS_IGNORE, request));
}

int PMPI_Isendrecv_replace_c(void *buf, MPI_Count count, MPI_Datatype type, int dest, int stag, int source,
                             int rtag, MPI_Comm comm, MPI_Request *request)
{
  MPI_ENTER("MPI_Isendrecv_replace_c");
  CHECK(request, comm, MPI_ERR_ARG, "request is NULL");
  MPI_LEAVE(sendrecv_replace(self, buf, count, type, dest, stag, source, rtag, comm, MPI_STATUS_IGNORE, request));
}

static int probe(rt_rank_t *self, int source, int tag, MPI_Comm comm, int block, int *flag, MPI_Status *status)
{
  rt_comm_t *c = comm_get(comm);
  if (!c)
    return mpi_error(self, MPI_COMM_WORLD, MPI_ERR_COMM, "%s", mpi_bad_comm(comm));
  if (!(source == MPI_ANY_SOURCE || source == MPI_PROC_NULL || (source >= 0 && source < comm_peer_size(c))))
    return mpi_error(self, comm, MPI_ERR_RANK, "invalid source rank %d (communicator size %d)", source, comm_peer_size(c));
  if (!(tag == MPI_ANY_TAG || (tag >= 0 && tag <= MPI_TAG_UB_VALUE)))
    return mpi_error(self, comm, MPI_ERR_TAG, "invalid tag %d", tag);
  MPI_Status st;
  if (source == MPI_PROC_NULL) {
    st = (MPI_Status){MPI_PROC_NULL, MPI_ANY_TAG, MPI_SUCCESS, 0, 0};
    if (flag)
      *flag = 1;
  } else {
    if (!block)
      poll_before(POLL_IPROBE);
    int found = act_probe(source, tag, comm_ctx(c), block, &st);
    if (!block)
      poll_after(POLL_IPROBE, found);
    if (flag)
      *flag = found;
    if (!found)
      return MPI_SUCCESS;
  }
  if (status != MPI_STATUS_IGNORE) /* Probe and Iprobe do set MPI_ERROR, as MPICH */
    *status = st;
  return MPI_SUCCESS;
}

int PMPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status)
{
  MPI_ENTER("MPI_Probe");
  MPI_LEAVE(probe(self, source, tag, comm, 1, NULL, status));
}

int PMPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status)
{
  MPI_ENTER("MPI_Iprobe");
  CHECK(flag, comm, MPI_ERR_ARG, "flag is NULL");
  MPI_LEAVE(probe(self, source, tag, comm, 0, flag, status));
}


/* The count of a status in elements of type: MPI_UNDEFINED if the bytes are
 * not a whole number of them. */
static MPI_Count status_count(const MPI_Status *status, const dt_t *t)
{
  if (t->size == 0)
    return 0;
  if (status->simpi_bytes % (long long)t->size)
    return MPI_UNDEFINED;
  return status->simpi_bytes / (long long)t->size;
}

int PMPI_Get_count(const MPI_Status *status, MPI_Datatype type, int *count)
{
  MPI_ENTER("MPI_Get_count");
  CHECK(status && count, MPI_COMM_WORLD, MPI_ERR_ARG, "null status or count");
  CHECK_TYPE(type, t, MPI_COMM_WORLD);
  MPI_Count n = status_count(status, t);
  *count = count_fits(n) ? (int)n : MPI_UNDEFINED;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Get_count_c(const MPI_Status *status, MPI_Datatype type, MPI_Count *count)
{
  MPI_ENTER("MPI_Get_count_c");
  CHECK(status && count, MPI_COMM_WORLD, MPI_ERR_ARG, "null status or count");
  CHECK_TYPE(type, t, MPI_COMM_WORLD);
  *count = status_count(status, t);
  MPI_LEAVE(MPI_SUCCESS);
}

static int buffer_attach(rt_rank_t *self, void *buffer, MPI_Count size)
{
  CHECK(size >= 0, MPI_COMM_WORLD, MPI_ERR_ARG, "negative buffer size %lld", (long long)size);
  CHECK(!self->bsend_buf, MPI_COMM_WORLD, MPI_ERR_BUFFER, "a buffer is already attached");
  self->bsend_buf = buffer;
  self->bsend_size = (size_t)size;
  return MPI_SUCCESS;
}

int PMPI_Buffer_attach(void *buffer, int size)
{
  MPI_ENTER("MPI_Buffer_attach");
  MPI_LEAVE(buffer_attach(self, buffer, size));
}

int PMPI_Buffer_attach_c(void *buffer, MPI_Count size)
{
  MPI_ENTER("MPI_Buffer_attach_c");
  MPI_LEAVE(buffer_attach(self, buffer, size));
}

/* Waits for the buffered sends, then gives the buffer back: its size, or -1
 * if an int cannot hold it and int_size is set. */
static MPI_Count buffer_detach(rt_rank_t *self, void *buffer_addr, int int_size)
{
  act_bsend_flush(1);
  MPI_Count size = (MPI_Count)self->bsend_size;
  if (int_size && !count_fits(size))
    return -1;
  *(void **)buffer_addr = self->bsend_buf;
  self->bsend_buf = NULL;
  self->bsend_size = 0;
  return size;
}

int PMPI_Buffer_detach(void *buffer_addr, int *size)
{
  MPI_ENTER("MPI_Buffer_detach");
  CHECK(buffer_addr && size, MPI_COMM_WORLD, MPI_ERR_ARG, "null argument");
  MPI_Count n = buffer_detach(self, buffer_addr, 1);
  CHECK(n >= 0, MPI_COMM_WORLD, MPI_ERR_COUNT,
        "the attached buffer is larger than an int can say: use MPI_Buffer_detach_c");
  *size = (int)n;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Buffer_detach_c(void *buffer_addr, MPI_Count *size)
{
  MPI_ENTER("MPI_Buffer_detach_c");
  CHECK(buffer_addr && size, MPI_COMM_WORLD, MPI_ERR_ARG, "null argument");
  *size = buffer_detach(self, buffer_addr, 0);
  MPI_LEAVE(MPI_SUCCESS);
}

/* MPI 4.1: wait until the buffered messages sent so far are delivered; the
 * buffer stays attached. */
int PMPI_Buffer_flush(void)
{
  MPI_ENTER("MPI_Buffer_flush");
  act_bsend_flush(1); /* written as buffer_detach: a replay waits the same way */
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Buffer_iflush(MPI_Request *request)
{
  MPI_ENTER("MPI_Buffer_iflush");
  CHECK(request, MPI_COMM_WORLD, MPI_ERR_ARG, "request is NULL");
  p2p_req_t *r = p2p_bsend_iflush();
  r->comm = MPI_COMM_WORLD;
  *request = req_handle_new(r);
  MPI_LEAVE(MPI_SUCCESS);
}

PMPI_ALIAS(Recv)
PMPI_ALIAS(Irecv)
PMPI_ALIAS(Recv_init)
PMPI_ALIAS(Recv_c)
PMPI_ALIAS(Irecv_c)
PMPI_ALIAS(Recv_init_c)
PMPI_ALIAS(Sendrecv)
PMPI_ALIAS(Sendrecv_replace)
PMPI_ALIAS(Sendrecv_c)
PMPI_ALIAS(Sendrecv_replace_c)
PMPI_ALIAS(Isendrecv)
PMPI_ALIAS(Isendrecv_replace)
PMPI_ALIAS(Isendrecv_c)
PMPI_ALIAS(Isendrecv_replace_c)
PMPI_ALIAS(Probe)
PMPI_ALIAS(Iprobe)
PMPI_ALIAS(Get_count)
PMPI_ALIAS(Get_count_c)
PMPI_ALIAS(Buffer_attach)
PMPI_ALIAS(Buffer_detach)
PMPI_ALIAS(Buffer_attach_c)
PMPI_ALIAS(Buffer_detach_c)
PMPI_ALIAS(Buffer_flush)
PMPI_ALIAS(Buffer_iflush)
