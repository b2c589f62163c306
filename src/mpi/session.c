/* MPI 4.0 sessions, enough for the world model: Session_init/finalize, the process sets
 * mpi://WORLD and mpi://SELF (the groups of MPI_COMM_WORLD and MPI_COMM_SELF), their info,
 * Group_from_session_pset, Comm_create_from_group, session error handlers and Session_get_info.
 * MPI runs on a rank from the first of MPI_Init and MPI_Session_init to the last of
 * MPI_Finalize and MPI_Session_finalize (env.c); a program may use sessions alone. */
#include "comm_make.h"
#include "info.h"
#include "../core/handles.h"
#include "../action/action.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct session {
  int owner;  /* world rank */
  int errh;
  MPI_Info info; /* what Session_init was given (its thread_level) */
} session_t;

static htable_t sessions = HTABLE(SIMPI_KIND_SESSION, 1); /* index 0 is MPI_SESSION_NULL */

static const char *const psets[] = {"mpi://WORLD", "mpi://SELF"};
#define NPSETS 2

/* The calling rank's session h, or NULL. */
static session_t *session_get(const rt_rank_t *self, MPI_Session h)
{
  session_t *s = ht_get(&sessions, h);
  return s && s->owner == self->id ? s : NULL;
}

#define CHECK_SESSION(h, s)                                                                                            \
  session_t *s = session_get(self, h);                                                                                 \
  CHECK(s, MPI_COMM_WORLD, MPI_ERR_SESSION, "invalid session (0x%x)", (unsigned)(h))
/* An error in a call on valid session s goes to s's handler. */
#define CHECK_S(cond, s, h, cls, ...)                                                                                  \
  do {                                                                                                                 \
    if (!(cond)) {                                                                                                     \
      int e_ = mpi_error_errh(self, (s)->errh, h, cls, __VA_ARGS__);                                                   \
      mpi_leave(self);                                                                                                 \
      return e_;                                                                                                       \
    }                                                                                                                  \
  } while (0)

/* The index of process set name (case does not matter), -1 if none. */
static int pset_index(const char *name)
{
  for (int i = 0; name && i < NPSETS; i++)
    if (!strcasecmp(name, psets[i]))
      return i;
  return -1;
}

