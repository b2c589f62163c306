/* simpi's MPI interface (MPI 3.1 names). Handles are integers whose high byte
 * says what kind of object they name, so every predefined handle is a
 * constant expression usable in static initialisers. Functions declared here
 * are implemented; the PMPI_ names are the same entry points for tools. */
#ifndef SIMPI_MPI_H
#define SIMPI_MPI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SIMPI_API __attribute__((visibility("default")))

#define MPI_VERSION 4
#define MPI_SUBVERSION 0
#define SIMPI 1

typedef int MPI_Comm;
typedef int MPI_Datatype;
typedef int MPI_Op;
typedef int MPI_Group;
typedef int MPI_Request;
typedef int MPI_Errhandler;
typedef int MPI_Info;
typedef int MPI_Win;
typedef int MPI_Message;
typedef int MPI_Session;
typedef intptr_t MPI_Aint;
typedef long long MPI_Offset;
typedef long long MPI_Count;
typedef int MPI_Fint;

typedef struct MPI_Status {
  int MPI_SOURCE;
  int MPI_TAG;
  int MPI_ERROR;
  int simpi_cancelled;
  long long simpi_bytes;
} MPI_Status;

/* Handle kinds (high byte). */
#define SIMPI_KIND_COMM 0x44
#define SIMPI_KIND_GROUP 0x48
#define SIMPI_KIND_TYPE 0x4c
#define SIMPI_KIND_OP 0x58
#define SIMPI_KIND_REQ 0x2c
#define SIMPI_KIND_ERRH 0x54
#define SIMPI_KIND_INFO 0x5c
#define SIMPI_KIND_SESSION 0x38
#define SIMPI_HANDLE(kind, idx) ((int)(((unsigned)(kind) << 24) | (unsigned)(idx)))

#define MPI_COMM_NULL ((MPI_Comm)0x04000000)
#define MPI_COMM_WORLD ((MPI_Comm)SIMPI_HANDLE(SIMPI_KIND_COMM, 0))
#define MPI_COMM_SELF ((MPI_Comm)SIMPI_HANDLE(SIMPI_KIND_COMM, 1))

#define MPI_GROUP_NULL ((MPI_Group)0x08000000)
#define MPI_GROUP_EMPTY ((MPI_Group)SIMPI_HANDLE(SIMPI_KIND_GROUP, 0))

#define MPI_REQUEST_NULL ((MPI_Request)SIMPI_HANDLE(SIMPI_KIND_REQ, 0))
#define SIMPI_KIND_MSG 0x30
#define MPI_MESSAGE_NULL ((MPI_Message)SIMPI_HANDLE(SIMPI_KIND_MSG, 0))
#define MPI_MESSAGE_NO_PROC ((MPI_Message)SIMPI_HANDLE(SIMPI_KIND_MSG, 1))
#define MPI_INFO_NULL ((MPI_Info)0x1c000000)
#define MPI_SESSION_NULL ((MPI_Session)SIMPI_HANDLE(SIMPI_KIND_SESSION, 0))
#define MPI_INFO_ENV ((MPI_Info)SIMPI_HANDLE(SIMPI_KIND_INFO, 1))

#define MPI_ERRHANDLER_NULL ((MPI_Errhandler)0x14000000)
#define MPI_ERRORS_ARE_FATAL ((MPI_Errhandler)SIMPI_HANDLE(SIMPI_KIND_ERRH, 0))
#define MPI_ERRORS_RETURN ((MPI_Errhandler)SIMPI_HANDLE(SIMPI_KIND_ERRH, 1))

/* Predefined datatypes: index = position in the runtime's basic type table. */
#define SIMPI_T(i) ((MPI_Datatype)SIMPI_HANDLE(SIMPI_KIND_TYPE, i))
#define MPI_DATATYPE_NULL ((MPI_Datatype)0x0c000000)
#define MPI_CHAR SIMPI_T(1)
#define MPI_SIGNED_CHAR SIMPI_T(2)
#define MPI_UNSIGNED_CHAR SIMPI_T(3)
#define MPI_BYTE SIMPI_T(4)
#define MPI_WCHAR SIMPI_T(5)
#define MPI_SHORT SIMPI_T(6)
#define MPI_UNSIGNED_SHORT SIMPI_T(7)
#define MPI_INT SIMPI_T(8)
#define MPI_UNSIGNED SIMPI_T(9)
#define MPI_LONG SIMPI_T(10)
#define MPI_UNSIGNED_LONG SIMPI_T(11)
#define MPI_LONG_LONG_INT SIMPI_T(12)
#define MPI_LONG_LONG MPI_LONG_LONG_INT
#define MPI_UNSIGNED_LONG_LONG SIMPI_T(13)
#define MPI_FLOAT SIMPI_T(14)
#define MPI_DOUBLE SIMPI_T(15)
#define MPI_LONG_DOUBLE SIMPI_T(16)
#define MPI_INT8_T SIMPI_T(17)
#define MPI_INT16_T SIMPI_T(18)
#define MPI_INT32_T SIMPI_T(19)
#define MPI_INT64_T SIMPI_T(20)
#define MPI_UINT8_T SIMPI_T(21)
#define MPI_UINT16_T SIMPI_T(22)
#define MPI_UINT32_T SIMPI_T(23)
#define MPI_UINT64_T SIMPI_T(24)
#define MPI_C_BOOL SIMPI_T(25)
#define MPI_C_FLOAT_COMPLEX SIMPI_T(26)
#define MPI_C_COMPLEX MPI_C_FLOAT_COMPLEX
#define MPI_C_DOUBLE_COMPLEX SIMPI_T(27)
#define MPI_C_LONG_DOUBLE_COMPLEX SIMPI_T(28)
#define MPI_AINT SIMPI_T(29)
#define MPI_OFFSET SIMPI_T(30)
#define MPI_COUNT SIMPI_T(31)
#define MPI_PACKED SIMPI_T(32)
#define MPI_FLOAT_INT SIMPI_T(33)
#define MPI_DOUBLE_INT SIMPI_T(34)
#define MPI_LONG_INT SIMPI_T(35)
#define MPI_2INT SIMPI_T(36)
#define MPI_SHORT_INT SIMPI_T(37)
#define MPI_LONG_DOUBLE_INT SIMPI_T(38)
/* Fortran's and C++'s types, for C programs that use them: types of their own (their
 * own names), moved and reduced as the C types of the same layout (gfortran's default
 * kinds, g++'s bool and std::complex<T>) */
#define MPI_CHARACTER SIMPI_T(43)
#define MPI_INTEGER SIMPI_T(44)
#define MPI_LOGICAL SIMPI_T(45)
#define MPI_REAL SIMPI_T(46)
#define MPI_DOUBLE_PRECISION SIMPI_T(47)
#define MPI_COMPLEX SIMPI_T(48)
#define MPI_DOUBLE_COMPLEX SIMPI_T(49)
#define MPI_INTEGER1 SIMPI_T(50)
#define MPI_INTEGER2 SIMPI_T(51)
#define MPI_INTEGER4 SIMPI_T(52)
#define MPI_INTEGER8 SIMPI_T(53)
#define MPI_REAL4 SIMPI_T(54)
#define MPI_REAL8 SIMPI_T(55)
#define MPI_COMPLEX8 SIMPI_T(56)
#define MPI_COMPLEX16 SIMPI_T(57)
/* MINLOC/MAXLOC pairs: two INTEGERs, two REALs, two DOUBLE PRECISIONs */
#define MPI_2INTEGER SIMPI_T(58)
#define MPI_2REAL SIMPI_T(59)
#define MPI_2DOUBLE_PRECISION SIMPI_T(60)
#define MPI_CXX_BOOL SIMPI_T(61)
#define MPI_CXX_FLOAT_COMPLEX SIMPI_T(62)
#define MPI_CXX_DOUBLE_COMPLEX SIMPI_T(63)
#define MPI_CXX_LONG_DOUBLE_COMPLEX SIMPI_T(64)
/* gfortran has integer(16), but no MPI has its type (MPICH 4.0 gives it this value) */
#define MPI_INTEGER16 MPI_DATATYPE_NULL
/* Fortran's real(16) (gfortran: an IEEE quad, C's __float128) */
#define MPI_REAL16 SIMPI_T(39)
/* MPI-1's bound markers (removed in MPI 3.0, still in MPICH 4.0): in a struct, they set its bounds */
#define MPI_LB SIMPI_T(40)
#define MPI_UB SIMPI_T(41)
/* Fortran's complex(16) (gfortran: two IEEE quads); reductions SUM and PROD too, which MPICH 4.0.2 refuses */
#define MPI_COMPLEX32 SIMPI_T(42)
#define SIMPI_NUM_BASIC_TYPES 65

