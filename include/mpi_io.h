/* MPI-IO (MPI 4.0 chapter 14), included by mpi.h: file handles, access
 * modes, views, data access calls and their large-count forms, file error
 * handlers. Constant values are MPICH's (ROMIO's) so that programs printing
 * them agree; error classes are numbered in simpi's own free range. */
#ifndef SIMPI_MPI_IO_H
#define SIMPI_MPI_IO_H

#define SIMPI_KIND_FILE 0x34
typedef int MPI_File;
#define MPI_FILE_NULL ((MPI_File)SIMPI_HANDLE(SIMPI_KIND_FILE, 0))

/* error classes of the I/O chapter */
#define MPI_ERR_ACCESS 28
#define MPI_ERR_AMODE 29
#define MPI_ERR_BAD_FILE 30
#define MPI_ERR_CONVERSION 31
#define MPI_ERR_DUP_DATAREP 32
#define MPI_ERR_FILE_EXISTS 33
#define MPI_ERR_FILE_IN_USE 34
#define MPI_ERR_FILE 35
#define MPI_ERR_IO 36
#define MPI_ERR_NO_SPACE 37
#define MPI_ERR_NO_SUCH_FILE 38
#define MPI_ERR_READ_ONLY 39
#define MPI_ERR_UNSUPPORTED_DATAREP 40
#define MPI_ERR_QUOTA 41

/* access modes (bits) */
#define MPI_MODE_CREATE 1
#define MPI_MODE_RDONLY 2
#define MPI_MODE_WRONLY 4
#define MPI_MODE_RDWR 8
#define MPI_MODE_DELETE_ON_CLOSE 16
#define MPI_MODE_UNIQUE_OPEN 32
#define MPI_MODE_EXCL 64
#define MPI_MODE_APPEND 128
#define MPI_MODE_SEQUENTIAL 256

#define MPI_SEEK_SET 600
#define MPI_SEEK_CUR 602
#define MPI_SEEK_END 604
#define MPI_DISPLACEMENT_CURRENT (-54278278)
#define MPI_MAX_DATAREP_STRING 128

typedef void MPI_File_errhandler_function(MPI_File *, int *, ...);
typedef MPI_File_errhandler_function MPI_File_errhandler_fn;
typedef int MPI_Datarep_conversion_function(void *userbuf, MPI_Datatype datatype, int count, void *filebuf,
                                            MPI_Offset position, void *extra_state);
typedef int MPI_Datarep_conversion_function_c(void *userbuf, MPI_Datatype datatype, MPI_Count count, void *filebuf,
                                              MPI_Offset position, void *extra_state);
typedef int MPI_Datarep_extent_function(MPI_Datatype datatype, MPI_Aint *file_extent, void *extra_state);
#define MPI_CONVERSION_FN_NULL ((MPI_Datarep_conversion_function *)0)
#define MPI_CONVERSION_FN_NULL_C ((MPI_Datarep_conversion_function_c *)0)

/* Files */
SIMPI_DECL(int, File_open, (MPI_Comm comm, const char *filename, int amode, MPI_Info info, MPI_File *fh))
SIMPI_DECL(int, File_close, (MPI_File *fh))
SIMPI_DECL(int, File_delete, (const char *filename, MPI_Info info))
SIMPI_DECL(int, File_set_size, (MPI_File fh, MPI_Offset size))
SIMPI_DECL(int, File_preallocate, (MPI_File fh, MPI_Offset size))
SIMPI_DECL(int, File_get_size, (MPI_File fh, MPI_Offset *size))
SIMPI_DECL(int, File_get_group, (MPI_File fh, MPI_Group *group))
SIMPI_DECL(int, File_get_amode, (MPI_File fh, int *amode))
SIMPI_DECL(int, File_set_info, (MPI_File fh, MPI_Info info))
SIMPI_DECL(int, File_get_info, (MPI_File fh, MPI_Info *info_used))
SIMPI_DECL(int, File_set_view, (MPI_File fh, MPI_Offset disp, MPI_Datatype etype, MPI_Datatype filetype,
                                const char *datarep, MPI_Info info))
SIMPI_DECL(int, File_get_view, (MPI_File fh, MPI_Offset *disp, MPI_Datatype *etype, MPI_Datatype *filetype,
                                char *datarep))
