/* Attributes on communicators, datatypes and windows: keyvals with copy and
 * delete callbacks, and each object's list of (keyval, value). */
#ifndef SIMPI_ATTR_H
#define SIMPI_ATTR_H
#include "../core/comm.h"
#include "../core/datatype.h"

typedef struct attr {
  int keyval;
  int fortran; /* set from Fortran: val holds the integer itself */
  void *val;
  struct attr *next;
} attr_t;

/* Copies the attributes of old onto new (Comm_dup): the copy callbacks decide. */
int attr_copy_all(rt_comm_t *old, rt_comm_t *new_);
/* Deletes every attribute (Comm_free), calling the delete callbacks. */
int attr_delete_all(rt_comm_t *c);
/* The same for a datatype (Type_dup, Type_free); h: the handle the callbacks get. */
int attr_type_copy_all(dt_t *old, MPI_Datatype h, dt_t *new_);
int attr_type_delete_all(dt_t *t, MPI_Datatype h);
/* The same for a window (Win_free). */
struct rt_win;
int attr_win_delete_all(struct rt_win *w);
#endif
