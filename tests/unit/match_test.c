/* Unit tests of the matcher: posted-first and unexpected-first matching,
 * wildcards, tag selection, non-overtaking order, contexts, truncation,
 * cancel and probe. Three ranks drive p2p requests directly. */
#include "unit.h"
#include "../../src/p2p/p2p.h"
#include "../../src/runtime/runtime.h"
#include <string.h>

static void hook(void *d) { rt_self = d; }

static p2p_req_t *post(enum p2p_kind kind, void *buf, int count, int peer, int tag, int ctx)
{
  p2p_req_t *r = p2p_req_new();
  r->kind = kind;
  r->owner = rt_self->id;
  r->peer = peer;
  r->peer_world = peer;
  r->me_local = rt_self->id;
  r->tag = tag;
  r->ctx = ctx;
  r->buf = buf;
  r->count = count;
  r->dt = dt_get(MPI_INT);
  p2p_start(r);
  return r;
}
static void send_int(int v, int dst, int tag, int ctx)
{
  p2p_req_t *r = post(P2P_SEND, &v, 1, dst, tag, ctx);
  p2p_wait(r);
  p2p_req_free(r);
}

static int got[16], src[16], tags[16], errs[16], cancelled, probed_src, probed_tag;
static long long probed_bytes;

static void rank0(void *arg)
{
  (void)arg;
  /* 1: posted first, from rank 1 */
  p2p_req_t *r = post(P2P_RECV, &got[0], 1, 1, 5, 0);
  p2p_wait(r);
  src[0] = r->st.MPI_SOURCE;
  tags[0] = r->st.MPI_TAG;
  p2p_req_free(r);
  kern_sleep(1); /* let rank 1 and 2 queue unexpected messages */
  /* 2: tag selection skips the earlier message with another tag */
  r = post(P2P_RECV, &got[1], 1, 1, 8, 0);
  p2p_wait(r);
  p2p_req_free(r);
  /* 3: wildcard source and tag takes the oldest unexpected message */
  for (int i = 2; i < 5; i++) {
    r = post(P2P_RECV, &got[i], 1, MPI_ANY_SOURCE, MPI_ANY_TAG, 0);
    p2p_wait(r);
    src[i] = r->st.MPI_SOURCE;
    tags[i] = r->st.MPI_TAG;
    p2p_req_free(r);
  }
  /* 4: another context does not match context 0 */
  r = post(P2P_RECV, &got[5], 1, 2, MPI_ANY_TAG, 2);
  p2p_wait(r);
  p2p_req_free(r);
  /* 5: truncation: 1-int buffer, 3-int message */
  r = post(P2P_RECV, &got[6], 1, 1, 9, 0);
  p2p_wait(r);
  errs[6] = r->st.MPI_ERROR;
  p2p_req_free(r);
  /* 6: cancel a receive nobody sends to */
  r = post(P2P_RECV, &got[7], 1, 2, 99, 0);
  cancelled = p2p_cancel(r) && r->done && r->cancelled;
  p2p_req_free(r);
  /* 7: probe blocks until rank 2's late message, then receive it */
  MPI_Status st;
  p2p_probe(2, 42, 0, 1, &st);
  probed_src = st.MPI_SOURCE;
  probed_tag = st.MPI_TAG;
  probed_bytes = st.simpi_bytes;
  r = post(P2P_RECV, &got[8], 1, 2, 42, 0);
  p2p_wait(r);
  p2p_req_free(r);
}

static void rank1(void *arg)
{
  (void)arg;
  send_int(10, 0, 5, 0);
  send_int(11, 0, 7, 0); /* tag 7: read by the wildcard receive */
  send_int(12, 0, 8, 0); /* tag 8: read first, by tag */
  send_int(13, 0, 7, 0);
  kern_sleep(2); /* after rank 0's wildcard receives */
  int three[3] = {1, 2, 3};
  p2p_req_t *r = post(P2P_SEND, three, 3, 0, 9, 0);
  p2p_wait(r);
  p2p_req_free(r);
}

static void rank2(void *arg)
{
  (void)arg;
  kern_sleep(0.5);
  send_int(20, 0, 3, 2); /* context 2: only the context-2 receive takes it */
  send_int(21, 0, 3, 0);
  kern_sleep(5);
  send_int(22, 0, 42, 0);
}

int main(int argc, char **argv)
{
  unit_platform(argc, argv, 3);
  rt_opts.detached_thresh = 65536;
  rt_nranks = 3;
  rt_ranks = calloc(3, sizeof *rt_ranks);
  for (int i = 0; i < 3; i++) {
    rt_ranks[i].id = i;
    rt_ranks[i].host = (size_t)i;
    p2p_rank_init(&rt_ranks[i].q);
  }
  kern_set_resume_hook(hook);
  kern_spawn("r0", 0, rank0, &rt_ranks[0], 0);
  kern_spawn("r1", 1, rank1, &rt_ranks[1], 0);
  kern_spawn("r2", 2, rank2, &rt_ranks[2], 0);
  kern_run();
  EXPECT(got[0] == 10 && src[0] == 1 && tags[0] == 5);
  EXPECT(got[1] == 12);
  /* arrival order at rank 0 (rank 2 sends at 0.5 s, after rank 1's burst) */
  EXPECT(got[2] == 11 && src[2] == 1 && tags[2] == 7);
  EXPECT(got[3] == 13 && src[3] == 1 && tags[3] == 7);
  EXPECT(got[4] == 21 && src[4] == 2 && tags[4] == 3);
  EXPECT(got[5] == 20);
  EXPECT(got[6] == 1 && errs[6] == MPI_ERR_TRUNCATE);
  EXPECT(cancelled);
  EXPECT(probed_src == 2 && probed_tag == 42 && probed_bytes == (long long)sizeof(int));
  EXPECT(got[8] == 22);
  return unit_end("match_test");
}