SIMPI_DECL(int, File_seek, (MPI_File fh, MPI_Offset offset, int whence))
SIMPI_DECL(int, File_get_position, (MPI_File fh, MPI_Offset *offset))
SIMPI_DECL(int, File_get_byte_offset, (MPI_File fh, MPI_Offset offset, MPI_Offset *disp))
SIMPI_DECL(int, File_seek_shared, (MPI_File fh, MPI_Offset offset, int whence))
SIMPI_DECL(int, File_get_position_shared, (MPI_File fh, MPI_Offset *offset))
SIMPI_DECL(int, File_get_type_extent, (MPI_File fh, MPI_Datatype datatype, MPI_Aint *extent))
SIMPI_DECL(int, File_get_type_extent_c, (MPI_File fh, MPI_Datatype datatype, MPI_Count *extent))
SIMPI_DECL(int, File_set_atomicity, (MPI_File fh, int flag))
SIMPI_DECL(int, File_get_atomicity, (MPI_File fh, int *flag))
SIMPI_DECL(int, File_sync, (MPI_File fh))
SIMPI_DECL(int, Register_datarep, (const char *datarep, MPI_Datarep_conversion_function *read_conversion_fn,
                                   MPI_Datarep_conversion_function *write_conversion_fn,
                                   MPI_Datarep_extent_function *dtype_file_extent_fn, void *extra_state))
SIMPI_DECL(int, Register_datarep_c, (const char *datarep, MPI_Datarep_conversion_function_c *read_conversion_fn,
                                     MPI_Datarep_conversion_function_c *write_conversion_fn,
                                     MPI_Datarep_extent_function *dtype_file_extent_fn, void *extra_state))
SIMPI_DECL(int, File_create_errhandler, (MPI_File_errhandler_function *file_errhandler_fn,
                                         MPI_Errhandler *errhandler))
SIMPI_DECL(int, File_set_errhandler, (MPI_File file, MPI_Errhandler errhandler))
SIMPI_DECL(int, File_get_errhandler, (MPI_File file, MPI_Errhandler *errhandler))
SIMPI_DECL(int, File_call_errhandler, (MPI_File fh, int errorcode))
/* not SIMPI_DECL lines: gen.py binds them by hand, as the other handles' */
SIMPI_API MPI_Fint MPI_File_c2f(MPI_File file);
SIMPI_API MPI_Fint PMPI_File_c2f(MPI_File file);
SIMPI_API MPI_File MPI_File_f2c(MPI_Fint file);
SIMPI_API MPI_File PMPI_File_f2c(MPI_Fint file);

/* Data access */
SIMPI_DECL(int, File_read_at, (MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype,
                               MPI_Status *status))
SIMPI_DECL(int, File_read_at_all, (MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype,
                                   MPI_Status *status))
SIMPI_DECL(int, File_write_at, (MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype,
                                MPI_Status *status))
SIMPI_DECL(int, File_write_at_all, (MPI_File fh, MPI_Offset offset, const void *buf, int count,
                                    MPI_Datatype datatype, MPI_Status *status))
SIMPI_DECL(int, File_iread_at, (MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype,
                                MPI_Request *request))
SIMPI_DECL(int, File_iwrite_at, (MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype,
                                 MPI_Request *request))
SIMPI_DECL(int, File_iread_at_all, (MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype,
                                    MPI_Request *request))
SIMPI_DECL(int, File_iwrite_at_all, (MPI_File fh, MPI_Offset offset, const void *buf, int count,
                                     MPI_Datatype datatype, MPI_Request *request))
SIMPI_DECL(int, File_read, (MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status))
SIMPI_DECL(int, File_read_all, (MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status))
SIMPI_DECL(int, File_write, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status))
SIMPI_DECL(int, File_write_all, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
                                 MPI_Status *status))
SIMPI_DECL(int, File_iread, (MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Request *request))
SIMPI_DECL(int, File_iwrite, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
                              MPI_Request *request))
SIMPI_DECL(int, File_iread_all, (MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Request *request))
SIMPI_DECL(int, File_iwrite_all, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
                                  MPI_Request *request))
SIMPI_DECL(int, File_read_shared, (MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status))
SIMPI_DECL(int, File_write_shared, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
                                    MPI_Status *status))
SIMPI_DECL(int, File_iread_shared, (MPI_File fh, void *buf, int count, MPI_Datatype datatype,
                                    MPI_Request *request))
SIMPI_DECL(int, File_iwrite_shared, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
                                     MPI_Request *request))
SIMPI_DECL(int, File_read_ordered, (MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status))
SIMPI_DECL(int, File_write_ordered, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
                                     MPI_Status *status))
/* split collectives */
SIMPI_DECL(int, File_read_at_all_begin, (MPI_File fh, MPI_Offset offset, void *buf, int count,
                                         MPI_Datatype datatype))
SIMPI_DECL(int, File_read_at_all_end, (MPI_File fh, void *buf, MPI_Status *status))
SIMPI_DECL(int, File_write_at_all_begin, (MPI_File fh, MPI_Offset offset, const void *buf, int count,
                                          MPI_Datatype datatype))
