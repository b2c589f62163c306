/* MPI_Request handles: a table from handle to p2p request, and completion
 * (statuses, persistent requests, freeing). */
#ifndef SIMPI_REQUEST_H
#define SIMPI_REQUEST_H
#include "../p2p/p2p.h"
#include "mpi_impl.h"

MPI_Request req_handle_new(p2p_req_t *r);
/* Lists (stderr) the first requests with handles that the rank still has, with where each was started. */
void req_report_pending(rt_rank_t *self);
p2p_req_t *req_get(MPI_Request h); /* NULL for MPI_REQUEST_NULL or invalid */
int req_valid(MPI_Request h);
/* Builds a request for a send or receive; checks arguments (0 or error class). */
int req_build(rt_rank_t *self, p2p_req_t **out, enum p2p_kind kind, enum p2p_mode mode, const void *buf,
              MPI_Count count, MPI_Datatype type, int peer, int tag, MPI_Comm comm);
/* A request that is already complete (nonblocking calls that finish at once). */
MPI_Request req_completed(rt_rank_t *self);
/* MPI_Comm_disconnect: waits for the calling rank's requests on comm that are still running, those
 * with a handle as MPI_Wait does (the handle stays for the program to complete) and those freed
 * by MPI_Request_free. */
void req_wait_comm(rt_rank_t *self, MPI_Comm comm);
/* Raises MPI_ERR_TRUNCATE for a receive whose message did not fit. */
int req_truncated(rt_rank_t *self, const p2p_req_t *r);
#endif
