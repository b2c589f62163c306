/* One-sided communication (MPI 4.1 chapter 12), included by mpi.h: windows,
 * their attributes, the RMA calls and their synchronisation. Values are
 * MPICH's so that programs printing them agree. */
#ifndef SIMPI_MPI_RMA_H
#define SIMPI_MPI_RMA_H

#define SIMPI_KIND_WIN 0x20
#define MPI_WIN_NULL ((MPI_Win)SIMPI_HANDLE(SIMPI_KIND_WIN, 0))

#define MPI_ERR_WIN 45
#define MPI_ERR_BASE 46
#define MPI_ERR_LOCKTYPE 47
#define MPI_ERR_RMA_CONFLICT 49
#define MPI_ERR_RMA_SYNC 50
#define MPI_ERR_SIZE 51
#define MPI_ERR_DISP 52
#define MPI_ERR_ASSERT 53
#define MPI_ERR_RMA_RANGE 55
#define MPI_ERR_RMA_ATTACH 56
#define MPI_ERR_RMA_SHARED 57
#define MPI_ERR_RMA_FLAVOR 58

#define MPI_LOCK_EXCLUSIVE 234
#define MPI_LOCK_SHARED 235
#define MPI_MODE_NOCHECK 1024
#define MPI_MODE_NOSTORE 2048
#define MPI_MODE_NOPUT 4096
#define MPI_MODE_NOPRECEDE 8192
#define MPI_MODE_NOSUCCEED 16384

/* predefined window attributes */
#define MPI_WIN_BASE 0x66000001
#define MPI_WIN_SIZE 0x66000003
#define MPI_WIN_DISP_UNIT 0x66000005
#define MPI_WIN_CREATE_FLAVOR 0x66000007
#define MPI_WIN_MODEL 0x66000009
#define MPI_WIN_FLAVOR_CREATE 1
#define MPI_WIN_FLAVOR_ALLOCATE 2
#define MPI_WIN_FLAVOR_DYNAMIC 3
#define MPI_WIN_FLAVOR_SHARED 4
#define MPI_WIN_SEPARATE 1
#define MPI_WIN_UNIFIED 2

typedef void MPI_Win_errhandler_function(MPI_Win *, int *, ...);
typedef MPI_Win_errhandler_function MPI_Win_errhandler_fn;
typedef int MPI_Win_copy_attr_function(MPI_Win, int, void *, void *, void *, int *);
typedef int MPI_Win_delete_attr_function(MPI_Win, int, void *, void *);
#define MPI_WIN_NULL_COPY_FN ((MPI_Win_copy_attr_function *)0)
#define MPI_WIN_NULL_DELETE_FN ((MPI_Win_delete_attr_function *)0)
SIMPI_API int simpi_win_dup_fn(MPI_Win, int, void *, void *, void *, int *);
#define MPI_WIN_DUP_FN simpi_win_dup_fn

/* Windows */
SIMPI_DECL(int, Win_create, (void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win *win))
SIMPI_DECL(int, Win_allocate, (MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr,
                               MPI_Win *win))
SIMPI_DECL(int, Win_allocate_shared, (MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr,
                                      MPI_Win *win))
SIMPI_DECL(int, Win_shared_query, (MPI_Win win, int rank, MPI_Aint *size, int *disp_unit, void *baseptr))
SIMPI_DECL(int, Win_create_dynamic, (MPI_Info info, MPI_Comm comm, MPI_Win *win))
SIMPI_DECL(int, Win_attach, (MPI_Win win, void *base, MPI_Aint size))
SIMPI_DECL(int, Win_detach, (MPI_Win win, const void *base))
SIMPI_DECL(int, Win_free, (MPI_Win *win))
SIMPI_DECL(int, Win_get_group, (MPI_Win win, MPI_Group *group))
SIMPI_DECL(int, Win_set_name, (MPI_Win win, const char *win_name))
SIMPI_DECL(int, Win_get_name, (MPI_Win win, char *win_name, int *resultlen))
SIMPI_DECL(int, Win_set_info, (MPI_Win win, MPI_Info info))
SIMPI_DECL(int, Win_get_info, (MPI_Win win, MPI_Info *info_used))
SIMPI_DECL(int, Win_create_keyval, (MPI_Win_copy_attr_function *win_copy_attr_fn,
                                    MPI_Win_delete_attr_function *win_delete_attr_fn, int *win_keyval,
                                    void *extra_state))