#define MPI_OP_NULL ((MPI_Op)0x18000000)
#define MPI_MAX ((MPI_Op)SIMPI_HANDLE(SIMPI_KIND_OP, 1))
#define MPI_MIN ((MPI_Op)SIMPI_HANDLE(SIMPI_KIND_OP, 2))
#define MPI_SUM ((MPI_Op)SIMPI_HANDLE(SIMPI_KIND_OP, 3))
#define MPI_PROD ((MPI_Op)SIMPI_HANDLE(SIMPI_KIND_OP, 4))
#define MPI_LAND ((MPI_Op)SIMPI_HANDLE(SIMPI_KIND_OP, 5))
#define MPI_BAND ((MPI_Op)SIMPI_HANDLE(SIMPI_KIND_OP, 6))
#define MPI_LOR ((MPI_Op)SIMPI_HANDLE(SIMPI_KIND_OP, 7))
#define MPI_BOR ((MPI_Op)SIMPI_HANDLE(SIMPI_KIND_OP, 8))
#define MPI_LXOR ((MPI_Op)SIMPI_HANDLE(SIMPI_KIND_OP, 9))
#define MPI_BXOR ((MPI_Op)SIMPI_HANDLE(SIMPI_KIND_OP, 10))
#define MPI_MINLOC ((MPI_Op)SIMPI_HANDLE(SIMPI_KIND_OP, 11))
#define MPI_MAXLOC ((MPI_Op)SIMPI_HANDLE(SIMPI_KIND_OP, 12))
#define MPI_REPLACE ((MPI_Op)SIMPI_HANDLE(SIMPI_KIND_OP, 13))
#define MPI_NO_OP ((MPI_Op)SIMPI_HANDLE(SIMPI_KIND_OP, 14))

/* Error classes. */
#define MPI_SUCCESS 0
#define MPI_ERR_BUFFER 1
#define MPI_ERR_COUNT 2
#define MPI_ERR_TYPE 3
#define MPI_ERR_TAG 4
#define MPI_ERR_COMM 5
#define MPI_ERR_RANK 6
#define MPI_ERR_ROOT 7
#define MPI_ERR_GROUP 8
#define MPI_ERR_OP 9
#define MPI_ERR_TOPOLOGY 10
#define MPI_ERR_DIMS 11
#define MPI_ERR_ARG 12
#define MPI_ERR_UNKNOWN 13
#define MPI_ERR_TRUNCATE 14
#define MPI_ERR_OTHER 15
#define MPI_ERR_INTERN 16
#define MPI_ERR_IN_STATUS 17
#define MPI_ERR_PENDING 18
#define MPI_ERR_REQUEST 19
#define MPI_ERR_KEYVAL 20
#define MPI_ERR_INFO 21
#define MPI_ERR_NOT_SAME 22
#define MPI_ERR_UNSUPPORTED_OPERATION 23
#define MPI_ERR_INFO_KEY 24
#define MPI_ERR_INFO_VALUE 25
#define MPI_ERR_INFO_NOKEY 26
#define MPI_ERR_NO_MEM 27
#define MPI_ERR_SESSION 59
#define MPI_ERR_PROC_ABORTED 60
#define MPI_ERR_VALUE_TOO_LARGE 61
#define MPI_ERR_LASTCODE 64

#define MPI_PROC_NULL (-1)
#define MPI_ANY_SOURCE (-2)
#define MPI_ROOT (-3)
#define MPI_ANY_TAG (-1)
#define MPI_UNDEFINED (-32766)
#define MPI_TAG_UB_VALUE 2147483647

#define MPI_STATUS_IGNORE ((MPI_Status *)1)
#define MPI_STATUSES_IGNORE ((MPI_Status *)1)
#define MPI_IN_PLACE ((void *)-1)
#define MPI_BOTTOM ((void *)0)
#define MPI_BSEND_OVERHEAD 96
#define MPI_MAX_PROCESSOR_NAME 256
#define MPI_MAX_ERROR_STRING 512
#define MPI_MAX_LIBRARY_VERSION_STRING 256
#define MPI_MAX_OBJECT_NAME 128

#define MPI_THREAD_SINGLE 0
#define MPI_THREAD_FUNNELED 1
#define MPI_THREAD_SERIALIZED 2
#define MPI_THREAD_MULTIPLE 3

#define MPI_IDENT 0
#define MPI_CONGRUENT 1
#define MPI_SIMILAR 2
#define MPI_UNEQUAL 3

/* One macro declares both the MPI_ and the PMPI_ entry point. */
#define SIMPI_DECL(ret, name, args) SIMPI_API ret MPI_##name args; SIMPI_API ret PMPI_##name args;

/* Environment */
SIMPI_DECL(int, Init, (int *argc, char ***argv))
SIMPI_DECL(int, Init_thread, (int *argc, char ***argv, int required, int *provided))
SIMPI_DECL(int, Initialized, (int *flag))
SIMPI_DECL(int, Finalize, (void))
SIMPI_DECL(int, Finalized, (int *flag))
SIMPI_DECL(int, Abort, (MPI_Comm comm, int errorcode))
SIMPI_DECL(int, Query_thread, (int *provided))
SIMPI_DECL(int, Is_thread_main, (int *flag))
SIMPI_DECL(double, Wtime, (void))
SIMPI_DECL(double, Wtick, (void))
/* Profiling control: MPI itself makes no use of it (the standard's words), a profiling layer may (C only). */
SIMPI_API int MPI_Pcontrol(const int level, ...);
SIMPI_API int PMPI_Pcontrol(const int level, ...);
SIMPI_DECL(int, Get_processor_name, (char *name, int *resultlen))
SIMPI_DECL(int, Get_version, (int *version, int *subversion))
SIMPI_DECL(int, Get_library_version, (char *version, int *resultlen))
SIMPI_DECL(int, Error_string, (int errorcode, char *string, int *resultlen))
SIMPI_DECL(int, Error_class, (int errorcode, int *errorclass))
SIMPI_DECL(int, Comm_set_errhandler, (MPI_Comm comm, MPI_Errhandler errhandler))
SIMPI_DECL(int, Comm_get_errhandler, (MPI_Comm comm, MPI_Errhandler *errhandler))
SIMPI_DECL(int, Errhandler_free, (MPI_Errhandler *errhandler))
SIMPI_DECL(int, Comm_call_errhandler, (MPI_Comm comm, int errorcode))

/* Communicators (world and self for now) */
SIMPI_DECL(int, Comm_rank, (MPI_Comm comm, int *rank))
SIMPI_DECL(int, Comm_size, (MPI_Comm comm, int *size))

/* Datatypes */
SIMPI_DECL(int, Type_size, (MPI_Datatype datatype, int *size))
SIMPI_DECL(int, Type_get_extent, (MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent))
/* MPI-1's names, removed in MPI 3.0 and still used (MPICH keeps them) */
SIMPI_DECL(int, Type_extent, (MPI_Datatype datatype, MPI_Aint *extent))
SIMPI_DECL(int, Type_lb, (MPI_Datatype datatype, MPI_Aint *displacement))
SIMPI_DECL(int, Type_ub, (MPI_Datatype datatype, MPI_Aint *displacement))