int PMPI_Session_init(MPI_Info info, MPI_Errhandler errhandler, MPI_Session *session)
{
  MPI_ENTER_ANY("MPI_Session_init");
  CHECK(session, MPI_COMM_WORLD, MPI_ERR_ARG, "session is NULL");
  CHECK(info_valid(info), MPI_COMM_WORLD, MPI_ERR_INFO, "invalid info object (0x%x)", (unsigned)info);
  CHECK(mpi_errh_valid(errhandler), MPI_COMM_WORLD, MPI_ERR_ARG, "invalid error handler (0x%x)",
        (unsigned)errhandler);
  CHECK(!self->mpi_ended, MPI_COMM_WORLD, MPI_ERR_OTHER,
        "MPI already ended on this rank (MPI_Finalize or the last MPI_Session_finalize): simpi does not start it "
        "again");
  session_t *s = malloc(sizeof *s);
  CHECK(s, MPI_COMM_WORLD, MPI_ERR_NO_MEM, "out of memory for a session");
  *s = (session_t){self->id, errhandler, info_dup(info)};
  mpi_start(self);
  self->sessions++;
  *session = ht_add(&sessions, s);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Session_finalize(MPI_Session *session)
{
  MPI_ENTER("MPI_Session_finalize");
  CHECK(session, MPI_COMM_WORLD, MPI_ERR_ARG, "session is NULL");
  CHECK_SESSION(*session, s);
  ht_remove(&sessions, *session);
  info_release(s->info);
  free(s);
  *session = MPI_SESSION_NULL;
  self->sessions--;
  mpi_end_if_last(self);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Session_get_num_psets(MPI_Session session, MPI_Info info, int *npset_names)
{
  MPI_ENTER("MPI_Session_get_num_psets");
  CHECK_SESSION(session, s);
  CHECK_S(npset_names, s, session, MPI_ERR_ARG, "npset_names is NULL");
  (void)info; /* no query narrows the sets */
  *npset_names = NPSETS;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Session_get_nth_pset(MPI_Session session, MPI_Info info, int n, int *pset_len, char *pset_name)
{
  MPI_ENTER("MPI_Session_get_nth_pset");
  CHECK_SESSION(session, s);
  (void)info;
  CHECK_S(n >= 0 && n < NPSETS, s, session, MPI_ERR_ARG, "n is %d: there are %d process sets", n, NPSETS);
  CHECK_S(pset_len && *pset_len >= 0, s, session, MPI_ERR_ARG, "pset_len is NULL or negative");
  int len = (int)strlen(psets[n]) + 1;
  if (*pset_len == 0) { /* asks for the length, the terminating null included */
    *pset_len = len;
    MPI_LEAVE(MPI_SUCCESS);
  }
  CHECK_S(pset_name, s, session, MPI_ERR_ARG, "pset_name is NULL");
  snprintf(pset_name, (size_t)*pset_len, "%s", psets[n]); /* truncated to pset_len - 1 characters */
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Session_get_pset_info(MPI_Session session, const char *pset_name, MPI_Info *info)
{
  MPI_ENTER("MPI_Session_get_pset_info");
  CHECK_SESSION(session, s);
  int i = pset_index(pset_name);
  CHECK_S(i >= 0, s, session, MPI_ERR_ARG, "no process set is named '%s'", pset_name ? pset_name : "(NULL)");
  CHECK_S(info, s, session, MPI_ERR_ARG, "info is NULL");
  char size[32];
  snprintf(size, sizeof size, "mpi_size=%d", i == 0 ? rt_nranks : 1);
  *info = info_used(MPI_INFO_NULL, (const char *const[]){size, NULL});
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Session_get_info(MPI_Session session, MPI_Info *info_used_out)
{
  MPI_ENTER("MPI_Session_get_info");
  CHECK_SESSION(session, s);
  CHECK_S(info_used_out, s, session, MPI_ERR_ARG, "info_used is NULL");
  /* ranks are user-level contexts in one thread: every level is safe, MPI_THREAD_MULTIPLE unless asked */
  *info_used_out = info_used(s->info, (const char *const[]){"thread_level=MPI_THREAD_MULTIPLE", NULL});
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Group_from_session_pset(MPI_Session session, const char *pset_name, MPI_Group *newgroup)
{
  MPI_ENTER("MPI_Group_from_session_pset");
  CHECK_SESSION(session, s);
  int i = pset_index(pset_name);
  CHECK_S(i >= 0, s, session, MPI_ERR_ARG, "no process set is named '%s' (there are mpi://WORLD and mpi://SELF)",
          pset_name ? pset_name : "(NULL)");
  CHECK_S(newgroup, s, session, MPI_ERR_ARG, "newgroup is NULL");
  int n = i == 0 ? rt_nranks : 1;
  int *w = malloc(sizeof *w * (size_t)n);
  CHECK_S(w, s, session, MPI_ERR_NO_MEM, "out of memory for a group of %d", n);
  for (int r = 0; r < n; r++)
    w[r] = i == 0 ? r : self->id;
  rt_group_t *g = group_make(n, w);
  free(w);
  *newgroup = group_handle(g);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_create_from_group(MPI_Group group, const char *stringtag, MPI_Info info, MPI_Errhandler errhandler,
                                MPI_Comm *newcomm)
{
  MPI_ENTER("MPI_Comm_create_from_group");
  rt_group_t *g = group_get(group);
  CHECK(g, MPI_COMM_WORLD, MPI_ERR_GROUP, "invalid group (0x%x)", (unsigned)group);
  CHECK(stringtag, MPI_COMM_WORLD, MPI_ERR_ARG, "stringtag is NULL");
  CHECK(info_valid(info), MPI_COMM_WORLD, MPI_ERR_INFO, "invalid info object (0x%x)", (unsigned)info);
  CHECK(mpi_errh_valid(errhandler), MPI_COMM_WORLD, MPI_ERR_ARG, "invalid error handler (0x%x)",
        (unsigned)errhandler);
  CHECK(group_rank_of(g, self->id) != MPI_UNDEFINED, MPI_COMM_WORLD, MPI_ERR_GROUP,
        "the calling rank is not in the group");
  /* the members agree as for MPI_Comm_create_group on MPI_COMM_WORLD, the string being the tag */
  int err = comm_create_from(self, comm_get(MPI_COMM_WORLD), g, MADE_CREATE_GROUP, comm_string_tag(stringtag, 0),
                             newcomm);
  if (err == MPI_SUCCESS)
    comm_get(*newcomm)->errh = errhandler;
  MPI_LEAVE(err);
}

int PMPI_Session_create_errhandler(MPI_Session_errhandler_function *fn, MPI_Errhandler *errhandler)
{
  MPI_ENTER_ANY("MPI_Session_create_errhandler"); /* allowed before init (MPI 4.0, 11.2.1) */
  CHECK(fn && errhandler, MPI_COMM_WORLD, MPI_ERR_ARG, "null argument");
  *errhandler = mpi_errh_new((void (*)(int *, int *, ...))fn);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Session_set_errhandler(MPI_Session session, MPI_Errhandler errhandler)
{
  MPI_ENTER("MPI_Session_set_errhandler");
  CHECK_SESSION(session, s);
  CHECK_S(mpi_errh_valid(errhandler), s, session, MPI_ERR_ARG, "invalid error handler (0x%x)",
          (unsigned)errhandler);
  s->errh = errhandler;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Session_get_errhandler(MPI_Session session, MPI_Errhandler *errhandler)
{
  MPI_ENTER("MPI_Session_get_errhandler");
  CHECK_SESSION(session, s);
  CHECK_S(errhandler, s, session, MPI_ERR_ARG, "errhandler is NULL");
  *errhandler = s->errh;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Session_call_errhandler(MPI_Session session, int errorcode)
{
  MPI_ENTER("MPI_Session_call_errhandler");
  CHECK_SESSION(session, s);
  const char *t = mpi_error_text(errorcode);
  mpi_error_errh(self, s->errh, session, errorcode, "%s", t ? t : "error code given by the program");
  MPI_LEAVE(MPI_SUCCESS); /* the call itself succeeds once the handler has run */
}

PMPI_ALIAS(Session_init)
PMPI_ALIAS(Session_finalize)
PMPI_ALIAS(Session_get_num_psets)
PMPI_ALIAS(Session_get_nth_pset)
PMPI_ALIAS(Session_get_pset_info)
PMPI_ALIAS(Session_get_info)
PMPI_ALIAS(Group_from_session_pset)
PMPI_ALIAS(Comm_create_from_group)
PMPI_ALIAS(Session_create_errhandler)
PMPI_ALIAS(Session_set_errhandler)
PMPI_ALIAS(Session_get_errhandler)
PMPI_ALIAS(Session_call_errhandler)
