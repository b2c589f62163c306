/* The floor under any SimGrid-based replayer: the ring of samples/ring.c
 * written directly on SimGrid's C API, with no MPI layer, no matching and no
 * trace. Each hop is what one small MPI message costs SimGrid at least: a
 * detached put and a blocking get on a mailbox (as SMPI and simpi send below
 * 64 KiB). bench/replay.sh times it next to both replayers. This file is a
 * measurement of SimGrid, not part of simpi: it is the one place outside
 * src/kernel that includes SimGrid's headers.
 * Usage: kernel_floor PLATFORM RANKS LAPS BYTES [--cfg=...] */
#include <simgrid/actor.h>
#include <simgrid/comm.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/mailbox.h>
#include <stdio.h>
#include <stdlib.h>

static int ranks, laps;
static double bytes;
static char token[1];

static void hop_out(sg_mailbox_t to) { sg_comm_detach(sg_mailbox_put_init(to, token, (uint64_t)bytes), NULL); }

static void rank_main(int argc, char **argv)
{
  (void)argc;
  int me = atoi(argv[1]);
  char name[32];
  snprintf(name, sizeof name, "r%d", (me + 1) % ranks);
  sg_mailbox_t next = sg_mailbox_by_name(name);
  snprintf(name, sizeof name, "r%d", me);
  sg_mailbox_t mine = sg_mailbox_by_name(name);
  for (int l = 0; l < laps; l++) {
    if (me != 0)
      sg_mailbox_get(mine);
    hop_out(next);
    if (me == 0)
      sg_mailbox_get(mine);
  }
}

int main(int argc, char **argv)
{
  simgrid_init(&argc, argv);
  if (argc < 5) {
    fprintf(stderr, "usage: kernel_floor PLATFORM RANKS LAPS BYTES [--cfg=...]\n");
    return 1;
  }
  simgrid_load_platform(argv[1]);
  ranks = atoi(argv[2]);
  laps = atoi(argv[3]);
  bytes = atof(argv[4]);
  sg_host_t *hosts = sg_host_list();
  size_t nhosts = sg_host_count();
  for (int i = 0; i < ranks; i++) {
    char id[16];
    snprintf(id, sizeof id, "%d", i);
    const char *args[] = {"rank", id};
    sg_actor_create_("rank", hosts[(size_t)i % nhosts], rank_main, 2, args);
  }
  simgrid_run();
  printf("kernel_floor: %d ranks, %d laps: %.6f s simulated\n", ranks, laps, simgrid_get_clock());
  free(hosts);
  return 0;
}