/* Point to point */
SIMPI_DECL(int, Send, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm))
SIMPI_DECL(int, Ssend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm))
SIMPI_DECL(int, Rsend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm))
SIMPI_DECL(int, Bsend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm))
SIMPI_DECL(int, Recv, (void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Status *status))
SIMPI_DECL(int, Isend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Issend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Irsend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Ibsend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Irecv, (void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Send_init, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Ssend_init, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Rsend_init, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Bsend_init, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Recv_init, (void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Start, (MPI_Request *request))
SIMPI_DECL(int, Startall, (int count, MPI_Request array_of_requests[]))
SIMPI_DECL(int, Sendrecv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                           MPI_Comm comm, MPI_Status *status))
SIMPI_DECL(int, Sendrecv_replace, (void *buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source,
                                   int recvtag, MPI_Comm comm, MPI_Status *status))
SIMPI_DECL(int, Isendrecv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                            void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                            MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Isendrecv_replace, (void *buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source,
                                    int recvtag, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Wait, (MPI_Request *request, MPI_Status *status))
SIMPI_DECL(int, Waitall, (int count, MPI_Request array_of_requests[], MPI_Status *array_of_statuses))
SIMPI_DECL(int, Waitany, (int count, MPI_Request array_of_requests[], int *index, MPI_Status *status))
SIMPI_DECL(int, Waitsome, (int incount, MPI_Request array_of_requests[], int *outcount, int array_of_indices[],
                           MPI_Status *array_of_statuses))
SIMPI_DECL(int, Test, (MPI_Request *request, int *flag, MPI_Status *status))
SIMPI_DECL(int, Testall, (int count, MPI_Request array_of_requests[], int *flag, MPI_Status *array_of_statuses))
SIMPI_DECL(int, Testany, (int count, MPI_Request array_of_requests[], int *index, int *flag, MPI_Status *status))
SIMPI_DECL(int, Testsome, (int incount, MPI_Request array_of_requests[], int *outcount, int array_of_indices[],
                           MPI_Status *array_of_statuses))
SIMPI_DECL(int, Request_free, (MPI_Request *request))
SIMPI_DECL(int, Cancel, (MPI_Request *request))
SIMPI_DECL(int, Request_get_status, (MPI_Request request, int *flag, MPI_Status *status))
/* generalized requests: completed by the program (MPI_Grequest_complete) */
typedef int MPI_Grequest_query_function(void *extra_state, MPI_Status *status);
typedef int MPI_Grequest_free_function(void *extra_state);
typedef int MPI_Grequest_cancel_function(void *extra_state, int complete);
SIMPI_DECL(int, Grequest_start, (MPI_Grequest_query_function *query_fn, MPI_Grequest_free_function *free_fn,
                                 MPI_Grequest_cancel_function *cancel_fn, void *extra_state, MPI_Request *request))
SIMPI_DECL(int, Grequest_complete, (MPI_Request request))
SIMPI_DECL(int, Test_cancelled, (const MPI_Status *status, int *flag))
SIMPI_DECL(int, Probe, (int source, int tag, MPI_Comm comm, MPI_Status *status))
SIMPI_DECL(int, Iprobe, (int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status))
SIMPI_DECL(int, Get_count, (const MPI_Status *status, MPI_Datatype datatype, int *count))
SIMPI_DECL(int, Mprobe, (int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status))
SIMPI_DECL(int, Improbe, (int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message, MPI_Status *status))
SIMPI_DECL(int, Mrecv, (void *buf, int count, MPI_Datatype datatype, MPI_Message *message, MPI_Status *status))
SIMPI_DECL(int, Imrecv, (void *buf, int count, MPI_Datatype datatype, MPI_Message *message, MPI_Request *request))
SIMPI_DECL(int, Status_set_elements, (MPI_Status *status, MPI_Datatype datatype, int count))
SIMPI_DECL(int, Status_set_elements_x, (MPI_Status *status, MPI_Datatype datatype, MPI_Count count))
SIMPI_DECL(int, Status_set_elements_c, (MPI_Status *status, MPI_Datatype datatype, MPI_Count count))
SIMPI_DECL(int, Status_set_cancelled, (MPI_Status *status, int flag))
SIMPI_DECL(int, Alloc_mem, (MPI_Aint size, MPI_Info info, void *baseptr))
SIMPI_DECL(int, Free_mem, (void *base))
SIMPI_DECL(int, Buffer_attach, (void *buffer, int size))
SIMPI_DECL(int, Buffer_detach, (void *buffer_addr, int *size))
SIMPI_DECL(int, Buffer_flush, (void))
SIMPI_DECL(int, Buffer_iflush, (MPI_Request *request))

/* Collectives */
SIMPI_DECL(int, Barrier, (MPI_Comm comm))
SIMPI_DECL(int, Bcast, (void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm))
SIMPI_DECL(int, Reduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                         MPI_Comm comm))
SIMPI_DECL(int, Allreduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                            MPI_Comm comm))
SIMPI_DECL(int, Gather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                         MPI_Datatype recvtype, int root, MPI_Comm comm))
SIMPI_DECL(int, Scatter, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, int root, MPI_Comm comm))
SIMPI_DECL(int, Allgather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                            MPI_Datatype recvtype, MPI_Comm comm))
SIMPI_DECL(int, Alltoall, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, MPI_Comm comm))

/* == Derived datatypes, packing == */
#define MPI_COMBINER_NAMED 1
#define MPI_COMBINER_DUP 2
#define MPI_COMBINER_CONTIGUOUS 3
#define MPI_COMBINER_VECTOR 4
#define MPI_COMBINER_HVECTOR_INTEGER 5
#define MPI_COMBINER_HVECTOR 6
#define MPI_COMBINER_INDEXED 7
#define MPI_COMBINER_HINDEXED_INTEGER 8
#define MPI_COMBINER_HINDEXED 9
#define MPI_COMBINER_INDEXED_BLOCK 10
#define MPI_COMBINER_STRUCT_INTEGER 11
#define MPI_COMBINER_STRUCT 12
#define MPI_COMBINER_SUBARRAY 13
#define MPI_COMBINER_DARRAY 14
#define MPI_COMBINER_F90_REAL 15
#define MPI_COMBINER_F90_COMPLEX 16
#define MPI_COMBINER_F90_INTEGER 17
#define MPI_COMBINER_RESIZED 18
#define MPI_COMBINER_HINDEXED_BLOCK 19

#define MPI_ORDER_C 1
#define MPI_ORDER_FORTRAN 2
#define MPI_DISTRIBUTE_BLOCK 1
#define MPI_DISTRIBUTE_CYCLIC 2
#define MPI_DISTRIBUTE_NONE 3
#define MPI_DISTRIBUTE_DFLT_DARG (-1)
#define MPI_TYPECLASS_REAL 1
#define MPI_TYPECLASS_INTEGER 2
#define MPI_TYPECLASS_COMPLEX 3

SIMPI_DECL(int, Type_contiguous, (int count, MPI_Datatype oldtype, MPI_Datatype *newtype))
SIMPI_DECL(int, Type_vector, (int count, int blocklength, int stride, MPI_Datatype oldtype, MPI_Datatype *newtype))
SIMPI_DECL(int, Type_create_hvector, (int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                                      MPI_Datatype *newtype))
SIMPI_DECL(int, Type_indexed, (int count, const int array_of_blocklengths[], const int array_of_displacements[],
                               MPI_Datatype oldtype, MPI_Datatype *newtype))
SIMPI_DECL(int, Type_create_hindexed, (int count, const int array_of_blocklengths[],
                                       const MPI_Aint array_of_displacements[], MPI_Datatype oldtype,
                                       MPI_Datatype *newtype))
SIMPI_DECL(int, Type_create_indexed_block, (int count, int blocklength, const int array_of_displacements[],
                                            MPI_Datatype oldtype, MPI_Datatype *newtype))
SIMPI_DECL(int, Type_create_hindexed_block, (int count, int blocklength, const MPI_Aint array_of_displacements[],
                                             MPI_Datatype oldtype, MPI_Datatype *newtype))
SIMPI_DECL(int, Type_create_struct, (int count, const int array_of_blocklengths[],
                                     const MPI_Aint array_of_displacements[], const MPI_Datatype array_of_types[],
                                     MPI_Datatype *newtype))
