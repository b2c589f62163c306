/* gfortran's clocks in simulated time: simfort links programs with --wrap
 * for the libgfortran entry points of SYSTEM_CLOCK, CPU_TIME and
 * DATE_AND_TIME, so that they read the clocks C's clock_gettime reads under
 * simpi (outside a rank, the real ones): SYSTEM_CLOCK the simulated time
 * (the monotonic clock), DATE_AND_TIME the date the run started plus the
 * simulated time, CPU_TIME the rank's own computation, as C's clock().
 * Reading a clock injects the computation so far. */
#define _GNU_SOURCE
#include "fortran.h"
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* libsimpi's simulated clock_gettime (src/compute/clock.c) */
extern int __wrap_clock_gettime(clockid_t clk, struct timespec *ts);

static double now(clockid_t clk)
{
  struct timespec ts;
  __wrap_clock_gettime(clk, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* gfortran's rates: milliseconds for default integers, nanoseconds for integer(8) */
FT_API void __wrap__gfortran_system_clock_4(int32_t *count, int32_t *rate, int32_t *max)
{
  if (count)
    *count = (int32_t)((int64_t)(now(CLOCK_MONOTONIC) * 1e3) % ((int64_t)INT32_MAX + 1)); /* wraps past count_max */
  if (rate)
    *rate = 1000;
  if (max)
    *max = INT32_MAX;
}

FT_API void __wrap__gfortran_system_clock_8(int64_t *count, int64_t *rate, int64_t *max)
{
  if (count)
    *count = (int64_t)(now(CLOCK_MONOTONIC) * 1e9);
  if (rate)
    *rate = 1000000000;
  if (max)
    *max = INT64_MAX;
}

FT_API void __wrap__gfortran_cpu_time_4(float *t) { *t = (float)now(CLOCK_PROCESS_CPUTIME_ID); }
FT_API void __wrap__gfortran_cpu_time_8(double *t) { *t = now(CLOCK_PROCESS_CPUTIME_ID); }

/* gfortran's descriptor of a rank-1 array (GCC 8 and later) */
typedef struct {
  char *base;
  size_t offset;
  struct {
    size_t elem_len;
    int version;
    signed char rank, type;
    short attribute;
  } dtype;
  ptrdiff_t span;
  struct {
    ptrdiff_t stride, lbound, ubound;
  } dim[1];
} ft_array1_t;

static void put_str(char *f, size_t len, const char *s)
{
  if (f)
    ft_str_out(f, len, s);
}

FT_API void __wrap__gfortran_date_and_time(char *date, char *time_, char *zone, ft_array1_t *values, size_t date_len,
                                           size_t time_len, size_t zone_len)
{
  struct timespec ts;
  __wrap_clock_gettime(CLOCK_REALTIME, &ts);
  time_t sec = ts.tv_sec;
  double t = (double)sec + 1e-9 * (double)ts.tv_nsec;
  int ms = (int)((t - (double)sec) * 1e3);
  struct tm tm;
  localtime_r(&sec, &tm);
  int off = (int)(tm.tm_gmtoff / 60);
  char buf[32];
  snprintf(buf, sizeof buf, "%04d%02d%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
  put_str(date, date_len, buf);
  snprintf(buf, sizeof buf, "%02d%02d%02d.%03d", tm.tm_hour, tm.tm_min, tm.tm_sec, ms);
  put_str(time_, time_len, buf);
  snprintf(buf, sizeof buf, "%c%02d%02d", off < 0 ? '-' : '+', (off < 0 ? -off : off) / 60, (off < 0 ? -off : off) % 60);
  put_str(zone, zone_len, buf);
  if (values && values->base) {
    int64_t v[8] = {tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, off, tm.tm_hour, tm.tm_min, tm.tm_sec, ms};
    ptrdiff_t n = values->dim[0].ubound - values->dim[0].lbound + 1;
    size_t size = values->dtype.elem_len;
    for (ptrdiff_t i = 0; i < n && i < 8; i++) {
      char *p = values->base + (size_t)(i * values->dim[0].stride) * size;
      if (size == 8)
        memcpy(p, &v[i], 8);
      else {
        int32_t w = (int32_t)v[i];
        memcpy(p, &w, 4);
      }
    }
  }
}
