! what: a Fortran program (use mpi) sends to rank 5 of 2 from a module procedure:
! the report names the call and the Fortran source line
! np: 2
! exit: nonzero
! stderr: rank 0: MPI_Send: invalid destination rank 5 .*MPI_ERR_RANK
! stderr: at fortran_bad_rank\.f90:13 
module sender
  use mpi
  implicit none
contains
  subroutine send_to(dest)
    integer :: dest, ierr, val = 1
    call MPI_Send(val, 1, MPI_INTEGER, dest, 0, MPI_COMM_WORLD, ierr)
  end subroutine send_to
end module sender

program fortran_bad_rank
  use sender
  implicit none
  integer :: ierr, rank
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  if (rank == 0) call send_to(5)
  call MPI_Finalize(ierr)
end program fortran_bad_rank