SIMPI_DECL(int, Type_create_resized, (MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent, MPI_Datatype *newtype))
SIMPI_DECL(int, Type_dup, (MPI_Datatype oldtype, MPI_Datatype *newtype))
SIMPI_DECL(int, Type_create_f90_real, (int p, int r, MPI_Datatype *newtype))
SIMPI_DECL(int, Type_create_f90_complex, (int p, int r, MPI_Datatype *newtype))
SIMPI_DECL(int, Type_create_f90_integer, (int r, MPI_Datatype *newtype))
SIMPI_DECL(int, Type_create_subarray, (int ndims, const int array_of_sizes[], const int array_of_subsizes[],
                                       const int array_of_starts[], int order, MPI_Datatype oldtype,
                                       MPI_Datatype *newtype))
SIMPI_DECL(int, Type_create_darray, (int size, int rank, int ndims, const int array_of_gsizes[],
                                     const int array_of_distribs[], const int array_of_dargs[],
                                     const int array_of_psizes[], int order, MPI_Datatype oldtype,
                                     MPI_Datatype *newtype))
/* MPI-1 names (removed from MPI 3) kept for old programs */
SIMPI_DECL(int, Type_hvector, (int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                               MPI_Datatype *newtype))
SIMPI_DECL(int, Type_hindexed, (int count, int array_of_blocklengths[], MPI_Aint array_of_displacements[],
                                MPI_Datatype oldtype, MPI_Datatype *newtype))
SIMPI_DECL(int, Type_struct, (int count, int array_of_blocklengths[], MPI_Aint array_of_displacements[],
                              MPI_Datatype array_of_types[], MPI_Datatype *newtype))
SIMPI_DECL(int, Address, (void *location, MPI_Aint *address))
SIMPI_DECL(int, Type_commit, (MPI_Datatype *datatype))
SIMPI_DECL(int, Type_free, (MPI_Datatype *datatype))
SIMPI_DECL(int, Type_get_true_extent, (MPI_Datatype datatype, MPI_Aint *true_lb, MPI_Aint *true_extent))
SIMPI_DECL(int, Type_size_x, (MPI_Datatype datatype, MPI_Count *size))
SIMPI_DECL(int, Type_get_extent_x, (MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent))
SIMPI_DECL(int, Type_get_true_extent_x, (MPI_Datatype datatype, MPI_Count *true_lb, MPI_Count *true_extent))
SIMPI_DECL(int, Get_elements, (const MPI_Status *status, MPI_Datatype datatype, int *count))
SIMPI_DECL(int, Get_elements_x, (const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count))
SIMPI_DECL(int, Get_address, (const void *location, MPI_Aint *address))
SIMPI_DECL(MPI_Aint, Aint_add, (MPI_Aint base, MPI_Aint disp))
SIMPI_DECL(MPI_Aint, Aint_diff, (MPI_Aint addr1, MPI_Aint addr2))
SIMPI_DECL(int, Type_get_envelope, (MPI_Datatype datatype, int *num_integers, int *num_addresses,
                                    int *num_datatypes, int *combiner))
SIMPI_DECL(int, Type_get_contents, (MPI_Datatype datatype, int max_integers, int max_addresses, int max_datatypes,
                                    int array_of_integers[], MPI_Aint array_of_addresses[],
                                    MPI_Datatype array_of_datatypes[]))
SIMPI_DECL(int, Type_set_name, (MPI_Datatype datatype, const char *type_name))
SIMPI_DECL(int, Type_get_name, (MPI_Datatype datatype, char *type_name, int *resultlen))
SIMPI_DECL(int, Type_match_size, (int typeclass, int size, MPI_Datatype *datatype))
SIMPI_DECL(int, Pack, (const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, int outsize,
                       int *position, MPI_Comm comm))
SIMPI_DECL(int, Unpack, (const void *inbuf, int insize, int *position, void *outbuf, int outcount,
                         MPI_Datatype datatype, MPI_Comm comm))
SIMPI_DECL(int, Pack_size, (int incount, MPI_Datatype datatype, MPI_Comm comm, int *size))
SIMPI_DECL(int, Pack_external, (const char datarep[], const void *inbuf, int incount, MPI_Datatype datatype,
                                void *outbuf, MPI_Aint outsize, MPI_Aint *position))
SIMPI_DECL(int, Unpack_external, (const char datarep[], const void *inbuf, MPI_Aint insize, MPI_Aint *position,
                                  void *outbuf, int outcount, MPI_Datatype datatype))
SIMPI_DECL(int, Pack_external_size, (const char datarep[], int incount, MPI_Datatype datatype, MPI_Aint *size))

/* == Collectives (all forms), user operations == */
typedef void MPI_User_function(void *invec, void *inoutvec, int *len, MPI_Datatype *datatype);
SIMPI_DECL(int, Op_create, (MPI_User_function *user_fn, int commute, MPI_Op *op))
SIMPI_DECL(int, Op_free, (MPI_Op *op))
SIMPI_DECL(int, Op_commutative, (MPI_Op op, int *commute))
SIMPI_DECL(int, Reduce_local, (const void *inbuf, void *inoutbuf, int count, MPI_Datatype datatype, MPI_Op op))
SIMPI_DECL(int, Gatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                          const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm))
SIMPI_DECL(int, Scatterv, (const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm))
SIMPI_DECL(int, Allgatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                             const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm))
SIMPI_DECL(int, Alltoallv, (const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                            void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                            MPI_Comm comm))
SIMPI_DECL(int, Alltoallw, (const void *sendbuf, const int sendcounts[], const int sdispls[],
                            const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                            const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm))
SIMPI_DECL(int, Reduce_scatter, (const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
                                 MPI_Op op, MPI_Comm comm))
