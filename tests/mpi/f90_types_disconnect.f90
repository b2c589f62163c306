! what this tests: the Fortran bindings of MPI_Type_create_f90_real, _complex, _integer
! (kinds from selected_real_kind and selected_int_kind used in a reduction, sizes, the
! combiner, no kind for 30 digits) and MPI_Comm_disconnect (module mpi)
! np: 2 3
program f90_types_disconnect
  use mpi
  implicit none
  integer, parameter :: dp = selected_real_kind(15, 307), i8 = selected_int_kind(18)
  integer :: ierr, rank, size, tr, tc, ti, tbad, sz, ni, na, nd, comb, dup
  real(kind=dp) :: x(2), y(2)
  integer(kind=i8) :: a, b
  complex :: c, d
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, size, ierr)
  call MPI_Type_create_f90_real(15, 307, tr, ierr)
  call MPI_Type_create_f90_complex(6, 37, tc, ierr)
  call MPI_Type_create_f90_integer(18, ti, ierr)
  call MPI_Type_size(tr, sz, ierr)
  if (rank == 0) print '(a,i0)', 'real(15,307) size ', sz
  call MPI_Type_size(tc, sz, ierr)
  if (rank == 0) print '(a,i0)', 'complex(6,37) size ', sz
  call MPI_Type_size(ti, sz, ierr)
  if (rank == 0) print '(a,i0)', 'integer(18) size ', sz
  call MPI_Type_get_envelope(tr, ni, na, nd, comb, ierr)
  if (rank == 0) print '(a,l1,a,i0)', 'real combiner F90_REAL ', comb == MPI_COMBINER_F90_REAL, ' integers ', ni
  x = (/ 1.5_dp * (rank + 1), 1.0e300_dp /)
  call MPI_Allreduce(x, y, 2, tr, MPI_MAX, MPI_COMM_WORLD, ierr)
  a = 3000000000_i8 * (rank + 1)
  call MPI_Allreduce(a, b, 1, ti, MPI_SUM, MPI_COMM_WORLD, ierr)
  c = cmplx(1.0, real(rank))
  call MPI_Allreduce(c, d, 1, tc, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,l1,l1,l1)', 'reductions right ', y(1) == 1.5_dp * size .and. y(2) == 1.0e300_dp, &
    b == 3000000000_i8 * size * (size + 1) / 2, d == cmplx(real(size), real(size * (size - 1) / 2))
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN, ierr)
  call MPI_Type_create_f90_real(30, 10, tbad, ierr)
  if (rank == 0) print '(a,l1)', 'real(30,10) refused ', ierr /= MPI_SUCCESS
  call MPI_Comm_dup(MPI_COMM_WORLD, dup, ierr)
  call MPI_Barrier(dup, ierr)
  call MPI_Comm_disconnect(dup, ierr)
  if (rank == 0) print '(a,l1)', 'disconnected ', dup == MPI_COMM_NULL .and. ierr == MPI_SUCCESS
  call MPI_Finalize(ierr)
end program
