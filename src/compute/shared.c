/* Shared memory (SMPI_SHARED_MALLOC and friends) and memoised calls
 * (SMPI_SHARED_CALL). Every caller of one SMPI_SHARED_MALLOC line (with one
 * size) gets the same block: one mapping and one set of page-table entries
 * for all ranks. smpi/shared-malloc:local backs it with real pages: the data
 * is shared. global (the default, as in SMPI) folds it onto one small block
 * mapped over and over: the contents are meaningless but the memory is
 * almost free; an allocation never takes more than MAX_MAPS mappings, so the
 * block grows for very large ones. A partially shared block is private to
 * each caller but for its shared ranges. no: plain malloc. */
#define _GNU_SOURCE
#include "compute.h"
#include "../runtime/runtime.h"
#include <smpi/smpi.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <uthash.h>

#define MAX_MAPS 16

typedef struct line_file {
  const char *site;
  int fd;
  size_t size;
  UT_hash_handle hh;
} line_file_t;

typedef struct alloc {
  void *ptr;
  size_t size;
  int mapped; /* 0: malloc'ed */
  int refs;   /* callers that have not freed it yet */
  const char *site; /* whole blocks shared by a line: found again by (site, size) */
  size_t asked;
  UT_hash_handle hh;
} alloc_t;

typedef struct known_call {
  char *key;
  void *data;
  UT_hash_handle hh;
} known_call_t;

static line_file_t *lines;
static alloc_t *allocs;
static known_call_t *calls;
static int block_fd = -1;
static size_t block_size;

static size_t page(void) { return (size_t)sysconf(_SC_PAGESIZE); }
static size_t round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }

static int grow_fd(int fd, size_t *have, size_t want)
{
  if (want <= *have)
    return 0;
  if (ftruncate(fd, (off_t)want))
    return -1;
  *have = want;
  return 0;
}

/* The file behind a line (local mode), at least size bytes. */
static int line_fd(const char *site, size_t size)
{
  line_file_t *l;
  HASH_FIND_PTR(lines, &site, l);
  if (!l) {
    l = calloc(1, sizeof *l);
    l->site = site;
    l->fd = memfd_create("simpi-shared", 0);
    if (l->fd < 0)
      rt_fatal(1, "SMPI_SHARED_MALLOC: cannot create shared memory: %m");
    HASH_ADD_PTR(lines, site, l);
  }
  if (grow_fd(l->fd, &l->size, round_up(size, page())))
    rt_fatal(1, "SMPI_SHARED_MALLOC: cannot size shared memory to %zu bytes: %m", size);
  return l->fd;
}

/* The folded block (global mode), at least size bytes. */
static int fold_fd(size_t size)
{
  if (block_fd < 0 && (block_fd = memfd_create("simpi-fold", 0)) < 0)
    rt_fatal(1, "SMPI_SHARED_MALLOC: cannot create shared memory: %m");
  if (grow_fd(block_fd, &block_size, size))
    rt_fatal(1, "SMPI_SHARED_MALLOC: cannot size shared memory: %m");
  return block_fd;
}

/* Maps shared pages over [base+lo, base+hi) (page aligned). */
static void share_range(char *base, size_t lo, size_t hi, const char *site)
{
  if (hi <= lo)
    return;
  size_t len = hi - lo;
  if (rt_opts.shared_malloc == SHARED_LOCAL) {
    int fd = line_fd(site, hi);
    if (mmap(base + lo, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, (off_t)lo) == MAP_FAILED)
      rt_fatal(1, "SMPI_SHARED_MALLOC: mmap failed: %m");
    return;
  }
  size_t blk = round_up(len / MAX_MAPS + 1, page());
  if (blk < rt_opts.shared_block)
    blk = round_up(rt_opts.shared_block, page());
  int fd = fold_fd(blk);
  for (size_t off = lo; off < hi; off += blk) {
    size_t n = hi - off < blk ? hi - off : blk;
    if (mmap(base + off, n, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0) == MAP_FAILED)
      rt_fatal(1, "SMPI_SHARED_MALLOC: mmap failed: %m");
  }
}

