/* The names gfortran's omp_lib module and omp_lib.h call: the C routine's name with an
 * underscore, arguments by reference; the module picks the _8_ forms for integer(8) and
 * logical(8) arguments (values beyond an int are clamped). An integer(4) lock variable holds
 * the lock itself, and so does an integer(8) nest lock (simpi's nest lock needs 8 bytes).
 * Logical results are 0 or 1. */
#include "omprt.h"
#include <limits.h>
#include <omp.h>
#include <stdint.h>

static int clamp(int64_t x) { return x > INT_MAX ? INT_MAX : x < INT_MIN ? INT_MIN : (int)x; }

#define GET(NAME)                                                                                                      \
  EXPORT int32_t NAME##_(void) { return NAME(); }
#define SET(NAME)                                                                                                      \
  EXPORT void NAME##_(const int32_t *x) { NAME(*x); }                                                                  \
  EXPORT void NAME##_8_(const int64_t *x) { NAME(clamp(*x)); }
#define QUERY(NAME)                                                                                                    \
  EXPORT int32_t NAME##_(const int32_t *x) { return NAME(*x); }                                                        \
  EXPORT int32_t NAME##_8_(const int64_t *x) { return NAME(clamp(*x)); }
#define LOGICAL(NAME)                                                                                                  \
  EXPORT int32_t NAME##_(void) { return NAME() != 0; }
#define SET_LOGICAL(NAME)                                                                                              \
  EXPORT void NAME##_(const int32_t *x) { NAME(*x != 0); }                                                             \
  EXPORT void NAME##_8_(const int64_t *x) { NAME(*x != 0); }

SET(omp_set_num_threads)
GET(omp_get_num_threads)
GET(omp_get_max_threads)
GET(omp_get_thread_num)
GET(omp_get_num_procs)
LOGICAL(omp_in_parallel)
SET_LOGICAL(omp_set_dynamic)
LOGICAL(omp_get_dynamic)
SET_LOGICAL(omp_set_nested)
LOGICAL(omp_get_nested)
GET(omp_get_thread_limit)
SET(omp_set_max_active_levels)
GET(omp_get_max_active_levels)
GET(omp_get_supported_active_levels)
GET(omp_get_level)
GET(omp_get_active_level)
QUERY(omp_get_ancestor_thread_num)
QUERY(omp_get_team_size)
LOGICAL(omp_in_final)
LOGICAL(omp_get_cancellation)
GET(omp_get_num_places)
QUERY(omp_get_place_num_procs)
GET(omp_get_place_num)
GET(omp_get_partition_num_places)
SET(omp_set_default_device)
GET(omp_get_default_device)
GET(omp_get_num_devices)
GET(omp_get_device_num)
GET(omp_get_num_teams)
GET(omp_get_team_num)
LOGICAL(omp_is_initial_device)
GET(omp_get_initial_device)
GET(omp_get_max_task_priority)
SET(omp_set_num_teams)
GET(omp_get_max_teams)
SET(omp_set_teams_thread_limit)
GET(omp_get_teams_thread_limit)

EXPORT int32_t omp_get_proc_bind_(void) { return (int32_t)omp_get_proc_bind(); }
EXPORT void omp_get_place_proc_ids_(const int32_t *place, int32_t *ids) { omp_get_place_proc_ids(*place, ids); }
EXPORT void omp_get_place_proc_ids_8_(const int64_t *place, int64_t *ids)
{
  (void)place;
  (void)ids; /* no places: nothing to write */
}
EXPORT void omp_get_partition_place_nums_(int32_t *nums) { omp_get_partition_place_nums(nums); }
EXPORT void omp_get_partition_place_nums_8_(int64_t *nums) { (void)nums; }

EXPORT double omp_get_wtime_(void) { return omp_get_wtime(); }
EXPORT double omp_get_wtick_(void) { return omp_get_wtick(); }

EXPORT void omp_set_schedule_(const int32_t *kind, const int32_t *chunk)
{
  omp_set_schedule((omp_sched_t)*kind, *chunk);
}
EXPORT void omp_set_schedule_8_(const int32_t *kind, const int64_t *chunk)
{
  omp_set_schedule((omp_sched_t)*kind, clamp(*chunk));
}
EXPORT void omp_get_schedule_(int32_t *kind, int32_t *chunk)
{
  omp_sched_t k;
  int c;
  omp_get_schedule(&k, &c);
  *kind = (int32_t)k & ~(int32_t)omp_sched_monotonic;
  *chunk = c;
}
EXPORT void omp_get_schedule_8_(int32_t *kind, int64_t *chunk)
{
  int32_t c;
  omp_get_schedule_(kind, &c);
  *chunk = c;
}

/* Locks: the Fortran variable is the lock. */
EXPORT void omp_init_lock_(int32_t *l) { omp_init_lock((omp_lock_t *)l); }
EXPORT void omp_init_lock_with_hint_(int32_t *l, const int32_t *hint)
{
  (void)hint;
  omp_init_lock((omp_lock_t *)l);
}
EXPORT void omp_destroy_lock_(int32_t *l) { omp_destroy_lock((omp_lock_t *)l); }
EXPORT void omp_set_lock_(int32_t *l) { omp_set_lock((omp_lock_t *)l); }
EXPORT void omp_unset_lock_(int32_t *l) { omp_unset_lock((omp_lock_t *)l); }
EXPORT int32_t omp_test_lock_(int32_t *l) { return omp_test_lock((omp_lock_t *)l) != 0; }
EXPORT void omp_init_nest_lock_(int64_t *l) { omp_init_nest_lock((omp_nest_lock_t *)l); }
EXPORT void omp_init_nest_lock_with_hint_(int64_t *l, const int32_t *hint)
{
  (void)hint;
  omp_init_nest_lock((omp_nest_lock_t *)l);
}
EXPORT void omp_destroy_nest_lock_(int64_t *l) { omp_destroy_nest_lock((omp_nest_lock_t *)l); }
EXPORT void omp_set_nest_lock_(int64_t *l) { omp_set_nest_lock((omp_nest_lock_t *)l); }
EXPORT void omp_unset_nest_lock_(int64_t *l) { omp_unset_nest_lock((omp_nest_lock_t *)l); }
EXPORT int32_t omp_test_nest_lock_(int64_t *l) { return omp_test_nest_lock((omp_nest_lock_t *)l); }

/* Allocators */
EXPORT intptr_t omp_init_allocator_(const intptr_t *space, const int32_t *ntraits, const omp_alloctrait_t *traits)
{
  return (intptr_t)omp_init_allocator((omp_memspace_handle_t)*space, *ntraits, traits);
}
EXPORT intptr_t omp_init_allocator_8_(const intptr_t *space, const int64_t *ntraits, const omp_alloctrait_t *traits)
{
  return (intptr_t)omp_init_allocator((omp_memspace_handle_t)*space, clamp(*ntraits), traits);
}
EXPORT void omp_destroy_allocator_(const intptr_t *a) { omp_destroy_allocator((omp_allocator_handle_t)*a); }
EXPORT void omp_set_default_allocator_(const intptr_t *a) { omp_set_default_allocator((omp_allocator_handle_t)*a); }
EXPORT intptr_t omp_get_default_allocator_(void) { return (intptr_t)omp_get_default_allocator(); }
