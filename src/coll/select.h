/* Collective algorithm selection: --cfg=smpi/coll-selector:NAME and
 * --cfg=smpi/COLL:ALGO, and the tables that choose an algorithm by
 * communicator and message size. */
#ifndef SIMPI_COLL_SELECT_H
#define SIMPI_COLL_SELECT_H
#include <stddef.h>
#include <stdio.h>
#include "coll.h"
/* 1 if key is a collective option and val is valid; -1 if val is not (err
 * then says why, listing the valid values); 0 if key is not ours. */
int coll_set_option(const char *key, const char *val, char *err, size_t errlen);
/* The algorithm for this call (sets k->seg); never NULL. */
const coll_algo_t *coll_select(enum coll_id id, coll_t *k, const coll_args_t *a);
/* simrun --help-coll: collectives, algorithms, selectors and their rules. */
void coll_help(FILE *out);
#endif
