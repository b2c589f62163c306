/* Privatization of globals: the program's writable data (its .data and .bss,
 * past the read-only-after-relocation part) and its thread-local variables
 * are private to each rank, and each rank builds its own with the program's
 * constructors (C++ globals, __attribute__((constructor))), as a process
 * does: the image is taken before they run, rank 0 keeps what they built
 * when the process started, the other ranks run them on a fresh copy
 * before main. When the running rank changes, a small segment is copied out
 * and in; a large one (arrays) is remapped instead: every rank's copy lives
 * at its own offset of one memory file, and a single mmap puts the right
 * copy in place. Either way a rank costs a copy of the data only, never of
 * the code, and no mapping of its own. rt_priv_addr finds where another
 * rank's global really is, for the transfers that one rank performs into
 * another's buffer. */
#define _GNU_SOURCE
#include "runtime.h"
#include <elf.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Above this size, remapping (a system call and a few page faults) beats
 * copying the segment twice per switch. */
#define REMAP_THRESHOLD (64 * 1024)

static char *seg_start;
static size_t seg_len;   /* bytes of data */
static size_t map_len;   /* seg_len rounded up to pages (remap mode) */
static void *pristine;   /* the image before the program's constructors ran */
static rt_rank_t *owner; /* whose globals are in the segment now */
static int remap_fd = -1;
static unsigned char *started; /* remap mode: rank's copy initialised */
static char *shadow;           /* remap mode: every rank's copy, side by side */

static uintptr_t prog_lo, prog_hi;       /* the executable's mappings */
static char *tls_block;                  /* the program's thread-local variables */
static size_t tls_len, tls_init_len;     /* their size, and that of their initial image */
static const void *tls_init;             /* the initial image */
static const ElfW(Dyn) *prog_dynamic;
static uintptr_t prog_base;

static int find_segment(struct dl_phdr_info *info, size_t size, void *data)
{
  (void)size;
  (void)data;
  /* the first object is the program itself */
  uintptr_t lo = 0, hi = 0, relro_end = 0;
  prog_lo = UINTPTR_MAX;
  prog_base = info->dlpi_addr;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *p = &info->dlpi_phdr[i];
    uintptr_t at = info->dlpi_addr + p->p_vaddr;
    if (p->p_type == PT_LOAD) {
      if (at < prog_lo)
        prog_lo = at;
      if (at + p->p_memsz > prog_hi)
        prog_hi = at + p->p_memsz;
    }
    if (p->p_type == PT_LOAD && (p->p_flags & PF_W)) {
      lo = at;
      hi = lo + p->p_memsz;
    }
    if (p->p_type == PT_GNU_RELRO)
      relro_end = at + p->p_memsz;
    if (p->p_type == PT_DYNAMIC)
      prog_dynamic = (const ElfW(Dyn) *)at;
    if (p->p_type == PT_TLS && p->p_memsz && info->dlpi_tls_data) {
      tls_block = info->dlpi_tls_data;
      tls_len = p->p_memsz;
      tls_init = (const void *)at;
      tls_init_len = p->p_filesz;
    }
  }
  if (relro_end > lo && relro_end < hi)
    lo = relro_end;
  seg_start = (char *)lo;
  seg_len = hi - lo;
  return 1;
}

size_t rt_priv_bytes(void) { return seg_len + tls_len; }

int rt_in_program(const void *p) { return (uintptr_t)p >= prog_lo && (uintptr_t)p < prog_hi; }

void rt_priv_snapshot(int copy)
{
  if (pristine)
    return;
  if (!prog_hi)
    dl_iterate_phdr(find_segment, NULL);
  if (!seg_len || !copy)
    return;
  pristine = malloc(seg_len);
  memcpy(pristine, seg_start, seg_len);
}

/* A fresh copy reads as zeros: write the non-zero pages of the image. */
static void start_copy(rt_rank_t *r)
{
  char *dst = shadow + map_len * (size_t)r->id;
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  for (size_t off = 0; off < seg_len; off += page) {
    size_t n = seg_len - off < page ? seg_len - off : page;
    const char *src = (const char *)pristine + off;
    size_t k = 0;
    while (k < n && !src[k])
      k++;
    if (k < n)
      memcpy(dst + off, src, n);
  }
  started[r->id] = 1;
}

static void remap_to(rt_rank_t *to)
{
  if (!started[to->id])
    start_copy(to);
  void *p = mmap(seg_start, map_len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, remap_fd,
                 (off_t)(map_len * (size_t)to->id));
  if (p == MAP_FAILED)
    rt_fatal(1, "cannot map the globals of rank %d: %m", to->id);
}

