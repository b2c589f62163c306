/* The I/O engine (MPI-IO): files as the members of one open share them
 * (file.c: the real file, its size, the shared file pointer), each rank's
 * handle on a file with its view and individual pointer, views as maps from
 * the view's data to file extents (view.c), data movement between typed
 * memory and the real file (data.c), and the simulated time of an access on
 * the storage model (storage.c: independent access and the platform's
 * storage; twophase.c: collective access by aggregators). Data moves when
 * the rank makes the call (one rank runs at a time, so every access is
 * atomic); the returned request, of kind P2P_IO, completes when the storage
 * model says the access is done. */
#ifndef SIMPI_IO_H
#define SIMPI_IO_H
#include "../p2p/p2p.h"
#include "../core/comm.h"
#include <mpi.h>

/* Hints (MPI_Info keys the engine honours), read at open and set_view. */
typedef struct io_hints {
  MPI_Offset striping_unit; /* bytes per stripe (0: the model's default) */
  int striping_factor;      /* servers a file is striped over (0: the model's default) */
  int cb_nodes;             /* aggregators of collective access (0: one per host) */
  MPI_Offset cb_buffer_size; /* bytes an aggregator handles per round (0: 16 MiB) */
  int cb_read, cb_write;    /* collective buffering: 1 enable, 0 disable, -1 automatic (interleaved only) */
  int ds_read, ds_write;    /* data sieving of noncontiguous independent access: 1, 0, -1 automatic */
} io_hints_t;

/* A file as the members of one open share it. */
typedef struct io_file {
  int fd;              /* the real file; -1 when data is not kept (io/data:no) */
  char *path;          /* as the program named it */
  int amode;
  int members, refs;   /* members of the open, and those still holding it */
  MPI_Offset shared;   /* the shared file pointer, in etypes of the view */
  MPI_Offset vsize;    /* io/data:no: the size the file would have */
  int atomic;
  long once_seq;       /* io_once: the last collective call a member did for all */
  MPI_Offset once_val;
  /* storage layout */
  MPI_Offset unit;     /* stripe size */
  int stripes, first;  /* servers it is striped over, from the first */
  io_hints_t hints;    /* as given to the open (striping is fixed then) */
  struct io_file *next; /* in the list of open files */
} io_file_t;

/* A view: the file seen from disp as a tiling of filetype, in etypes. */
typedef struct io_view {
  MPI_Offset disp;
  const dt_t *etype, *ftype; /* references held */
  size_t esize, fsize;       /* bytes of data in one etype, one filetype */
  MPI_Aint fext;
  size_t nb;                 /* the filetype's blocks, in offset order, and the data before each */
  const dt_block_t *b;
  size_t *pre;
  int contig;                /* one block of fsize bytes at 0, fext == fsize */
} io_view_t;

/* A rank's handle on an open file. */
typedef struct io_fh {
  io_file_t *f;
  rt_comm_t *c;        /* the file's own communicator (a copy of the open's) */
  int rank, n;
  int amode;
  io_view_t v;
  char datarep[MPI_MAX_DATAREP_STRING];
  int ext32;           /* the view's data representation is external32 */
  MPI_Offset fp;       /* the individual file pointer, in etypes */
  io_hints_t hints;
  long coll_seq;       /* collective calls made on it (io_once) */
  int split_kind;      /* a split collective begun and not ended: which begin (the MPI layer's index) */
  MPI_Status split_st; /* and its status */
  long trace_id;       /* its id in the trace being recorded (0: none) */
} io_fh_t;

/* An extent of the file. */
typedef struct io_seg {
  MPI_Offset off, len;
} io_seg_t;

/* The bytes count elements of t take in the file (external32: converted). */
static inline MPI_Offset io_bytes(const io_fh_t *fh, MPI_Count count, const dt_t *t)
{
  return (MPI_Offset)count * (MPI_Offset)(fh->ext32 ? (size_t)dt_ext32_size(t) : t->size);
}

/* ---- file.c ---- */
/* The shared file of an open over c, made by its first member (opening the
 * real file): 0, or an error class and its reason in why. */
int io_file_share(rt_comm_t *c, const char *path, int amode, const io_hints_t *h, io_file_t **out, char *why,
                  size_t len);
