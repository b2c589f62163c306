/* The runtime's shared state: options, ranks and the rank running now. */
#include "runtime.h"

rt_opts_t rt_opts;
rt_rank_t *rt_ranks;
int rt_nranks;
rt_rank_t *rt_self;
int rt_ranks_ended;