SIMPI_DECL(int, Reduce_scatter_block, (const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                       MPI_Op op, MPI_Comm comm))
SIMPI_DECL(int, Scan, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                       MPI_Comm comm))
SIMPI_DECL(int, Exscan, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                         MPI_Comm comm))
/* Nonblocking collectives */
SIMPI_DECL(int, Ibarrier, (MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Ibcast, (void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                         MPI_Request *request))
SIMPI_DECL(int, Igather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Igatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                           const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                           MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Iscatter, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Iscatterv, (const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                            void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                            MPI_Request *request))
SIMPI_DECL(int, Iallgather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                             int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Iallgatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                              const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                              MPI_Request *request))
SIMPI_DECL(int, Ialltoall, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                            int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Ialltoallv, (const void *sendbuf, const int sendcounts[], const int sdispls[],
                             MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
                             MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Ialltoallw, (const void *sendbuf, const int sendcounts[], const int sdispls[],
                             const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                             const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                             MPI_Request *request))
SIMPI_DECL(int, Ireduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                          MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Iallreduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                             MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Ireduce_scatter, (const void *sendbuf, void *recvbuf, const int recvcounts[],
                                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Ireduce_scatter_block, (const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                        MPI_Op op, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Iscan, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                        MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Iexscan, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                          MPI_Comm comm, MPI_Request *request))

/* Persistent collectives (MPI 4.0): MPI_Start runs the call again each time */
SIMPI_DECL(int, Barrier_init, (MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Bcast_init, (void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Info info,
                             MPI_Request *request))
SIMPI_DECL(int, Gather_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                              int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                              MPI_Request *request))
SIMPI_DECL(int, Gatherv_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                               const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                               MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Scatter_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                               MPI_Request *request))
SIMPI_DECL(int, Scatterv_init, (const void *sendbuf, const int sendcounts[], const int displs[],
                                MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                                MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Allgather_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                 MPI_Request *request))
SIMPI_DECL(int, Allgatherv_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                  const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                                  MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Alltoall_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                MPI_Request *request))
SIMPI_DECL(int, Alltoallv_init, (const void *sendbuf, const int sendcounts[], const int sdispls[],
                                 MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
                                 MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Alltoallw_init, (const void *sendbuf, const int sendcounts[], const int sdispls[],
                                 const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                 const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
                                 MPI_Request *request))
SIMPI_DECL(int, Reduce_init, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                              int root, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Allreduce_init, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                 MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Reduce_scatter_init, (const void *sendbuf, void *recvbuf, const int recvcounts[],
                                      MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                      MPI_Request *request))
SIMPI_DECL(int, Reduce_scatter_block_init, (const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                            MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Scan_init, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                            MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Exscan_init, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                              MPI_Comm comm, MPI_Info info, MPI_Request *request))

/* Large counts (MPI 4.0): the _c forms take MPI_Count counts. Point-to-point,
 * Bcast, the datatype constructors and the pack engine take any count; the
 * other collectives, reductions and one-sided calls refuse a count above
 * INT_MAX with MPI_ERR_COUNT naming the call (never a silent truncation). */
SIMPI_DECL(int, Send_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm))
SIMPI_DECL(int, Ssend_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm))
SIMPI_DECL(int, Rsend_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm))
SIMPI_DECL(int, Bsend_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm))
SIMPI_DECL(int, Isend_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                          MPI_Request *request))
SIMPI_DECL(int, Issend_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                           MPI_Request *request))
SIMPI_DECL(int, Irsend_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                           MPI_Request *request))
SIMPI_DECL(int, Ibsend_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                           MPI_Request *request))
SIMPI_DECL(int, Send_init_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                              MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Ssend_init_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                               MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Rsend_init_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                               MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Bsend_init_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                               MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Recv_c, (void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                         MPI_Status *status))
SIMPI_DECL(int, Irecv_c, (void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                          MPI_Request *request))
SIMPI_DECL(int, Recv_init_c, (void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                              MPI_Request *request))
/* Partitioned communication (MPI 4.0) */
SIMPI_DECL(int, Psend_init, (const void *buf, int partitions, MPI_Count count, MPI_Datatype datatype, int dest,
                             int tag, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Precv_init, (void *buf, int partitions, MPI_Count count, MPI_Datatype datatype, int source,
                             int tag, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Pready, (int partition, MPI_Request request))
SIMPI_DECL(int, Pready_range, (int partition_low, int partition_high, MPI_Request request))
SIMPI_DECL(int, Pready_list, (int length, const int array_of_partitions[], MPI_Request request))
SIMPI_DECL(int, Parrived, (MPI_Request request, int partition, int *flag))
SIMPI_DECL(int, Sendrecv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                             void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag,
                             MPI_Comm comm, MPI_Status *status))
SIMPI_DECL(int, Sendrecv_replace_c, (void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag,
                                     int source, int recvtag, MPI_Comm comm, MPI_Status *status))
SIMPI_DECL(int, Isendrecv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest,
                              int sendtag, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source,
                              int recvtag, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Isendrecv_replace_c, (void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag,
                                      int source, int recvtag, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Mrecv_c, (void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message,
                          MPI_Status *status))
SIMPI_DECL(int, Imrecv_c, (void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message,
                           MPI_Request *request))
SIMPI_DECL(int, Get_count_c, (const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count))
SIMPI_DECL(int, Get_elements_c, (const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count))
SIMPI_DECL(int, Buffer_attach_c, (void *buffer, MPI_Count size))
SIMPI_DECL(int, Buffer_detach_c, (void *buffer_addr, MPI_Count *size))
SIMPI_DECL(int, Type_size_c, (MPI_Datatype datatype, MPI_Count *size))
SIMPI_DECL(int, Type_get_extent_c, (MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent))
SIMPI_DECL(int, Type_get_true_extent_c, (MPI_Datatype datatype, MPI_Count *true_lb, MPI_Count *true_extent))
SIMPI_DECL(int, Type_contiguous_c, (MPI_Count count, MPI_Datatype oldtype, MPI_Datatype *newtype))
SIMPI_DECL(int, Type_vector_c, (MPI_Count count, MPI_Count blocklength, MPI_Count stride, MPI_Datatype oldtype,
                                MPI_Datatype *newtype))
SIMPI_DECL(int, Type_create_hvector_c, (MPI_Count count, MPI_Count blocklength, MPI_Count stride,
                                        MPI_Datatype oldtype, MPI_Datatype *newtype))
SIMPI_DECL(int, Type_create_resized_c, (MPI_Datatype oldtype, MPI_Count lb, MPI_Count extent,
                                        MPI_Datatype *newtype))
SIMPI_DECL(int, Pack_c, (const void *inbuf, MPI_Count incount, MPI_Datatype datatype, void *outbuf,
                         MPI_Count outsize, MPI_Count *position, MPI_Comm comm))
SIMPI_DECL(int, Unpack_c, (const void *inbuf, MPI_Count insize, MPI_Count *position, void *outbuf,
                           MPI_Count outcount, MPI_Datatype datatype, MPI_Comm comm))
SIMPI_DECL(int, Pack_size_c, (MPI_Count incount, MPI_Datatype datatype, MPI_Comm comm, MPI_Count *size))
SIMPI_DECL(int, Bcast_c, (void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm))
SIMPI_DECL(int, Ibcast_c, (void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm,
                           MPI_Request *request))
SIMPI_DECL(int, Bcast_init_c, (void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm,
                               MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Gather_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                           MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm))
SIMPI_DECL(int, Igather_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                            MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Gather_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                                MPI_Request *request))
SIMPI_DECL(int, Scatter_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                            MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm))
SIMPI_DECL(int, Iscatter_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                             MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                             MPI_Request *request))
SIMPI_DECL(int, Scatter_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                 MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                                 MPI_Request *request))
SIMPI_DECL(int, Allgather_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                              MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm))
SIMPI_DECL(int, Iallgather_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                               MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Allgather_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                   MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                   MPI_Request *request))
SIMPI_DECL(int, Alltoall_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                             MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm))
SIMPI_DECL(int, Ialltoall_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                              MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Alltoall_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                  MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                  MPI_Request *request))
SIMPI_DECL(int, Reduce_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                           int root, MPI_Comm comm))
SIMPI_DECL(int, Ireduce_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                            int root, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Reduce_init_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                                int root, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Allreduce_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                              MPI_Comm comm))
SIMPI_DECL(int, Iallreduce_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                               MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Allreduce_init_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype,
                                   MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Scan_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                         MPI_Comm comm))
SIMPI_DECL(int, Iscan_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                          MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Scan_init_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                              MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Exscan_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                           MPI_Comm comm))
SIMPI_DECL(int, Iexscan_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                            MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Exscan_init_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                                MPI_Comm comm, MPI_Info info, MPI_Request *request))

/* The remaining large-count forms (MPI 4.0's list, as MPICH 4.0 has it; displacements of the
 * v- and w-collectives are MPI_Aint). */
SIMPI_DECL(int, Allgatherv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                               const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                               MPI_Comm comm))
SIMPI_DECL(int, Allgatherv_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                    const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                                    MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Alltoallv_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                              MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
                              const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm))
SIMPI_DECL(int, Alltoallv_init_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                   MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
                                   const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                   MPI_Request *request))
SIMPI_DECL(int, Alltoallw_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                              const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                              const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm))
SIMPI_DECL(int, Alltoallw_init_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                   const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                                   const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                   MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Gatherv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                            const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root,
                            MPI_Comm comm))
SIMPI_DECL(int, Gatherv_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                 const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                                 int root, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Iallgatherv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                                MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Ialltoallv_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                               MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
                               const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Ialltoallw_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                               const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                               const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                               MPI_Request *request))
SIMPI_DECL(int, Igatherv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                             const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root,
                             MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Ireduce_scatter_block_c, (const void *sendbuf, void *recvbuf, MPI_Count recvcount,
                                          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Ireduce_scatter_c, (const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[],
                                    MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Iscatterv_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                              MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                              int root, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Neighbor_allgather_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                       MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm))
SIMPI_DECL(int, Neighbor_allgatherv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                        void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
                                        MPI_Datatype recvtype, MPI_Comm comm))
