/* Privatization of globals: the program's writable data (its .data and .bss,
 * past the read-only-after-relocation part) is private to each rank. When
 * the running rank changes, a small segment is copied out and in; a large
 * one (arrays) is remapped instead: every rank's copy lives at its own
 * offset of one memory file, and a single mmap puts the right copy in place.
 * Either way a rank costs a copy of the data only, never of the code, and no
 * mapping of its own. rt_priv_addr finds where another rank's global really
 * is, for the transfers that one rank performs into another's buffer. */
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
static void *pristine;   /* the image at start-up, before any rank ran */
static rt_rank_t *owner; /* whose globals are in the segment now */
static int remap_fd = -1;
static unsigned char *started; /* remap mode: rank's copy initialised */
static char *shadow;           /* remap mode: every rank's copy, side by side */

static int find_segment(struct dl_phdr_info *info, size_t size, void *data)
{
  (void)size;
  (void)data;
  /* the first object is the program itself */
  uintptr_t lo = 0, hi = 0, relro_end = 0;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *p = &info->dlpi_phdr[i];
    if (p->p_type == PT_LOAD && (p->p_flags & PF_W)) {
      lo = info->dlpi_addr + p->p_vaddr;
      hi = lo + p->p_memsz;
    }
    if (p->p_type == PT_GNU_RELRO)
      relro_end = info->dlpi_addr + p->p_vaddr + p->p_memsz;
  }
  if (relro_end > lo && relro_end < hi)
    lo = relro_end;
  seg_start = (char *)lo;
  seg_len = hi - lo;
  return 1;
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
}

void rt_priv_init(void)
{
  dl_iterate_phdr(find_segment, NULL);
  if (!seg_len)
    return;
  pristine = malloc(seg_len);
  memcpy(pristine, seg_start, seg_len);
  owner = NULL;
  if (seg_len > REMAP_THRESHOLD)
    init_remap();
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

void *rt_priv_addr(rt_rank_t *r, const void *p)
{
  const char *c = p;
  if (!seg_len || c < seg_start || c >= seg_start + seg_len || r == owner)
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

void rt_priv_switch(rt_rank_t *to)
{
  if (to == owner || !seg_len)
    return;
  if (remap_fd >= 0) {
    remap_to(to);
  } else {
    if (owner) {
      if (!owner->priv_store)
        owner->priv_store = malloc(seg_len);
      memcpy(owner->priv_store, seg_start, seg_len);
    }
    memcpy(seg_start, to->priv_store ? to->priv_store : pristine, seg_len);
  }
  owner = to;
}
