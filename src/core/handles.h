/* Handle tables: MPI handles are integers whose high byte is the object
 * kind and whose low bits index a table of objects. Fixed (predefined)
 * handles sit below `first`; the rest are allocated from a free list. */
#ifndef SIMPI_HANDLES_H
#define SIMPI_HANDLES_H

typedef struct htable {
  unsigned kind; /* the handle's high byte */
  int first;     /* lowest index handed out */
  void **objs;
  int cap, *free_idx, nfree;
} htable_t;

#define HTABLE(kind, first) {(kind), (first), 0, 0, 0, 0}

int ht_add(htable_t *t, void *obj);
/* NULL if h is not a live handle of this table. */
void *ht_get(const htable_t *t, int h);
void ht_remove(htable_t *t, int h);
/* Puts obj at a fixed index (predefined objects). */
void ht_set(htable_t *t, int idx, void *obj);
#endif