SIMPI_DECL(int, Neighbor_alltoall_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                      MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm))
SIMPI_DECL(int, Neighbor_alltoallv_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                       MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
                                       const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm))
SIMPI_DECL(int, Neighbor_alltoallw_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                       const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                                       const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm))
SIMPI_DECL(int, Reduce_scatter_block_c, (const void *sendbuf, void *recvbuf, MPI_Count recvcount,
                                         MPI_Datatype datatype, MPI_Op op, MPI_Comm comm))
SIMPI_DECL(int, Reduce_scatter_block_init_c, (const void *sendbuf, void *recvbuf, MPI_Count recvcount,
                                              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                              MPI_Request *request))
SIMPI_DECL(int, Reduce_scatter_c, (const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[],
                                   MPI_Datatype datatype, MPI_Op op, MPI_Comm comm))
SIMPI_DECL(int, Reduce_scatter_init_c, (const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[],
                                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                        MPI_Request *request))
SIMPI_DECL(int, Scatterv_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                             MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                             int root, MPI_Comm comm))
SIMPI_DECL(int, Scatterv_init_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                                  MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                  int root, MPI_Comm comm, MPI_Info info, MPI_Request *request))
typedef void MPI_User_function_c(void *invec, void *inoutvec, MPI_Count *len, MPI_Datatype *datatype);
SIMPI_DECL(int, Op_create_c, (MPI_User_function_c *user_fn, int commute, MPI_Op *op))
SIMPI_DECL(int, Reduce_local_c, (const void *inbuf, void *inoutbuf, MPI_Count count, MPI_Datatype datatype,
                                 MPI_Op op))
SIMPI_DECL(int, Pack_external_c, (const char *datarep, const void *inbuf, MPI_Count incount, MPI_Datatype datatype,
                                  void *outbuf, MPI_Count outsize, MPI_Count *position))
SIMPI_DECL(int, Pack_external_size_c, (const char *datarep, MPI_Count incount, MPI_Datatype datatype,
                                       MPI_Count *size))
SIMPI_DECL(int, Type_create_darray_c, (int size, int rank, int ndims, const MPI_Count array_of_gsizes[],
                                       const int array_of_distribs[], const int array_of_dargs[],
                                       const int array_of_psizes[], int order, MPI_Datatype oldtype,
                                       MPI_Datatype *newtype))
SIMPI_DECL(int, Type_create_hindexed_block_c, (MPI_Count count, MPI_Count blocklength,
                                               const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                                               MPI_Datatype *newtype))
SIMPI_DECL(int, Type_create_hindexed_c, (MPI_Count count, const MPI_Count array_of_blocklengths[],
                                         const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                                         MPI_Datatype *newtype))
SIMPI_DECL(int, Type_create_indexed_block_c, (MPI_Count count, MPI_Count blocklength,
                                              const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                                              MPI_Datatype *newtype))
SIMPI_DECL(int, Type_create_struct_c, (MPI_Count count, const MPI_Count array_of_blocklengths[],
                                       const MPI_Count array_of_displacements[], const MPI_Datatype array_of_types[],
                                       MPI_Datatype *newtype))
SIMPI_DECL(int, Type_create_subarray_c, (int ndims, const MPI_Count array_of_sizes[],
                                         const MPI_Count array_of_subsizes[], const MPI_Count array_of_starts[],
                                         int order, MPI_Datatype oldtype, MPI_Datatype *newtype))
SIMPI_DECL(int, Type_get_contents_c, (MPI_Datatype datatype, MPI_Count max_integers, MPI_Count max_addresses,
                                      MPI_Count max_large_counts, MPI_Count max_datatypes, int array_of_integers[],
                                      MPI_Aint array_of_addresses[], MPI_Count array_of_large_counts[],
                                      MPI_Datatype array_of_datatypes[]))
SIMPI_DECL(int, Type_get_envelope_c, (MPI_Datatype datatype, MPI_Count *num_integers, MPI_Count *num_addresses,
                                      MPI_Count *num_large_counts, MPI_Count *num_datatypes, int *combiner))
SIMPI_DECL(int, Type_indexed_c, (MPI_Count count, const MPI_Count array_of_blocklengths[],
                                 const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                                 MPI_Datatype *newtype))
SIMPI_DECL(int, Unpack_external_c, (const char datarep[], const void *inbuf, MPI_Count insize, MPI_Count *position,
                                    void *outbuf, MPI_Count outcount, MPI_Datatype datatype))
SIMPI_DECL(int, Accumulate_c, (const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                               int target_rank, MPI_Aint target_disp, MPI_Count target_count,
                               MPI_Datatype target_datatype, MPI_Op op, MPI_Win win))
SIMPI_DECL(int, Get_accumulate_c, (const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                                   void *result_addr, MPI_Count result_count, MPI_Datatype result_datatype,
                                   int target_rank, MPI_Aint target_disp, MPI_Count target_count,
                                   MPI_Datatype target_datatype, MPI_Op op, MPI_Win win))
SIMPI_DECL(int, Get_c, (void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
                        MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win))
SIMPI_DECL(int, Put_c, (const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                        int target_rank, MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype,
                        MPI_Win win))
SIMPI_DECL(int, Raccumulate_c, (const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                                int target_rank, MPI_Aint target_disp, MPI_Count target_count,
                                MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request))
SIMPI_DECL(int, Rget_accumulate_c, (const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                                    void *result_addr, MPI_Count result_count, MPI_Datatype result_datatype,
                                    int target_rank, MPI_Aint target_disp, MPI_Count target_count,
                                    MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request))
SIMPI_DECL(int, Rget_c, (void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
                         MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win,
                         MPI_Request *request))
SIMPI_DECL(int, Rput_c, (const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                         int target_rank, MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype,
                         MPI_Win win, MPI_Request *request))
SIMPI_DECL(int, Win_allocate_c, (MPI_Aint size, MPI_Aint disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr,
                                 MPI_Win *win))
SIMPI_DECL(int, Win_allocate_shared_c, (MPI_Aint size, MPI_Aint disp_unit, MPI_Info info, MPI_Comm comm,
                                        void *baseptr, MPI_Win *win))
SIMPI_DECL(int, Win_create_c, (void *base, MPI_Aint size, MPI_Aint disp_unit, MPI_Info info, MPI_Comm comm,
                               MPI_Win *win))
SIMPI_DECL(int, Win_shared_query_c, (MPI_Win win, int rank, MPI_Aint *size, MPI_Aint *disp_unit, void *baseptr))

/* == Communicators, groups, attributes, error handlers, info == */
typedef int MPI_Comm_copy_attr_function(MPI_Comm, int, void *, void *, void *, int *);
typedef int MPI_Comm_delete_attr_function(MPI_Comm, int, void *, void *);
typedef MPI_Comm_copy_attr_function MPI_Copy_function;
typedef MPI_Comm_delete_attr_function MPI_Delete_function;
typedef void MPI_Comm_errhandler_function(MPI_Comm *, int *, ...);
typedef MPI_Comm_errhandler_function MPI_Handler_function;
SIMPI_API int simpi_comm_dup_fn(MPI_Comm, int, void *, void *, void *, int *);
#define MPI_COMM_NULL_COPY_FN ((MPI_Comm_copy_attr_function *)0)
#define MPI_COMM_NULL_DELETE_FN ((MPI_Comm_delete_attr_function *)0)
#define MPI_COMM_DUP_FN simpi_comm_dup_fn
#define MPI_NULL_COPY_FN MPI_COMM_NULL_COPY_FN
#define MPI_NULL_DELETE_FN MPI_COMM_NULL_DELETE_FN
#define MPI_DUP_FN MPI_COMM_DUP_FN
/* keyvals: predefined attributes, then user keyvals from SIMPI_FIRST_KEYVAL */
#define MPI_KEYVAL_INVALID 0x24000000
#define MPI_TAG_UB 0x64400001
#define MPI_HOST 0x64400003
#define MPI_IO 0x64400005
#define MPI_WTIME_IS_GLOBAL 0x64400007
#define MPI_UNIVERSE_SIZE 0x64400009
#define MPI_LASTUSEDCODE 0x6440000b
#define MPI_APPNUM 0x6440000d
#define SIMPI_FIRST_KEYVAL 0x24000001
#define MPI_COMM_TYPE_SHARED 1
#define MPI_COMM_TYPE_HW_GUIDED 2
#define MPI_COMM_TYPE_HW_UNGUIDED 3
#define MPI_MAX_INFO_KEY 255
#define MPI_MAX_INFO_VAL 1024