static void *record(void *p, size_t size, int mapped, const char *site, size_t asked)
{
  alloc_t *a = calloc(1, sizeof *a);
  a->ptr = p;
  a->size = size;
  a->mapped = mapped;
  a->refs = 1;
  a->site = site;
  a->asked = asked;
  HASH_ADD_PTR(allocs, ptr, a);
  return p;
}

void *simpi_partial_shared_malloc(size_t size, const size_t *offsets, int nb_pairs, const char *site)
{
  if (rt_opts.shared_malloc == SHARED_NO || size == 0)
    return record(malloc(size ? size : 1), size, 0, NULL, size);
  size_t len = round_up(size, page());
  char *base = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (base == MAP_FAILED)
    rt_fatal(1, "SMPI_SHARED_MALLOC(%zu): out of address space: %m", size);
  for (int i = 0; i < nb_pairs; i++) {
    size_t lo = round_up(offsets[2 * i], page()), hi = offsets[2 * i + 1];
    if (hi > size)
      hi = size;
    hi = hi == size ? len : hi / page() * page(); /* only whole pages inside the range */
    share_range(base, lo, hi, site);
  }
  return record(base, len, 1, NULL, size);
}

void *simpi_shared_malloc(size_t size, const char *site)
{
  if (rt_opts.shared_malloc != SHARED_NO)
    for (alloc_t *a = allocs; a; a = a->hh.next)
      if (a->site == site && a->asked == size) {
        a->refs++;
        return a->ptr;
      }
  size_t whole[2] = {0, size};
  void *p = simpi_partial_shared_malloc(size, whole, 1, site);
  alloc_t *a;
  HASH_FIND_PTR(allocs, &p, a);
  a->site = rt_opts.shared_malloc != SHARED_NO ? site : NULL;
  return p;
}

void simpi_shared_free(void *ptr)
{
  if (!ptr)
    return;
  alloc_t *a;
  HASH_FIND_PTR(allocs, &ptr, a);
  if (!a)
    rt_fatal(1, "SMPI_SHARED_FREE(%p): not a shared allocation", ptr);
  if (--a->refs > 0)
    return;
  HASH_DEL(allocs, a);
  if (a->mapped)
    munmap(a->ptr, a->size);
  else
    free(a->ptr);
  free(a);
}

int cmp_in_shared_block(const void *p)
{
  for (alloc_t *a = allocs; a; a = a->hh.next)
    if (a->site && (const char *)p >= (const char *)a->ptr && (const char *)p < (const char *)a->ptr + a->size)
      return 1;
  return 0;
}

static char *call_key(const char *func, const char *input)
{
  size_t n = strlen(func) + strlen(input) + 2;
  char *k = malloc(n);
  strcpy(k, func);
  strcat(k, "\x1f");
  strcat(k, input);
  return k;
}

static known_call_t *find_call(const char *func, const char *input)
{
  char *k = call_key(func, input);
  known_call_t *c;
  HASH_FIND_STR(calls, k, c);
  free(k);
  return c;
}

int smpi_shared_known_call(const char *func, const char *input) { return find_call(func, input) != NULL; }

void *smpi_shared_get_call(const char *func, const char *input)
{
  known_call_t *c = find_call(func, input);
  if (!c)
    rt_fatal(1, "smpi_shared_get_call(%s, %s): no such call was made", func, input);
  return c->data;
}

void *smpi_shared_set_call(const char *func, const char *input, void *data)
{
  known_call_t *c = malloc(sizeof *c);
  c->key = call_key(func, input);
  c->data = data;
  HASH_ADD_KEYPTR(hh, calls, c->key, strlen(c->key), c);
  return data;
}
