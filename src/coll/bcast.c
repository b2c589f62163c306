/* Bcast: binomial tree rooted at root. */
#include "coll.h"

void coll_bcast(void *buf, int count, const dt_t *t, int root, rt_comm_t *c)
{
  int n = comm_size(c), me = comm_rank(c);
  int vr = (me - root + n) % n, mask = 1;
  while (mask < n) {
    if (vr & mask) {
      coll_recv(buf, count, t, (vr - mask + root) % n, TAG_BCAST, c);
      break;
    }
    mask <<= 1;
  }
  for (mask >>= 1; mask > 0; mask >>= 1)
    if (vr + mask < n)
      coll_send(buf, count, t, (vr + mask + root) % n, TAG_BCAST, c);
}
