! what this tests: mpi_f08's abstract interfaces of the error handler functions: handlers
! declared with procedure(MPI_File_errhandler_function) and
! procedure(MPI_Comm_errhandler_function) are made into error handlers, and called with
! their object and the error: opening a missing file (the handler of MPI_FILE_NULL) and
! MPI_Comm_call_errhandler
! np: 1 2
module handlers
  use mpi_f08
  implicit none
  integer :: file_calls = 0, comm_calls = 0, last_class = -1
contains
  subroutine note(calls, error_code, right_object)
    integer :: calls, error_code
    logical :: right_object
    calls = calls + 1
    call MPI_Error_class(error_code, last_class)
    if (.not. right_object) last_class = -2
  end subroutine
  subroutine on_file(file, error_code)
    type(MPI_File) :: file
    integer :: error_code
    call note(file_calls, error_code, file == MPI_FILE_NULL)
  end subroutine
  subroutine on_comm(comm, error_code)
    type(MPI_Comm) :: comm
    integer :: error_code
    call note(comm_calls, error_code, comm == MPI_COMM_WORLD)
  end subroutine
end module

program errhandler_procs
  use mpi_f08
  use handlers
  implicit none
  procedure(MPI_File_errhandler_function), pointer :: fp
  procedure(MPI_Comm_errhandler_function), pointer :: cp
  type(MPI_Errhandler) :: feh, ceh
  type(MPI_File) :: fh
  integer :: rank, ierr
  fp => on_file
  cp => on_comm
  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_File_create_errhandler(fp, feh)
  call MPI_File_set_errhandler(MPI_FILE_NULL, feh)
  call MPI_File_open(MPI_COMM_WORLD, 'no_such_dir/no_such_file', MPI_MODE_RDONLY, MPI_INFO_NULL, fh, ierr)
  if (rank == 0) print '(a, i0, a, l1, a, l1)', 'file handler calls: ', file_calls, ', error returned: ', &
      ierr /= MPI_SUCCESS, ', class is MPI_ERR_NO_SUCH_FILE: ', last_class == MPI_ERR_NO_SUCH_FILE
  call MPI_Comm_create_errhandler(cp, ceh)
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, ceh)
  call MPI_Comm_call_errhandler(MPI_COMM_WORLD, MPI_ERR_OTHER)
  if (rank == 0) print '(a, i0, a, l1)', 'comm handler calls: ', comm_calls, ', class is MPI_ERR_OTHER: ', &
      last_class == MPI_ERR_OTHER
  call MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN)
  call MPI_Errhandler_free(feh)
  call MPI_Errhandler_free(ceh)
  call MPI_Finalize()
end program