SIMPI_DECL(int, Comm_dup, (MPI_Comm comm, MPI_Comm *newcomm))
SIMPI_DECL(int, Comm_dup_with_info, (MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm))
SIMPI_DECL(int, Comm_idup, (MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request))
SIMPI_DECL(int, Comm_idup_with_info, (MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm, MPI_Request *request))
SIMPI_DECL(int, Comm_split, (MPI_Comm comm, int color, int key, MPI_Comm *newcomm))
SIMPI_DECL(int, Comm_split_type, (MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm *newcomm))
SIMPI_DECL(int, Comm_create, (MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm))
SIMPI_DECL(int, Comm_create_group, (MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm))

/* MPI 4.0 sessions, for the world model: process sets mpi://WORLD and mpi://SELF */
typedef void MPI_Session_errhandler_function(MPI_Session *, int *, ...);
SIMPI_DECL(int, Session_init, (MPI_Info info, MPI_Errhandler errhandler, MPI_Session *session))
SIMPI_DECL(int, Session_finalize, (MPI_Session *session))
SIMPI_DECL(int, Session_get_num_psets, (MPI_Session session, MPI_Info info, int *npset_names))
SIMPI_DECL(int, Session_get_nth_pset, (MPI_Session session, MPI_Info info, int n, int *pset_len, char *pset_name))
SIMPI_DECL(int, Session_get_pset_info, (MPI_Session session, const char *pset_name, MPI_Info *info))
SIMPI_DECL(int, Session_get_info, (MPI_Session session, MPI_Info *info_used))
SIMPI_DECL(int, Group_from_session_pset, (MPI_Session session, const char *pset_name, MPI_Group *newgroup))
SIMPI_DECL(int, Comm_create_from_group, (MPI_Group group, const char *stringtag, MPI_Info info,
                                           MPI_Errhandler errhandler, MPI_Comm *newcomm))
SIMPI_DECL(int, Session_create_errhandler, (MPI_Session_errhandler_function *session_errhandler_fn,
                                              MPI_Errhandler *errhandler))
SIMPI_DECL(int, Session_set_errhandler, (MPI_Session session, MPI_Errhandler errhandler))
SIMPI_DECL(int, Session_get_errhandler, (MPI_Session session, MPI_Errhandler *errhandler))
SIMPI_DECL(int, Session_call_errhandler, (MPI_Session session, int errorcode))
SIMPI_DECL(int, Comm_free, (MPI_Comm *comm))
SIMPI_DECL(int, Comm_disconnect, (MPI_Comm *comm))
SIMPI_DECL(int, Comm_compare, (MPI_Comm comm1, MPI_Comm comm2, int *result))
SIMPI_DECL(int, Comm_test_inter, (MPI_Comm comm, int *flag))
SIMPI_DECL(int, Comm_remote_size, (MPI_Comm comm, int *size))
SIMPI_DECL(int, Comm_remote_group, (MPI_Comm comm, MPI_Group *group))
SIMPI_DECL(int, Comm_group, (MPI_Comm comm, MPI_Group *group))
SIMPI_DECL(int, Comm_set_name, (MPI_Comm comm, const char *comm_name))
SIMPI_DECL(int, Comm_get_name, (MPI_Comm comm, char *comm_name, int *resultlen))
SIMPI_DECL(int, Intercomm_create, (MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm, int remote_leader,
                                   int tag, MPI_Comm *newintercomm))
SIMPI_DECL(int, Intercomm_merge, (MPI_Comm intercomm, int high, MPI_Comm *newintracomm))
SIMPI_DECL(int, Intercomm_create_from_groups, (MPI_Group local_group, int local_leader, MPI_Group remote_group,
                                               int remote_leader, const char *stringtag, MPI_Info info,
                                               MPI_Errhandler errhandler, MPI_Comm *newintercomm))
SIMPI_DECL(int, Comm_get_parent, (MPI_Comm *parent))
SIMPI_DECL(int, Comm_create_keyval, (MPI_Comm_copy_attr_function *comm_copy_attr_fn,
                                     MPI_Comm_delete_attr_function *comm_delete_attr_fn, int *comm_keyval,
                                     void *extra_state))
SIMPI_DECL(int, Comm_free_keyval, (int *comm_keyval))
SIMPI_DECL(int, Comm_set_attr, (MPI_Comm comm, int comm_keyval, void *attribute_val))
SIMPI_DECL(int, Comm_get_attr, (MPI_Comm comm, int comm_keyval, void *attribute_val, int *flag))
SIMPI_DECL(int, Comm_delete_attr, (MPI_Comm comm, int comm_keyval))
SIMPI_DECL(int, Keyval_create, (MPI_Copy_function *copy_fn, MPI_Delete_function *delete_fn, int *keyval,
                                void *extra_state))
SIMPI_DECL(int, Keyval_free, (int *keyval))
SIMPI_DECL(int, Attr_put, (MPI_Comm comm, int keyval, void *attribute_val))
SIMPI_DECL(int, Attr_get, (MPI_Comm comm, int keyval, void *attribute_val, int *flag))
SIMPI_DECL(int, Attr_delete, (MPI_Comm comm, int keyval))
/* attributes on datatypes: the same callbacks' shape, a datatype in place of the communicator */
typedef int MPI_Type_copy_attr_function(MPI_Datatype, int, void *, void *, void *, int *);
typedef int MPI_Type_delete_attr_function(MPI_Datatype, int, void *, void *);
#define MPI_TYPE_NULL_COPY_FN ((MPI_Type_copy_attr_function *)0)
#define MPI_TYPE_NULL_DELETE_FN ((MPI_Type_delete_attr_function *)0)
#define MPI_TYPE_DUP_FN simpi_comm_dup_fn
SIMPI_DECL(int, Type_create_keyval, (MPI_Type_copy_attr_function *type_copy_attr_fn,
                                     MPI_Type_delete_attr_function *type_delete_attr_fn, int *type_keyval,
                                     void *extra_state))
