/* For language bindings (src/fortran) over the C entry points: a binding
 * notes its own caller here just before calling in, so that reports,
 * statistics and timelines name the user's source line, not the binding's.
 * The entry point takes it (and clears it) as it starts. */
#ifndef SIMPI_BINDING_H
#define SIMPI_BINDING_H
extern void *mpi_binding_pc;
#endif
