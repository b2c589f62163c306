/* Source locations: turns a return address in the user's code into
 * "file.c:LINE (function)" with addr2line and the debug info simcc adds.
 * Only used on error and report paths. */
#define _GNU_SOURCE
#include "runtime.h"
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <string.h>

void rt_srcloc(void *pc, char *out, size_t len)
{
  out[0] = 0;
  if (!pc)
    return;
  Dl_info info;
  if (!dladdr(pc, &info) || !info.dli_fname)
    return;
  uintptr_t addr = (uintptr_t)pc - 1; /* inside the call instruction */
  const ElfW(Ehdr) *eh = info.dli_fbase;
  if (eh->e_type == ET_DYN)
    addr -= (uintptr_t)info.dli_fbase;
  const char *file = info.dli_fname;
  if (!file[0] || !strchr(file, '/'))
    file = "/proc/self/exe";
  char cmd[1200];
  snprintf(cmd, sizeof cmd, "addr2line -f -s -e '%s' 0x%lx 2>/dev/null", file, (unsigned long)addr);
  FILE *p = popen(cmd, "r");
  if (!p)
    return;
  char fn[256] = "", loc[512] = "";
  if (fgets(fn, sizeof fn, p) && fgets(loc, sizeof loc, p)) {
    fn[strcspn(fn, "\n")] = 0;
    loc[strcspn(loc, "\n ")] = 0;
    if (strncmp(loc, "??", 2) != 0)
      snprintf(out, len, "%s (%s)", loc, fn);
    else if (info.dli_sname)
      snprintf(out, len, "%s+0x%lx", info.dli_sname, (unsigned long)((uintptr_t)pc - (uintptr_t)info.dli_saddr));
  }
  pclose(p);
}