SIMPI_DECL(int, Type_free_keyval, (int *type_keyval))
SIMPI_DECL(int, Type_set_attr, (MPI_Datatype datatype, int type_keyval, void *attribute_val))
SIMPI_DECL(int, Type_get_attr, (MPI_Datatype datatype, int type_keyval, void *attribute_val, int *flag))
SIMPI_DECL(int, Type_delete_attr, (MPI_Datatype datatype, int type_keyval))
SIMPI_DECL(int, Comm_create_errhandler, (MPI_Comm_errhandler_function *fn, MPI_Errhandler *errhandler))
SIMPI_DECL(int, Errhandler_create, (MPI_Handler_function *fn, MPI_Errhandler *errhandler))
SIMPI_DECL(int, Errhandler_set, (MPI_Comm comm, MPI_Errhandler errhandler))
SIMPI_DECL(int, Errhandler_get, (MPI_Comm comm, MPI_Errhandler *errhandler))
SIMPI_DECL(int, Add_error_class, (int *errorclass))
SIMPI_DECL(int, Add_error_code, (int errorclass, int *errorcode))
SIMPI_DECL(int, Add_error_string, (int errorcode, const char *string))
SIMPI_DECL(int, Comm_set_info, (MPI_Comm comm, MPI_Info info))
SIMPI_DECL(int, Comm_get_info, (MPI_Comm comm, MPI_Info *info_used))
SIMPI_DECL(int, Info_create, (MPI_Info *info))
SIMPI_DECL(int, Info_set, (MPI_Info info, const char *key, const char *value))
SIMPI_DECL(int, Info_get, (MPI_Info info, const char *key, int valuelen, char *value, int *flag))
SIMPI_DECL(int, Info_delete, (MPI_Info info, const char *key))
SIMPI_DECL(int, Info_get_nkeys, (MPI_Info info, int *nkeys))
SIMPI_DECL(int, Info_get_nthkey, (MPI_Info info, int n, char *key))
SIMPI_DECL(int, Info_get_valuelen, (MPI_Info info, const char *key, int *valuelen, int *flag))
SIMPI_DECL(int, Info_get_string, (MPI_Info info, const char *key, int *buflen, char *value, int *flag))
SIMPI_DECL(int, Info_create_env, (int argc, char *argv[], MPI_Info *info))
SIMPI_DECL(int, Info_dup, (MPI_Info info, MPI_Info *newinfo))
SIMPI_DECL(int, Info_free, (MPI_Info *info))
SIMPI_DECL(int, Group_size, (MPI_Group group, int *size))
SIMPI_DECL(int, Group_rank, (MPI_Group group, int *rank))
SIMPI_DECL(int, Group_incl, (MPI_Group group, int n, const int ranks[], MPI_Group *newgroup))
SIMPI_DECL(int, Group_excl, (MPI_Group group, int n, const int ranks[], MPI_Group *newgroup))
SIMPI_DECL(int, Group_range_incl, (MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup))
SIMPI_DECL(int, Group_range_excl, (MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup))
SIMPI_DECL(int, Group_union, (MPI_Group group1, MPI_Group group2, MPI_Group *newgroup))
SIMPI_DECL(int, Group_intersection, (MPI_Group group1, MPI_Group group2, MPI_Group *newgroup))
SIMPI_DECL(int, Group_difference, (MPI_Group group1, MPI_Group group2, MPI_Group *newgroup))
SIMPI_DECL(int, Group_translate_ranks, (MPI_Group group1, int n, const int ranks1[], MPI_Group group2, int ranks2[]))
SIMPI_DECL(int, Group_compare, (MPI_Group group1, MPI_Group group2, int *result))
SIMPI_DECL(int, Group_free, (MPI_Group *group))

/* == Topologies == */
#define MPI_GRAPH 1
#define MPI_CART 2
#define MPI_DIST_GRAPH 3
#define MPI_UNWEIGHTED ((int *)2)
#define MPI_WEIGHTS_EMPTY ((int *)3)
SIMPI_DECL(int, Dims_create, (int nnodes, int ndims, int dims[]))
SIMPI_DECL(int, Cart_create, (MPI_Comm comm_old, int ndims, const int dims[], const int periods[], int reorder,
                              MPI_Comm *comm_cart))
SIMPI_DECL(int, Cartdim_get, (MPI_Comm comm, int *ndims))
SIMPI_DECL(int, Cart_get, (MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[]))
SIMPI_DECL(int, Cart_rank, (MPI_Comm comm, const int coords[], int *rank))
SIMPI_DECL(int, Cart_coords, (MPI_Comm comm, int rank, int maxdims, int coords[]))
SIMPI_DECL(int, Cart_shift, (MPI_Comm comm, int direction, int disp, int *rank_source, int *rank_dest))
SIMPI_DECL(int, Cart_sub, (MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm))
SIMPI_DECL(int, Cart_map, (MPI_Comm comm, int ndims, const int dims[], const int periods[], int *newrank))
SIMPI_DECL(int, Graph_create, (MPI_Comm comm_old, int nnodes, const int index[], const int edges[], int reorder,
                               MPI_Comm *comm_graph))
SIMPI_DECL(int, Graphdims_get, (MPI_Comm comm, int *nnodes, int *nedges))
SIMPI_DECL(int, Graph_get, (MPI_Comm comm, int maxindex, int maxedges, int index[], int edges[]))
SIMPI_DECL(int, Graph_neighbors_count, (MPI_Comm comm, int rank, int *nneighbors))
SIMPI_DECL(int, Graph_neighbors, (MPI_Comm comm, int rank, int maxneighbors, int neighbors[]))
SIMPI_DECL(int, Graph_map, (MPI_Comm comm, int nnodes, const int index[], const int edges[], int *newrank))
SIMPI_DECL(int, Topo_test, (MPI_Comm comm, int *status))
SIMPI_DECL(int, Dist_graph_create_adjacent, (MPI_Comm comm_old, int indegree, const int sources[],
                                             const int sourceweights[], int outdegree, const int destinations[],
                                             const int destweights[], MPI_Info info, int reorder,
                                             MPI_Comm *comm_dist_graph))
SIMPI_DECL(int, Dist_graph_create, (MPI_Comm comm_old, int n, const int sources[], const int degrees[],
                                    const int destinations[], const int weights[], MPI_Info info, int reorder,
                                    MPI_Comm *comm_dist_graph))
SIMPI_DECL(int, Dist_graph_neighbors_count, (MPI_Comm comm, int *indegree, int *outdegree, int *weighted))
SIMPI_DECL(int, Neighbor_allgather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                     int recvcount, MPI_Datatype recvtype, MPI_Comm comm))
SIMPI_DECL(int, Neighbor_allgatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                      const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                      MPI_Comm comm))
SIMPI_DECL(int, Neighbor_alltoall, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm))
SIMPI_DECL(int, Neighbor_alltoallv, (const void *sendbuf, const int sendcounts[], const int sdispls[],
                                     MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                     const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm))
SIMPI_DECL(int, Neighbor_alltoallw, (const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                                     const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                     const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm))
/* Nonblocking and persistent neighbourhood collectives (MPI 3.0, 4.0), int and large-count forms. */
SIMPI_DECL(int, Ineighbor_allgather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Neighbor_allgather_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Ineighbor_allgatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Neighbor_allgatherv_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Ineighbor_alltoall, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Neighbor_alltoall_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Ineighbor_alltoallv, (const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Neighbor_alltoallv_init, (const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Ineighbor_alltoallw, (const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Neighbor_alltoallw_init, (const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Ineighbor_allgather_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Neighbor_allgather_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Ineighbor_allgatherv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Neighbor_allgatherv_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Ineighbor_alltoall_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Neighbor_alltoall_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Ineighbor_alltoallv_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Neighbor_alltoallv_init_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Ineighbor_alltoallw_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request))
SIMPI_DECL(int, Neighbor_alltoallw_init_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info, MPI_Request *request))
SIMPI_DECL(int, Dist_graph_neighbors, (MPI_Comm comm, int maxindegree, int sources[], int sourceweights[],
                                       int maxoutdegree, int destinations[], int destweights[]))

/* == Handles and statuses between C and Fortran ==
 * A Fortran handle (MPI_Fint) is the C handle's value; a Fortran status is
 * MPI_F_STATUS_SIZE integers: source, tag and error at MPI_F_SOURCE,
 * MPI_F_TAG and MPI_F_ERROR (C indices), then the rest of the C status. */
#define MPI_F_STATUS_SIZE 6
#define MPI_F_SOURCE 0
#define MPI_F_TAG 1
#define MPI_F_ERROR 2
#define SIMPI_C2F(T, kind)                                                                                            \
  SIMPI_DECL(MPI_Fint, kind##_c2f, (MPI_##T handle)) SIMPI_DECL(MPI_##T, kind##_f2c, (MPI_Fint handle))
SIMPI_C2F(Comm, Comm)
SIMPI_C2F(Datatype, Type)
SIMPI_C2F(Group, Group)
SIMPI_C2F(Request, Request)
SIMPI_C2F(Op, Op)
SIMPI_C2F(Info, Info)
SIMPI_C2F(Errhandler, Errhandler)
SIMPI_C2F(Win, Win)
SIMPI_C2F(Message, Message)
SIMPI_C2F(Session, Session)
#undef SIMPI_C2F
SIMPI_DECL(int, Status_c2f, (const MPI_Status *c_status, MPI_Fint *f_status))
SIMPI_DECL(int, Status_f2c, (const MPI_Fint *f_status, MPI_Status *c_status))

#include "mpi_rma.h"
#include "mpi_io.h"
#undef SIMPI_DECL

#ifdef __cplusplus
}
#endif
#endif
