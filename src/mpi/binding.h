/* For language bindings (src/fortran) over the C entry points: a binding
 * notes its own caller here just before calling in, so that reports,
 * statistics and timelines name the user's source line, not the binding's.
 * The entry point takes it (and clears it) as it starts. */
#ifndef SIMPI_BINDING_H
#define SIMPI_BINDING_H
extern void *mpi_binding_pc;

/* Attribute values across languages (MPI 4.0 19.3.7): a Fortran binding sets
 * this just before an attribute set or get call, and the call takes it (and
 * clears it) as it starts. A value set from Fortran is an integer: a C reader
 * gets a pointer to it; a Fortran reader gets the integer, and of a value C
 * set, the pointer itself. */
extern int mpi_binding_fortran_attr;
#endif
