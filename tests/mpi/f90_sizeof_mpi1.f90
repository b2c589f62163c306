! what this tests: module mpi's generic MPI_SIZEOF (integer, real, complex, logical
! and character values, scalars and arrays), the MPI-1 MPI_Type_extent, MPI_Type_lb
! and MPI_Type_ub with their default INTEGER results (of a predefined type, of the
! pairs MPI_2REAL and MPI_2DOUBLE_PRECISION, and of a resized type), and
! PMPI_WTIME/PMPI_WTICK declared by the module
! np: 1 2
program f90_sizeof_mpi1
  use mpi
  implicit none
  integer :: ierr, rank, s, e, lb, ub, t, i
  integer(kind=1) :: i1
  integer(kind=2) :: i2(3)
  integer :: i4
  integer(kind=8) :: i8(2)
  real :: r4
  double precision :: r8(5)
  complex :: c4
  logical :: l
  character :: ch
  integer(kind=MPI_ADDRESS_KIND) :: alb, aext
  double precision :: t0, tick
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  if (rank == 0) then
    call MPI_Sizeof(i1, s, ierr); print '(a,i0)', 'integer(1) ', s
    call MPI_Sizeof(i2, s, ierr); print '(a,i0)', 'integer(2) array ', s
    call MPI_Sizeof(i4, s, ierr); print '(a,i0)', 'integer ', s
    call MPI_Sizeof(i8, s, ierr); print '(a,i0)', 'integer(8) array ', s
    call MPI_Sizeof(r4, s, ierr); print '(a,i0)', 'real ', s
    call MPI_Sizeof(r8, s, ierr); print '(a,i0)', 'double precision array ', s
    call MPI_Sizeof(c4, s, ierr); print '(a,i0)', 'complex ', s
    call MPI_Sizeof(l, s, ierr); print '(a,i0)', 'logical ', s
    call MPI_Sizeof(ch, s, ierr); print '(a,i0,a,i0)', 'character ', s, ' ierr ', ierr
    call MPI_Type_extent(MPI_DOUBLE_PRECISION, e, ierr)
    call MPI_Type_lb(MPI_DOUBLE_PRECISION, lb, ierr)
    call MPI_Type_ub(MPI_DOUBLE_PRECISION, ub, ierr)
    print '(a,3(1x,i0))', 'double precision extent lb ub', e, lb, ub
    call MPI_Type_extent(MPI_2REAL, e, ierr)
    call MPI_Type_extent(MPI_2DOUBLE_PRECISION, i, ierr)
    print '(a,2(1x,i0))', '2real 2double_precision extents', e, i
    call MPI_Type_create_resized(MPI_INTEGER, -4_MPI_ADDRESS_KIND, 12_MPI_ADDRESS_KIND, t, ierr)
    call MPI_Type_extent(t, e, ierr)
    call MPI_Type_lb(t, lb, ierr)
    call MPI_Type_ub(t, ub, ierr)
    call MPI_Type_get_extent(t, alb, aext, ierr)
    print '(a,5(1x,i0))', 'resized extent lb ub, get_extent', e, lb, ub, alb, aext
    call MPI_Type_free(t, ierr)
  end if
  t0 = PMPI_Wtime()
  tick = PMPI_Wtick()
  if (rank == 0) print '(a,l1)', 'pmpi_wtime and wtick ', t0 >= 0d0 .and. tick > 0d0 .and. abs(MPI_Wtime() - t0) < 1d3
  call MPI_Finalize(ierr)
end program