SIMPI_DECL(int, File_write_at_all_end, (MPI_File fh, const void *buf, MPI_Status *status))
SIMPI_DECL(int, File_read_all_begin, (MPI_File fh, void *buf, int count, MPI_Datatype datatype))
SIMPI_DECL(int, File_read_all_end, (MPI_File fh, void *buf, MPI_Status *status))
SIMPI_DECL(int, File_write_all_begin, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype))
SIMPI_DECL(int, File_write_all_end, (MPI_File fh, const void *buf, MPI_Status *status))
SIMPI_DECL(int, File_read_ordered_begin, (MPI_File fh, void *buf, int count, MPI_Datatype datatype))
SIMPI_DECL(int, File_read_ordered_end, (MPI_File fh, void *buf, MPI_Status *status))
SIMPI_DECL(int, File_write_ordered_begin, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype))
SIMPI_DECL(int, File_write_ordered_end, (MPI_File fh, const void *buf, MPI_Status *status))

/* Large counts (MPI 4.0) */
SIMPI_DECL(int, File_read_at_c, (MPI_File fh, MPI_Offset offset, void *buf, MPI_Count count, MPI_Datatype datatype,
                                 MPI_Status *status))
SIMPI_DECL(int, File_read_at_all_c, (MPI_File fh, MPI_Offset offset, void *buf, MPI_Count count,
                                     MPI_Datatype datatype, MPI_Status *status))
SIMPI_DECL(int, File_write_at_c, (MPI_File fh, MPI_Offset offset, const void *buf, MPI_Count count,
                                  MPI_Datatype datatype, MPI_Status *status))
SIMPI_DECL(int, File_write_at_all_c, (MPI_File fh, MPI_Offset offset, const void *buf, MPI_Count count,
                                      MPI_Datatype datatype, MPI_Status *status))
SIMPI_DECL(int, File_iread_at_c, (MPI_File fh, MPI_Offset offset, void *buf, MPI_Count count, MPI_Datatype datatype,
                                  MPI_Request *request))
SIMPI_DECL(int, File_iwrite_at_c, (MPI_File fh, MPI_Offset offset, const void *buf, MPI_Count count,
                                   MPI_Datatype datatype, MPI_Request *request))
SIMPI_DECL(int, File_iread_at_all_c, (MPI_File fh, MPI_Offset offset, void *buf, MPI_Count count,
                                      MPI_Datatype datatype, MPI_Request *request))
SIMPI_DECL(int, File_iwrite_at_all_c, (MPI_File fh, MPI_Offset offset, const void *buf, MPI_Count count,
                                       MPI_Datatype datatype, MPI_Request *request))
SIMPI_DECL(int, File_read_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status))
SIMPI_DECL(int, File_read_all_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype,
                                  MPI_Status *status))
SIMPI_DECL(int, File_write_c, (MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype,
                               MPI_Status *status))
SIMPI_DECL(int, File_write_all_c, (MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype,
                                   MPI_Status *status))
SIMPI_DECL(int, File_iread_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype,
                               MPI_Request *request))
SIMPI_DECL(int, File_iwrite_c, (MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype,
                                MPI_Request *request))
SIMPI_DECL(int, File_iread_all_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype,
                                   MPI_Request *request))
SIMPI_DECL(int, File_iwrite_all_c, (MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype,
                                    MPI_Request *request))
SIMPI_DECL(int, File_read_shared_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype,
                                     MPI_Status *status))
SIMPI_DECL(int, File_write_shared_c, (MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype,
                                      MPI_Status *status))
SIMPI_DECL(int, File_iread_shared_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype,
                                      MPI_Request *request))
SIMPI_DECL(int, File_iwrite_shared_c, (MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype,
                                       MPI_Request *request))
SIMPI_DECL(int, File_read_ordered_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype,
                                      MPI_Status *status))
SIMPI_DECL(int, File_write_ordered_c, (MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype,
                                       MPI_Status *status))
SIMPI_DECL(int, File_read_at_all_begin_c, (MPI_File fh, MPI_Offset offset, void *buf, MPI_Count count,
                                           MPI_Datatype datatype))
SIMPI_DECL(int, File_write_at_all_begin_c, (MPI_File fh, MPI_Offset offset, const void *buf, MPI_Count count,
                                            MPI_Datatype datatype))
SIMPI_DECL(int, File_read_all_begin_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype))
SIMPI_DECL(int, File_write_all_begin_c, (MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype))
SIMPI_DECL(int, File_read_ordered_begin_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype))
SIMPI_DECL(int, File_write_ordered_begin_c, (MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype))
#endif
