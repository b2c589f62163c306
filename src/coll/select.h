/* Collective algorithm selection: --cfg=smpi/coll-selector:NAME and
 * --cfg=smpi/COLL:ALGO, and the tables that choose an algorithm by
 * communicator and message size. */
#ifndef SIMPI_COLL_SELECT_H
#define SIMPI_COLL_SELECT_H
/* 1 if key is a collective option and val is valid, -1 if val is not, 0 if key is not ours. */
int coll_set_option(const char *key, const char *val);
#endif