/* A member lets go of it; the last one closes the real file (and deletes it with MPI_MODE_DELETE_ON_CLOSE). */
void io_file_release(io_file_t *f);
/* Removes the file at path: 0, or MPI_ERR_NO_SUCH_FILE, MPI_ERR_ACCESS, MPI_ERR_IO with why. */
int io_delete(const char *path, char *why, size_t len);
int io_size(io_file_t *f, MPI_Offset *size);
/* Truncates or extends (preallocate: extends only). */
int io_resize(io_file_t *f, MPI_Offset size, int grow_only, char *why, size_t len);
/* 1 for the first member of the file to get to its seq-th collective call,
 * which then does what the call does once for all: *val holds what it did. */
int io_once(io_fh_t *fh, MPI_Offset *val);
/* Each member's next collective call (call once per collective call, before io_once). */
static inline void io_coll_next(io_fh_t *fh) { fh->coll_seq++; }
/* The open files, for the list of those still open at the end. */
io_file_t *io_open_files(void);
/* An error class for errno e (ENOSPC: MPI_ERR_NO_SPACE, ...). */
int io_errno_class(int e);

/* ---- view.c ---- */
/* Sets v: 0, or MPI_ERR_TYPE with why (a filetype whose blocks go backwards, of no data ...). */
int io_view_set(io_view_t *v, MPI_Offset disp, const dt_t *etype, const dt_t *ftype, char *why, size_t len);
void io_view_clear(io_view_t *v);
/* The file extents of view data bytes [a, a + n), appended to *segs (*nseg of *cap). */
void io_view_map(const io_view_t *v, MPI_Offset a, MPI_Offset n, io_seg_t **segs, size_t *nseg, size_t *cap);
/* The absolute byte offset of view data byte a. */
MPI_Offset io_view_byte(const io_view_t *v, MPI_Offset a);
/* View data bytes that lie before file offset off. */
MPI_Offset io_view_data_before(const io_view_t *v, MPI_Offset off);

/* ---- data.c ---- */
/* Moves count elements of t between buf and the view's data bytes from a:
 * returns 0 and the bytes moved (a read stops at the end of the file), or an
 * error class with why; *segs gets the file extents touched (free it). */
int io_data(io_fh_t *fh, MPI_Offset a, void *buf, MPI_Count count, const dt_t *t, int write, MPI_Offset *moved,
            io_seg_t **segs, size_t *nseg, char *why, size_t len);

/* ---- storage.c ---- */
/* The storage model of the run: pfs (the platform's storage servers) or local (each host's disk). */
void io_storage_setup(void);
/* A file's layout from its hints (at its creation). */
void io_layout(io_file_t *f, const io_hints_t *h);
/* The timed access of extents segs[0..n) by the calling rank, independent
 * (data sieving over the span of a noncontiguous access where the hints
 * say): nb, a request of kind P2P_IO holding the transfer, or NULL when
 * there is nothing to time; else the access is made now (NULL). */
p2p_req_t *io_time_independent(io_fh_t *fh, const io_seg_t *segs, size_t n, int write, int nb);
/* One storage access of extents segs[0..n) from host, made now. */
void io_storage_access(const io_file_t *f, size_t host, const io_seg_t *segs, size_t n, int write);
/* A request of kind P2P_IO completing with kc (NULL: complete), status bytes. */
p2p_req_t *io_request(kern_comm_t *kc, MPI_Offset bytes);
/* The configured storage model, for messages: "pfs" or "local". */
const char *io_model_name(void);

/* ---- shared.c ---- */
/* Takes n etypes of the shared file pointer; returns where they start. */
MPI_Offset io_shared_claim(io_fh_t *fh, MPI_Offset n);
/* Collective: this member's n etypes after the lower ranks' (rank order) from the shared file
 * pointer, which then moves past them all. */
MPI_Offset io_ordered_claim(io_fh_t *fh, MPI_Offset n);
/* A barrier over the file's members. */
void io_barrier(io_fh_t *fh);
/* Collective: after a barrier, set(fh, arg) runs for the first member only
 * (changing what the members share); every member gets what it returned. */
MPI_Offset io_collective_set(io_fh_t *fh, MPI_Offset (*set)(io_fh_t *, MPI_Offset), MPI_Offset arg);

/* ---- twophase.c ---- */
/* The simulated time of a collective access (every member calls it with
 * its extents): two-phase aggregation when the members' accesses
 * interleave (or the hints say so), else each member's independent
 * access. Returns when this member's part is done. */
void io_time_collective(io_fh_t *fh, const io_seg_t *segs, size_t n, MPI_Offset bytes, int write);
#endif
