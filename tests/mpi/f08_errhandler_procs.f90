! what this tests: mpi_f08's abstract interfaces of the error handler functions: handlers
! declared with procedure(MPI_File_errhandler_function) and
! procedure(MPI_Comm_errhandler_function) are made into error handlers, and called with
! their object and the error: MPI_Comm_call_errhandler, and (with -DWITH_MPICH_BROKEN,
! unit/mpich_broken.sh) the handler of MPI_FILE_NULL when a missing file is opened. MPICH
! 4.0.2's mpi_f08 MPI_File_open crashes on its error path about one run in two (it
! converts a file handle it never set), and hands a file handler another handle than
! the file's: that case is left out of the differential run.
! np: 1 2
! cflags: -cpp
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
  subroutine verdict(what, good)
    character(*) :: what
    logical :: good
    integer :: rank
    call MPI_Comm_rank(MPI_COMM_WORLD, rank)
    if (rank /= 0) return
    if (good) then
      print '(2a)', what, ': ok'
    else
      print '(2a)', what, ': FAILED'
    end if
  end subroutine
end module

program errhandler_procs
  use mpi_f08
  use handlers
  implicit none
  procedure(MPI_Comm_errhandler_function), pointer :: cp
  type(MPI_Errhandler) :: ceh
#ifdef WITH_MPICH_BROKEN
  procedure(MPI_File_errhandler_function), pointer :: fp
  type(MPI_Errhandler) :: feh
  type(MPI_File) :: fh
  integer :: ierr
#endif
  call MPI_Init()
  cp => on_comm
  call MPI_Comm_create_errhandler(cp, ceh)
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, ceh)
  call MPI_Comm_call_errhandler(MPI_COMM_WORLD, MPI_ERR_OTHER)
  call verdict('comm handler called once, with MPI_COMM_WORLD and MPI_ERR_OTHER', &
               comm_calls == 1 .and. last_class == MPI_ERR_OTHER)
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL)
  call MPI_Errhandler_free(ceh)
#ifdef WITH_MPICH_BROKEN
  fp => on_file
  call MPI_File_create_errhandler(fp, feh)
  call MPI_File_set_errhandler(MPI_FILE_NULL, feh)
  call MPI_File_open(MPI_COMM_WORLD, 'no_such_dir/no_such_file', MPI_MODE_RDONLY, MPI_INFO_NULL, fh, ierr)
  call verdict('file handler of MPI_FILE_NULL called once by an open of a missing file, with MPI_FILE_NULL &
               &and MPI_ERR_NO_SUCH_FILE, the error returned', &
               file_calls == 1 .and. last_class == MPI_ERR_NO_SUCH_FILE .and. ierr /= MPI_SUCCESS)
  call MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN)
  call MPI_Errhandler_free(feh)
#endif
  call MPI_Finalize()
end program
