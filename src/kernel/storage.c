/* Storage: the SimGrid disks of the platform's hosts and the timed I/O
 * operations on them. An operation is one or more pieces, each between the
 * caller's host and the first disk of one host (a storage server, or the
 * caller's own host): a write sends its bytes to the disk's host over the
 * network, writes them to the disk, and acknowledges; a read sends a request,
 * reads the disk, and sends the bytes back; a read-modify-write does the
 * read, then the write, of the same bytes. Pieces run side by side, each on
 * a short-lived helper actor that names the hosts of every leg itself; the
 * last one to finish puts an empty message on the caller's own host, the
 * transfer the caller waits for (one loopback latency). */
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

/* One operation: its pieces' helpers count down, the last one signals. */
struct io_op {
  sg_host_t client;
  kern_mbox_t *done;
  int left;
  int kind; /* KERN_IO_READ, KERN_IO_WRITE, KERN_IO_RMW */
  double req_bytes; /* a read's request, a write's acknowledgement */
};
struct io_piece {
  struct io_op *op;
  sg_host_t server;
  double bytes;
};

static char token;

static void piece_main(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  struct io_piece *p = sg_actor_self_get_data();
  kern_actor_t me = {NULL, NULL, 0};
  sg_actor_self_set_data(&me);
  struct io_op *op = p->op;
  sg_disk_t d = first_disk(p->server);
  int remote = p->server != op->client;
  if (op->kind != KERN_IO_WRITE) {
    if (remote)
      sg_host_sendto(op->client, p->server, op->req_bytes);
    if (d && p->bytes > 0)
      sg_disk_read(d, (sg_size_t)p->bytes);
    if (remote)
      sg_host_sendto(p->server, op->client, p->bytes);
  }
  if (op->kind != KERN_IO_READ) {
    if (remote)
      sg_host_sendto(op->client, p->server, p->bytes);
    if (d && p->bytes > 0)
      sg_disk_write(d, (sg_size_t)p->bytes);
    if (remote)
      sg_host_sendto(p->server, op->client, op->req_bytes);
  }
  free(p);
  if (--op->left == 0) {
    kern_mbox_t *m = op->done;
    free(op);
    sg_mailbox_put(kern_mbox_box(m), &token, 0); /* from the caller's host: a loopback message */
    kern_mbox_put_back(m);
  }
}

kern_comm_t *kern_io(size_t client, const kern_io_piece_t *pieces, size_t n, int kind, double req_bytes)
{
  struct io_op *op = malloc(sizeof *op);
  *op = (struct io_op){kern_host(client), kern_mbox_get(), (int)(n ? n : 1), kind, req_bytes};
  kern_mbox_t *done = op->done;
  kern_comm_t *c = kern_recv(done);
  size_t k = n ? n : 1;
  for (size_t i = 0; i < k; i++) {
    struct io_piece *p = malloc(sizeof *p);
    *p = (struct io_piece){op, n ? kern_host(pieces[i].server) : op->client, n ? pieces[i].bytes : 0};
    const char *argv[2] = {"io", NULL};
    /* helpers run on the caller's host: the legs name their hosts */
    BLOCKING(sg_actor_t a = sg_actor_init("io", kern_host(client)); sg_actor_set_stacksize(a, 128 /* KiB */);
             sg_actor_set_data(a, p); sg_actor_start_(a, piece_main, 1, argv));
  }
  return c;
}
