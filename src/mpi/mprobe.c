/* Matched probes and receives (Mprobe, Improbe, Mrecv, Imrecv): a probe
 * takes the message out of the matching queue and names it by an
 * MPI_Message handle, so that no other receive can take it; the status
 * setters; MPI_Alloc_mem and MPI_Free_mem. */
#include "../core/handles.h"
#include "poll.h"
#include "request.h"
#include "../action/action.h"
#include <stdlib.h>

typedef struct message {
  p2p_msg_t *m;
  MPI_Status st;
  MPI_Comm comm;
} message_t;

static htable_t messages = HTABLE(SIMPI_KIND_MSG, 2); /* 0: NULL, 1: NO_PROC */

static int mprobe(rt_rank_t *self, int source, int tag, MPI_Comm comm, int block, int *flag, MPI_Message *message,
                  MPI_Status *status)
{
  rt_comm_t *c = comm_get(comm);
  if (!c)
    return mpi_error(self, MPI_COMM_WORLD, MPI_ERR_COMM, "%s", mpi_bad_comm(comm));
  if (!message)
    return mpi_error(self, comm, MPI_ERR_ARG, "message is NULL");
  if (!(source == MPI_ANY_SOURCE || source == MPI_PROC_NULL || (source >= 0 && source < comm_peer_size(c))))
    return mpi_error(self, comm, MPI_ERR_RANK, "invalid source rank %d", source);
  if (!(tag == MPI_ANY_TAG || (tag >= 0 && tag <= MPI_TAG_UB_VALUE)))
    return mpi_error(self, comm, MPI_ERR_TAG, "invalid tag %d", tag);
  MPI_Status st = {MPI_PROC_NULL, MPI_ANY_TAG, MPI_SUCCESS, 0, 0};
  if (flag)
    *flag = 1;
  if (source == MPI_PROC_NULL)
    *message = MPI_MESSAGE_NO_PROC;
  else {
    if (!block)
      poll_before(POLL_IPROBE);
    p2p_msg_t *m = p2p_mprobe(source, tag, comm_ctx(c), block, &st);
    if (!block)
      poll_after(POLL_IPROBE, m != NULL);
    if (!m) {
      *flag = 0;
      return MPI_SUCCESS;
    }
    message_t *msg = malloc(sizeof *msg);
    *msg = (message_t){m, st, comm};
    *message = ht_add(&messages, msg);
  }
  mpi_status_out(status, &st);
  return MPI_SUCCESS;
}

int PMPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status)
{
  MPI_ENTER("MPI_Mprobe");
  MPI_LEAVE(mprobe(self, source, tag, comm, 1, NULL, message, status));
}

int PMPI_Improbe(int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message, MPI_Status *status)
{
  MPI_ENTER("MPI_Improbe");
  CHECK(flag, comm, MPI_ERR_ARG, "flag is NULL");
  MPI_LEAVE(mprobe(self, source, tag, comm, 0, flag, message, status));
}

/* Builds the receive for a probed message (or the empty one of NO_PROC). */
static int mrecv(rt_rank_t *self, void *buf, MPI_Count count, MPI_Datatype type, MPI_Message *message, p2p_req_t **out,
                 int nonblocking)
{
  if (!message || (*message != MPI_MESSAGE_NO_PROC && !ht_get(&messages, *message)))
    return mpi_error(self, MPI_COMM_WORLD, MPI_ERR_REQUEST, "invalid message handle");
  message_t *msg = *message == MPI_MESSAGE_NO_PROC ? NULL : ht_get(&messages, *message);
  MPI_Comm comm = msg ? msg->comm : MPI_COMM_SELF;
  int err = req_build(self, out, P2P_RECV, P2P_STANDARD, buf, count, type, msg ? msg->st.MPI_SOURCE : MPI_PROC_NULL,
                      msg ? msg->st.MPI_TAG : 0, comm);
  if (err)
    return err;
  (*out)->nonblocking = (unsigned char)nonblocking; /* before the start, which records it */
  if (msg) {
    ht_remove(&messages, *message);
    act_start_matched(*out, msg->m);
    free(msg);
  } else
    act_start(*out);
  *message = MPI_MESSAGE_NULL;
  return MPI_SUCCESS;
}

