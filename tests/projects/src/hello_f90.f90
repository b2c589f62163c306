! One of the build-system checks' programs: MPI from Fortran (use mpi), with
! the reduction in a Fortran 77 file (mpif.h).
program hello_f90
  use mpi
  implicit none
  integer :: ierr, rank, np, s
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call total(rank, s)
  if (rank == 0) print '(a, i0, a, i0)', 'Fortran: ', np, ' ranks, sum ', s
  call MPI_Finalize(ierr)
end program hello_f90