SIMPI_DECL(int, Win_free_keyval, (int *win_keyval))
SIMPI_DECL(int, Win_set_attr, (MPI_Win win, int win_keyval, void *attribute_val))
SIMPI_DECL(int, Win_get_attr, (MPI_Win win, int win_keyval, void *attribute_val, int *flag))
SIMPI_DECL(int, Win_delete_attr, (MPI_Win win, int win_keyval))
SIMPI_DECL(int, Win_create_errhandler, (MPI_Win_errhandler_function *win_errhandler_fn, MPI_Errhandler *errhandler))
SIMPI_DECL(int, Win_set_errhandler, (MPI_Win win, MPI_Errhandler errhandler))
SIMPI_DECL(int, Win_get_errhandler, (MPI_Win win, MPI_Errhandler *errhandler))
SIMPI_DECL(int, Win_call_errhandler, (MPI_Win win, int errorcode))

/* Communication */
SIMPI_DECL(int, Put, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                      MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win))
SIMPI_DECL(int, Get, (void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                      MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win))
SIMPI_DECL(int, Accumulate, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
                             int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
                             MPI_Op op, MPI_Win win))
SIMPI_DECL(int, Get_accumulate, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
                                 void *result_addr, int result_count, MPI_Datatype result_datatype, int target_rank,
                                 MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op,
                                 MPI_Win win))
SIMPI_DECL(int, Fetch_and_op, (const void *origin_addr, void *result_addr, MPI_Datatype datatype, int target_rank,
                               MPI_Aint target_disp, MPI_Op op, MPI_Win win))
SIMPI_DECL(int, Compare_and_swap, (const void *origin_addr, const void *compare_addr, void *result_addr,
                                   MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Win win))
SIMPI_DECL(int, Rput, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                       MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win,
                       MPI_Request *request))
SIMPI_DECL(int, Rget, (void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                       MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win,
                       MPI_Request *request))
SIMPI_DECL(int, Raccumulate, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
                              int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
                              MPI_Op op, MPI_Win win, MPI_Request *request))
SIMPI_DECL(int, Rget_accumulate, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
                                  void *result_addr, int result_count, MPI_Datatype result_datatype, int target_rank,
                                  MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op,
                                  MPI_Win win, MPI_Request *request))

/* Synchronisation */
SIMPI_DECL(int, Win_fence, (int assert, MPI_Win win))
SIMPI_DECL(int, Win_post, (MPI_Group group, int assert, MPI_Win win))
SIMPI_DECL(int, Win_start, (MPI_Group group, int assert, MPI_Win win))
SIMPI_DECL(int, Win_complete, (MPI_Win win))
SIMPI_DECL(int, Win_wait, (MPI_Win win))
SIMPI_DECL(int, Win_test, (MPI_Win win, int *flag))
SIMPI_DECL(int, Win_lock, (int lock_type, int rank, int assert, MPI_Win win))
SIMPI_DECL(int, Win_unlock, (int rank, MPI_Win win))
SIMPI_DECL(int, Win_lock_all, (int assert, MPI_Win win))
SIMPI_DECL(int, Win_unlock_all, (MPI_Win win))
SIMPI_DECL(int, Win_flush, (int rank, MPI_Win win))
SIMPI_DECL(int, Win_flush_all, (MPI_Win win))
SIMPI_DECL(int, Win_flush_local, (int rank, MPI_Win win))
SIMPI_DECL(int, Win_flush_local_all, (MPI_Win win))
SIMPI_DECL(int, Win_sync, (MPI_Win win))
#endif