static int mrecv_wait(rt_rank_t *self, void *buf, MPI_Count count, MPI_Datatype type, MPI_Message *message,
                      MPI_Status *status)
{
  p2p_req_t *r;
  int err = mrecv(self, buf, count, type, message, &r, 0);
  if (err)
    return err;
  act_wait(r);
  mpi_status_out(status, &r->st);
  err = r->st.MPI_ERROR == MPI_ERR_TRUNCATE ? req_truncated(self, r) : MPI_SUCCESS;
  p2p_req_free(r);
  return err;
}

static int imrecv(rt_rank_t *self, void *buf, MPI_Count count, MPI_Datatype type, MPI_Message *message,
                  MPI_Request *request)
{
  CHECK(request, MPI_COMM_WORLD, MPI_ERR_ARG, "request is NULL");
  p2p_req_t *r;
  int err = mrecv(self, buf, count, type, message, &r, 1);
  if (!err)
    *request = req_handle_new(r);
  return err;
}

int PMPI_Mrecv(void *buf, int count, MPI_Datatype type, MPI_Message *message, MPI_Status *status)
{
  MPI_ENTER("MPI_Mrecv");
  MPI_LEAVE(mrecv_wait(self, buf, count, type, message, status));
}

int PMPI_Mrecv_c(void *buf, MPI_Count count, MPI_Datatype type, MPI_Message *message, MPI_Status *status)
{
  MPI_ENTER("MPI_Mrecv_c");
  MPI_LEAVE(mrecv_wait(self, buf, count, type, message, status));
}

int PMPI_Imrecv(void *buf, int count, MPI_Datatype type, MPI_Message *message, MPI_Request *request)
{
  MPI_ENTER("MPI_Imrecv");
  MPI_LEAVE(imrecv(self, buf, count, type, message, request));
}

int PMPI_Imrecv_c(void *buf, MPI_Count count, MPI_Datatype type, MPI_Message *message, MPI_Request *request)
{
  MPI_ENTER("MPI_Imrecv_c");
  MPI_LEAVE(imrecv(self, buf, count, type, message, request));
}

static int set_elements(rt_rank_t *self, MPI_Status *status, MPI_Datatype type, MPI_Count count)
{
  CHECK(status && count >= 0, MPI_COMM_WORLD, MPI_ERR_ARG, "invalid status or count");
  CHECK_TYPE(type, t, MPI_COMM_WORLD);
  status->simpi_bytes = count * (long long)t->size;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Status_set_elements(MPI_Status *status, MPI_Datatype type, int count)
{
  MPI_ENTER("MPI_Status_set_elements");
  return set_elements(self, status, type, count);
}

int PMPI_Status_set_elements_x(MPI_Status *status, MPI_Datatype type, MPI_Count count)
{
  MPI_ENTER("MPI_Status_set_elements_x");
  return set_elements(self, status, type, count);
}

int PMPI_Status_set_elements_c(MPI_Status *status, MPI_Datatype type, MPI_Count count)
{
  MPI_ENTER("MPI_Status_set_elements_c");
  return set_elements(self, status, type, count);
}

int PMPI_Status_set_cancelled(MPI_Status *status, int flag)
{
  MPI_ENTER("MPI_Status_set_cancelled");
  CHECK(status, MPI_COMM_WORLD, MPI_ERR_ARG, "status is NULL");
  status->simpi_cancelled = !!flag;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Alloc_mem(MPI_Aint size, MPI_Info info, void *baseptr)
{
  MPI_ENTER("MPI_Alloc_mem");
  (void)info;
  CHECK(size >= 0 && baseptr, MPI_COMM_WORLD, MPI_ERR_ARG, "invalid size or pointer");
  void *p = malloc(size ? (size_t)size : 1);
  CHECK(p, MPI_COMM_WORLD, MPI_ERR_NO_MEM, "cannot allocate %ld bytes", (long)size);
  *(void **)baseptr = p;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Free_mem(void *base)
{
  MPI_ENTER("MPI_Free_mem");
  free(base);
  MPI_LEAVE(MPI_SUCCESS);
}

PMPI_ALIAS(Mprobe)
PMPI_ALIAS(Improbe)
PMPI_ALIAS(Mrecv)
PMPI_ALIAS(Imrecv)
PMPI_ALIAS(Mrecv_c)
PMPI_ALIAS(Imrecv_c)
PMPI_ALIAS(Status_set_elements)
PMPI_ALIAS(Status_set_elements_x)
PMPI_ALIAS(Status_set_elements_c)
PMPI_ALIAS(Status_set_cancelled)
PMPI_ALIAS(Alloc_mem)
PMPI_ALIAS(Free_mem)
