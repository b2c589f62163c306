/* simpi's crash reports in Fortran programs: gfortran's main calls
 * _gfortran_set_options, which installs libgfortran's own handlers for the
 * crash signals (its backtrace) over simpi's, so a crash printed gfortran's
 * backtrace and no rank, call or line. simfort links programs with --wrap for
 * it: the options are set, and simpi's handlers of those signals are put back. */
#define _GNU_SOURCE
#include "fortran.h"
#include <dlfcn.h>
#include <signal.h>

FT_API void __wrap__gfortran_set_options(int num, const int options[])
{
  static const int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}; /* src/runtime/report.c's */
  struct sigaction saved[sizeof sigs / sizeof *sigs];
  for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
    sigaction(sigs[i], NULL, &saved[i]);
  void (*real)(int, const int[]) = (void (*)(int, const int[]))dlsym(RTLD_NEXT, "_gfortran_set_options");
  if (real)
    real(num, options);
  for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
    sigaction(sigs[i], &saved[i], NULL);
}
