/* Partitioned point-to-point calls (MPI 4.0): Psend_init, Precv_init, Pready, Pready_range,
 * Pready_list, Parrived; their argument checks. Start, Wait, Test and Request_free treat their
 * requests as persistent ones (request.c); the engine is src/action/part_act.c. */
#include "request.h"
#include "info.h"
#include "poll.h"
#include "../action/action.h"
#include <stdio.h>

static int part_init(rt_rank_t *self, int send, const void *buf, int partitions, MPI_Count count,
                     MPI_Datatype datatype, int peer, int tag, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
  MPI_Comm on = comm_get(comm) ? comm : MPI_COMM_WORLD; /* whose error handler decides */
  CHECK(request, on, MPI_ERR_REQUEST, "request is NULL");
  CHECK(partitions > 0, on, MPI_ERR_ARG, "partitions is %d: it must be positive", partitions);
  CHECK(info_valid(info), on, MPI_ERR_INFO, "invalid info object (0x%x)", (unsigned)info);
  CHECK(peer != MPI_PROC_NULL, on, MPI_ERR_RANK,
        "MPI_PROC_NULL as the %s: simpi does not support it in partitioned communication", send ? "dest" : "source");
  CHECK(peer != MPI_ANY_SOURCE && tag != MPI_ANY_TAG, on, MPI_ERR_ARG,
        "a partitioned receive names its source and tag (no MPI_ANY_SOURCE, no MPI_ANY_TAG)");
  CHECK(count >= 0, on, MPI_ERR_COUNT, "negative count %lld", (long long)count);
  p2p_req_t *r;
  int err = req_build(self, &r, send ? P2P_SEND : P2P_RECV, P2P_STANDARD, buf, count, datatype, peer, tag, comm);
  if (err)
    MPI_LEAVE(err);
  char why[400];
  err = act_part_init(r, partitions, why, sizeof why);
  if (err) {
    p2p_req_free(r);
    CHECK(0, comm, err, "%s", why);
  }
  *request = req_handle_new(r);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Psend_init(const void *buf, int partitions, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                    MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
  MPI_ENTER("MPI_Psend_init");
  return part_init(self, 1, buf, partitions, count, datatype, dest, tag, comm, info, request);
}

int PMPI_Precv_init(void *buf, int partitions, MPI_Count count, MPI_Datatype datatype, int source, int tag,
                    MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
  MPI_ENTER("MPI_Precv_init");
  return part_init(self, 0, buf, partitions, count, datatype, source, tag, comm, info, request);
}

/* The partitioned send behind request, started; errors name the call's argument. */
#define CHECK_PSEND(request, r)                                                                                        \
  p2p_req_t *r = req_get(request);                                                                                     \
  CHECK(r && r->kind == P2P_PSEND, MPI_COMM_WORLD, MPI_ERR_REQUEST, "not a partitioned send request");               \
  CHECK(r->active, r->comm, MPI_ERR_REQUEST,                                                                           \
        "the partitioned send is not active: MPI_Start it before marking partitions ready")

/* Marks partition i of started send r ready: out of range or marked already, an error. */
static int mark(rt_rank_t *self, p2p_req_t *r, int i, int partitions)
{
  CHECK(i >= 0 && i < partitions, r->comm, MPI_ERR_ARG, "partition %d is out of range (the send has %d partitions)",
        i, partitions);
  CHECK(act_part_mark(r, i), r->comm, MPI_ERR_ARG,
        "partition %d is already marked ready in this round (MPI_Pready twice before completion)", i);
  return MPI_SUCCESS;
}

int PMPI_Pready(int partition, MPI_Request request)
{
  MPI_ENTER("MPI_Pready");
  CHECK_PSEND(request, r);
  int err = mark(self, r, partition, act_part_count(r));
  if (err)
    return err;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Pready_range(int partition_low, int partition_high, MPI_Request request)
{
  MPI_ENTER("MPI_Pready_range");
  CHECK_PSEND(request, r);
  CHECK(partition_low <= partition_high, r->comm, MPI_ERR_ARG, "partition_low %d is above partition_high %d",
        partition_low, partition_high);
  for (int i = partition_low; i <= partition_high; i++) {
    int err = mark(self, r, i, act_part_count(r));
    if (err)
      return err;
  }
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Pready_list(int length, const int array_of_partitions[], MPI_Request request)
{
  MPI_ENTER("MPI_Pready_list");
  CHECK_PSEND(request, r);
  CHECK(length >= 0, r->comm, MPI_ERR_ARG, "negative length %d", length);
  CHECK(array_of_partitions || !length, r->comm, MPI_ERR_ARG, "array_of_partitions is NULL");
  for (int k = 0; k < length; k++) {
    int err = mark(self, r, array_of_partitions[k], act_part_count(r));
    if (err)
      return err;
  }
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Parrived(MPI_Request request, int partition, int *flag)
{
  MPI_ENTER("MPI_Parrived");
  CHECK(flag, MPI_COMM_WORLD, MPI_ERR_ARG, "flag is NULL");
  if (request == MPI_REQUEST_NULL) { /* MPI 4.0: a null or inactive request has arrived */
    *flag = 1;
    MPI_LEAVE(MPI_SUCCESS);
  }
  p2p_req_t *r = req_get(request);
  CHECK(r && r->kind == P2P_PRECV, MPI_COMM_WORLD, MPI_ERR_REQUEST, "not a partitioned receive request");
  CHECK(partition >= 0 && partition < act_part_count(r), r->comm, MPI_ERR_ARG,
        "partition %d is out of range (the receive has %d partitions)", partition, act_part_count(r));
  if (!r->active) {
    *flag = 1;
    MPI_LEAVE(MPI_SUCCESS);
  }
  poll_before(POLL_TEST);
  *flag = act_part_arrived(r, partition);
  poll_after(POLL_TEST, *flag);
  MPI_LEAVE(MPI_SUCCESS);
}

PMPI_ALIAS(Psend_init)
PMPI_ALIAS(Precv_init)
PMPI_ALIAS(Pready)
PMPI_ALIAS(Pready_range)
PMPI_ALIAS(Pready_list)
PMPI_ALIAS(Parrived)
