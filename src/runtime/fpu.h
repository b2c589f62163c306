/* The processor's floating-point exception flags, read and given back cheaply.
 * On x86-64, float and double arithmetic raise them in the SSE unit's MXCSR
 * (which also holds the rounding mode and the exception masks: one register,
 * read in about 7 ns, written in 1), long double arithmetic in the x87 unit's
 * status word (read in about 7 ns, written through its whole environment),
 * beside which the x87 control word holds that unit's rounding mode (the one
 * fegetround and printf read). Elsewhere the SSE pair goes through fenv.h and
 * the x87 pair does nothing. */
#ifndef SIMPI_FPU_H
#define SIMPI_FPU_H
#include <fenv.h>

/* a bit no MXCSR (nor fenv.h's flags) has: marks a state kept in a thread's fp_sse (burst.c) */
#define FPU_KEPT 0x80000000u

#if defined(__x86_64__)
#define FPU_SSE_FLAGS 0x3fu /* MXCSR's flags; the rest is control (rounding, masks, FTZ, DAZ) */
static inline unsigned fpu_sse_get(void) { return __builtin_ia32_stmxcsr(); }
static inline void fpu_sse_set(unsigned mxcsr) { __builtin_ia32_ldmxcsr(mxcsr); }
#define FPU_X87_FLAGS 0x3fu /* invalid, denormal, divide by zero, overflow, underflow, inexact */
/* the x87 state a thread owns: its control word (rounding mode, precision, masks) and flags */
static inline unsigned fpu_x87_get(void)
{
  unsigned short sw, cw;
  __asm__ volatile("fnstsw %0" : "=a"(sw));
  __asm__ volatile("fnstcw %0" : "=m"(cw));
  return (unsigned)cw << 16 | (sw & FPU_X87_FLAGS);
}
static inline void fpu_x87_set(unsigned state)
{
  struct {
    unsigned short cw, pad1, sw, pad2;
    unsigned rest[5];
  } env;
  __asm__ volatile("fnstenv %0" : "=m"(env));
  env.cw = (unsigned short)(state >> 16);
  env.sw = (unsigned short)((env.sw & ~FPU_X87_FLAGS) | (state & FPU_X87_FLAGS));
  __asm__ volatile("fldenv %0" : : "m"(env));
}
#else
#define FPU_SSE_FLAGS ((unsigned)FE_ALL_EXCEPT)
#define FPU_X87_FLAGS 0u
static inline unsigned fpu_sse_get(void) { return (unsigned)fetestexcept(FE_ALL_EXCEPT); }
static inline void fpu_sse_set(unsigned flags)
{
  if ((unsigned)fetestexcept(FE_ALL_EXCEPT) != flags) {
    fexcept_t f = (fexcept_t)flags; /* glibc's fexcept_t holds the FE_ bits */
    fesetexceptflag(&f, FE_ALL_EXCEPT);
  }
}
static inline unsigned fpu_x87_get(void) { return 0; }
static inline void fpu_x87_set(unsigned state) { (void)state; }
#endif

/* what a new thread starts with: the current rounding modes and masks, no flag up */
static inline unsigned fpu_sse_fresh(void) { return fpu_sse_get() & ~FPU_SSE_FLAGS; }
static inline unsigned fpu_x87_fresh(void) { return fpu_x87_get() & ~FPU_X87_FLAGS; }

/* the x87 state back to `state` (fpu_x87_get) if it changed */
static inline void fpu_x87_restore(unsigned state)
{
  if (fpu_x87_get() != state)
    fpu_x87_set(state);
}
#endif
