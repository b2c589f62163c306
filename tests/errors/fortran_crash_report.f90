! what: a Fortran program that crashes (a store through a null pointer on rank 1, after
! MPI_Comm_rank): simpi's crash report names the rank, the last MPI call and the source
! line, although gfortran's main installs libgfortran's own handlers for the crash
! signals (simfort wraps _gfortran_set_options and keeps simpi's)
! np: 2
! exit: 139
! stderr: rank 1 crashed with SIGSEGV.*last MPI call MPI_Comm_rank
! stderr: fortran_crash_report\.f90:19
program fortran_crash_report
  use mpi
  use, intrinsic :: iso_c_binding
  implicit none
  integer :: ierr, rank
  integer, pointer :: p
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call c_f_pointer(c_null_ptr, p)
  if (rank == 1) then
    p = 5
  end if
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
end program
