/* Storage: the SimGrid disks of the platform's hosts and the timed I/O
 * operations on them. An operation is one or more pieces, each between the
 * caller's host and the first disk of one host (a storage server, or the
 * caller's own host): a write sends its bytes to the disk's host over the
 * network, writes them to the disk, and acknowledges; a read sends a request,
 * reads the disk, and sends the bytes back; a read-modify-write does the
 * read, then the write, of the same bytes. Pieces run side by side. A
 * blocking operation runs on the caller's own actor (sendto.cpp makes the
 * legs); a nonblocking one on a short-lived helper actor, whose end puts an
 * empty message on the caller's own host, the transfer the caller waits for
 * (one loopback latency), as a nonblocking collective's does. */
#include "adapter.h"
#include <simgrid/disk.h>
#include <simgrid/mailbox.h>
#include <stdlib.h>
#include <string.h>

static sg_disk_t first_disk(sg_host_t h)
{
  unsigned n = 0;
  sg_disk_t *d = NULL;
  sg_host_get_disks(h, &n, &d);
  sg_disk_t one = n ? d[0] : NULL;
  free(d);
  return one;
}

int kern_host_has_disk(size_t host) { return first_disk(kern_host(host)) != NULL; }

double kern_disk_bandwidth(size_t host, int write)
{
  sg_disk_t d = first_disk(kern_host(host));
  return !d ? 0 : write ? sg_disk_write_bandwidth(d) : sg_disk_read_bandwidth(d);
}

const char *kern_host_property(size_t host, const char *key)
{
  return sg_host_get_property_value(kern_host(host), key);
}

void kern_disk_create(sg_host_t h, const char *name, double read_bw, double write_bw); /* sendto.cpp */

void kern_host_add_disk(size_t host, double read_bw, double write_bw)
{
  kern_disk_create(kern_host(host), "simpi-local-disk", read_bw, write_bw);
}

/* Each host's first disk, looked up once (sg_host_get_disks allocates). */
static sg_disk_t *disks;
static size_t ndisks;

static sg_disk_t disk_of(size_t host)
{
  if (!disks) {
    ndisks = kern_host_count();
    disks = calloc(ndisks ? ndisks : 1, sizeof *disks);
    for (size_t h = 0; h < ndisks; h++)
      disks[h] = first_disk(kern_host(h));
  }
  return host < ndisks ? disks[host] : NULL;
}

/* sendto.cpp: the legs of every piece, run by the calling actor. */
void kern_io_legs(sg_host_t client, const kern_io_leg_t *pieces, size_t n, int kind, double req_bytes);

static kern_io_leg_t *legs_of(const kern_io_piece_t *pieces, size_t n, kern_io_leg_t *few)
{
  kern_io_leg_t *l = n <= 16 ? few : malloc(sizeof *l * n);
  for (size_t i = 0; i < n; i++)
    l[i] = (kern_io_leg_t){kern_host(pieces[i].server), disk_of(pieces[i].server), pieces[i].bytes};
  return l;
}

void kern_io_wait(size_t client, const kern_io_piece_t *pieces, size_t n, int kind, double req_bytes)
{
  if (n == 0)
    return;
  kern_io_leg_t few[16], *l = legs_of(pieces, n, few);
  BLOCKING(kern_io_legs(kern_host(client), l, n, kind, req_bytes));
  if (l != few)
    free(l);
}

/* A nonblocking operation: its helper runs the legs, then signals. */
struct io_op {
  sg_host_t client;
  kern_mbox_t *done;
  int kind; /* KERN_IO_READ, KERN_IO_WRITE, KERN_IO_RMW */
  double req_bytes; /* a read's request, a write's acknowledgement */
  size_t n;
  kern_io_leg_t legs[];
};

static char token;

static void helper_main(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  struct io_op *op = sg_actor_self_get_data();
  kern_actor_t me = {NULL, NULL, 0};
  sg_actor_self_set_data(&me);
  if (op->n)
    kern_io_legs(op->client, op->legs, op->n, op->kind, op->req_bytes);
  kern_mbox_t *m = op->done;
  free(op);
  sg_mailbox_put(kern_mbox_box(m), &token, 0); /* from the caller's host: a loopback message */
  kern_mbox_put_back(m);
}

kern_comm_t *kern_io(size_t client, const kern_io_piece_t *pieces, size_t n, int kind, double req_bytes)
{
  struct io_op *op = malloc(sizeof *op + sizeof op->legs[0] * n);
  *op = (struct io_op){kern_host(client), kern_mbox_get(), kind, req_bytes, n};
  kern_io_leg_t few[16], *l = legs_of(pieces, n, few);
  memcpy(op->legs, l, sizeof *l * n);
  if (l != few)
    free(l);
  kern_comm_t *c = kern_recv(op->done);
  const char *argv[2] = {"io", NULL};
  /* the helper runs on the caller's host: the legs name their hosts */
  BLOCKING(sg_actor_t a = sg_actor_init("io", kern_host(client)); sg_actor_set_stacksize(a, 128 /* KiB */);
           sg_actor_set_data(a, op); sg_actor_start_(a, helper_main, 1, argv));
  return c;
}
