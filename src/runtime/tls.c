/* Thread pointers of the threads a rank starts. The ranks' main threads share the process's
 * thread (their program thread-locals are swapped by privatize.c), but a thread started in a
 * rank gets thread-local storage of its own at its own address, as a real thread does: an
 * OpenMP copyin or copyprivate reads the master's threadprivate variables through their
 * address while the worker's own are in place. Its area is a copy of the process thread's
 * static TLS and thread control block (glibc's x86_64 layout: the blocks below the thread
 * pointer, struct pthread at it), with the self pointers, the module vector (rebased into the
 * copy) and the program's own block (its initial image) made its own, and the thread pointer
 * (the fs base) is switched with the thread. So errno, pthread_self, C++ exception state and
 * the program's thread-locals are each thread's. SimGrid's thread-locals stay the process's:
 * their module slot keeps pointing at the process thread's block. */
#define _GNU_SOURCE
#include "runtime.h"
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <asm/prctl.h>

#ifndef HWCAP2_FSGSBASE
#define HWCAP2_FSGSBASE (1 << 1)
#endif

typedef union dtv {
  size_t counter;
  struct {
    void *val;
    void *to_free;
  } pointer;
} dtv_t;

/* glibc's tcbhead_t begins struct pthread: the fields used here */
typedef struct tcbhead {
  void *tcb;
  dtv_t *dtv;
  void *self;
} tcbhead_t;

static char *os_tp;          /* the process thread's thread pointer */
static size_t below, above;  /* bytes of its area below the pointer (TLS blocks) and above (struct pthread) */
static size_t area_align;
static int fsgsbase;
static char *current_tp;
static size_t keep_modid[4]; /* modules whose thread-locals stay the process's (SimGrid) */
static int nkeep;
static char *prog_block;     /* the program's block in the process thread, its image */
static const void *prog_image;
static size_t prog_filesz, prog_memsz;
static int ready = -1;

static int find_modules(struct dl_phdr_info *info, size_t size, void *data)
{
  (void)size;
  int *first = data;
  if (!info->dlpi_tls_modid)
    goto next;
  if (*first) { /* the program itself */
    for (int i = 0; i < info->dlpi_phnum; i++)
      if (info->dlpi_phdr[i].p_type == PT_TLS && info->dlpi_tls_data) {
        prog_block = info->dlpi_tls_data;
        prog_image = (const void *)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
        prog_filesz = info->dlpi_phdr[i].p_filesz;
        prog_memsz = info->dlpi_phdr[i].p_memsz;
      }
  }
  if (info->dlpi_name && strstr(info->dlpi_name, "libsimgrid") && nkeep < 4)
    keep_modid[nkeep++] = info->dlpi_tls_modid;
next:
  *first = 0;
  return 0;
}

static int init(void)
{
  void (*info)(size_t *, size_t *) = (void (*)(size_t *, size_t *))dlsym(RTLD_DEFAULT, "_dl_get_tls_static_info");
  const unsigned *tcb_size = dlsym(RTLD_DEFAULT, "_thread_db_sizeof_pthread");
  if (!info || !tcb_size)
    return 0;
  size_t total, align;
  info(&total, &align);
  os_tp = current_tp = __builtin_thread_pointer();
  above = *tcb_size;
  if (above > total)
    return 0;
  below = total - above;
  area_align = align > 64 ? align : 64;
  fsgsbase = (getauxval(AT_HWCAP2) & HWCAP2_FSGSBASE) != 0;
  int first = 1;
  dl_iterate_phdr(find_modules, &first);
  return 1;
}

int rt_tls_available(void)
{
  if (ready < 0)
    ready = init();
  return ready;
}

void *rt_tls_new(void)
{
  if (!rt_tls_available())
    return NULL;
  size_t before = (below + area_align - 1) / area_align * area_align;
  char *mem = aligned_alloc(area_align, before + above + area_align);
  if (!mem)
    return NULL;
  char *tp = mem + before;
  memcpy(tp - below, os_tp - below, below + above);
  tcbhead_t *head = (tcbhead_t *)tp, *os_head = (tcbhead_t *)os_tp;
  head->tcb = tp;
  head->self = tp;
  /* the module vector: dtv[-1] holds its length, dtv[0] the generation */
  dtv_t *od = os_head->dtv;
  size_t n = od[-1].counter;
  dtv_t *d = calloc(n + 2, sizeof *d);
  if (!d) {
    free(mem);
    return NULL;
  }
  memcpy(d, od - 1, (n + 2) * sizeof *d);
  d++;
  for (size_t i = 1; i <= n; i++) {
    char *v = d[i].pointer.val;
    int keep = 0;
    for (int k = 0; k < nkeep; k++)
      keep |= keep_modid[k] == i;
    if (!keep && v >= os_tp - below && v < os_tp)
      d[i].pointer.val = tp + (v - os_tp);
    d[i].pointer.to_free = NULL;
  }
  head->dtv = d;
  if (prog_block) { /* a new thread's thread-locals start from the program's image */
    char *b = tp + (prog_block - os_tp);
    memcpy(b, prog_image, prog_filesz);
    memset(b + prog_filesz, 0, prog_memsz - prog_filesz);
  }
  return tp;
}

void rt_tls_free(void *tp)
{
  if (!tp)
    return;
  tcbhead_t *head = tp;
  free(head->dtv - 1);
  size_t before = (below + area_align - 1) / area_align * area_align;
  free((char *)tp - before);
}

void rt_tls_set(void *tp)
{
  char *want = tp ? tp : os_tp;
  if (!want || want == current_tp)
    return;
  if (fsgsbase)
    __asm__ volatile("wrfsbase %0" ::"r"(want) : "memory");
  else
    syscall(SYS_arch_prctl, ARCH_SET_FS, want);
  current_tp = want;
}