static void init_remap(void)
{
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  if ((uintptr_t)seg_start % page)
    return; /* the data does not start on a page: keep copying */
  map_len = (seg_len + page - 1) / page * page;
  int fd = memfd_create("simpi-globals", 0);
  if (fd < 0)
    return;
  if (ftruncate(fd, (off_t)(map_len * (size_t)rt_nranks))) {
    close(fd);
    return;
  }
  /* a second view of the whole file, to reach any rank's copy (transfers) */
  void *view = mmap(NULL, map_len * (size_t)rt_nranks, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (view == MAP_FAILED) {
    close(fd);
    return;
  }
  shadow = view;
  remap_fd = fd;
  started = calloc((size_t)rt_nranks, 1);
  /* rank 0's copy is what the process built; it is in place from now on */
  memcpy(shadow, seg_start, seg_len);
  started[0] = 1;
  remap_to(&rt_ranks[0]);
}

void rt_priv_init(void)
{
  rt_priv_snapshot(1);
  owner = &rt_ranks[0]; /* the segment and the TLS block hold rank 0's now */
  if (seg_len > REMAP_THRESHOLD)
    init_remap();
}

/* Thread t's thread-local block, made from the initial image on first use. The main
 * threads of the ranks share one when globals are shared. */
static void *shared_tls;
static char *tls_of(rt_thread_t *t)
{
  void **store = !rt_opts.privatize && t->num == 0 ? &shared_tls : &t->tls_store;
  if (!*store) {
    *store = calloc(1, tls_len);
    memcpy(*store, tls_init, tls_init_len);
  }
  return *store;
}

static rt_thread_t *tls_owner; /* whose thread-local variables are in place */

void *rt_priv_addr(rt_rank_t *r, const void *p)
{
  const char *c = p;
  if (tls_len && c >= tls_block && c < tls_block + tls_len) {
    /* the rank's thread that ran last, or its main thread when that one has its own area */
    rt_thread_t *t = r->running && !r->running->tp ? r->running : &r->main;
    return t == tls_owner ? (void *)p : tls_of(t) + (c - tls_block);
  }
  if (r == owner)
    return (void *)p;
  if (!seg_len || c < seg_start || c >= seg_start + seg_len)
    return (void *)p;
  size_t off = (size_t)(c - seg_start);
  if (remap_fd >= 0) {
    if (!started[r->id])
      start_copy(r);
    return shadow + map_len * (size_t)r->id + off;
  }
  if (!r->priv_store) {
    r->priv_store = malloc(seg_len);
    memcpy(r->priv_store, pristine, seg_len);
  }
  return (char *)r->priv_store + off;
}

void rt_priv_tls_switch(rt_thread_t *to)
{
  if (!tls_len || to == tls_owner)
    return;
  if (!tls_owner) /* the first switch: what is in place is rank 0's main thread's */
    tls_owner = &rt_ranks[0].main;
  char *out = tls_of(tls_owner), *in = tls_of(to);
  if (in != out) {
    memcpy(out, tls_block, tls_len);
    memcpy(tls_block, in, tls_len);
  }
  tls_owner = to;
}

void rt_priv_switch(rt_rank_t *to)
{
  if (to == owner)
    return;
  if (remap_fd >= 0) {
    remap_to(to);
  } else if (seg_len) {
    if (owner) {
      if (!owner->priv_store)
        owner->priv_store = malloc(seg_len);
      memcpy(owner->priv_store, seg_start, seg_len);
    }
    memcpy(seg_start, to->priv_store ? to->priv_store : pristine, seg_len);
  }
  owner = to;
}

/* The program's (pre)init_array, as libc runs them for a process. */
static void run_array(ElfW(Sxword) tag, ElfW(Sxword) size_tag, int argc, char **argv, char **envp)
{
  uintptr_t at = 0;
  size_t bytes = 0;
  for (const ElfW(Dyn) *d = prog_dynamic; d && d->d_tag != DT_NULL; d++) {
    if (d->d_tag == tag)
      at = prog_base + d->d_un.d_ptr;
    else if (d->d_tag == size_tag)
      bytes = d->d_un.d_val;
  }
  typedef void (*init_fn)(int, char **, char **);
  init_fn *fns = (init_fn *)at;
  for (size_t i = 0; at && i < bytes / sizeof *fns; i++)
    fns[i](argc, argv, envp);
}

int rt_priv_construct(rt_rank_t *r, int argc, char **argv, char **envp)
{
  if (r->id == 0 || !prog_dynamic)
    return 0;
  run_array(DT_PREINIT_ARRAY, DT_PREINIT_ARRAYSZ, argc, argv, envp);
  run_array(DT_INIT_ARRAY, DT_INIT_ARRAYSZ, argc, argv, envp);
  return 1;
}
