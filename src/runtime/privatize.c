/* Privatization of globals: the program's writable data (its .data and .bss,
 * past the read-only-after-relocation part) is swapped in and out when the
 * running rank changes. Each rank keeps only a copy of that data, never of
 * the code, and no mapping of its own. */
#define _GNU_SOURCE
#include "runtime.h"
#include <elf.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>

static char *seg_start;
static size_t seg_len;
static void *pristine;       /* the image at start-up, before any rank ran */
static rt_rank_t *owner;     /* whose globals are in the segment now */

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

void rt_priv_init(void)
{
  dl_iterate_phdr(find_segment, NULL);
  if (!seg_len)
    return;
  pristine = malloc(seg_len);
  memcpy(pristine, seg_start, seg_len);
  owner = NULL;
}

void rt_priv_switch(rt_rank_t *to)
{
  if (to == owner || !seg_len)
    return;
  if (owner) {
    if (!owner->priv_store)
      owner->priv_store = malloc(seg_len);
    memcpy(owner->priv_store, seg_start, seg_len);
  }
  memcpy(seg_start, to->priv_store ? to->priv_store : pristine, seg_len);
  owner = to;
}
