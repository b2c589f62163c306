/* Info objects: ordered (key, value) lists behind MPI_Info handles. */
#ifndef SIMPI_INFO_H
#define SIMPI_INFO_H
#include <mpi.h>
#include <stddef.h>
/* A new handle with the same contents (MPI_INFO_NULL stays null). */
MPI_Info info_dup(MPI_Info h);
int info_valid(MPI_Info h); /* MPI_INFO_NULL or a live info */
/* What a get_info call returns for an object holding h: a new info with h's values of the keys
 * in known (NULL-terminated; "key=value" gives a default), the hints in effect; other keys are
 * ignored, as MPICH does. */
MPI_Info info_used(MPI_Info h, const char *const *known);
void info_release(MPI_Info h); /* frees an object's own copy */
/* 1 and key's value in out (cut to len - 1 characters) if h has key, else 0. */
int info_value(MPI_Info h, const char *key, char *out, size_t len);
/* Sets key to val in h (not MPI_INFO_NULL or MPI_INFO_ENV: nothing then). */
void info_put(MPI_Info h, const char *key, const char *val);
#endif
