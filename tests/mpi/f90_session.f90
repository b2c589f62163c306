! what this tests: the Fortran bindings of MPI 4.0 sessions (module mpi), without MPI_Init:
! the process sets (their index 1-based, as MPICH binds it) and their info, a communicator from the group of mpi://WORLD, a reduction
! on it, the pset info, MPI_Session_finalize
! np: 1 3
program f90_session
  use mpi
  implicit none
  integer :: ierr, session, n, i, plen, group, comm, rank, size, x, total, info, want
  character(len=32) :: pname, val
  logical :: flag
  call MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, session, ierr)
  call MPI_Group_from_session_pset(session, 'mpi://WORLD', group, ierr)
  call MPI_Comm_create_from_group(group, 'org.simpi.f90', MPI_INFO_NULL, MPI_ERRORS_RETURN, comm, ierr)
  call MPI_Comm_rank(comm, rank, ierr)
  call MPI_Comm_size(comm, size, ierr)
  call MPI_Session_get_num_psets(session, MPI_INFO_NULL, n, ierr)
  if (rank == 0) print '(a,i0)', 'process sets: ', n
  do i = 0, n - 1
    plen = len(pname)
    call MPI_Session_get_nth_pset(session, MPI_INFO_NULL, i + 1, plen, pname, ierr)
    call MPI_Session_get_pset_info(session, trim(pname), info, ierr)
    call MPI_Info_get(info, 'mpi_size', len(val), val, flag, ierr)
    call MPI_Info_free(info, ierr)
    want = size
    if (i == 1) want = 1
    if (rank == 0) print '(a,a,l1)', trim(pname), ' has its size as mpi_size ', flag .and. val == itoa(want)
  end do
  x = rank + 1
  call MPI_Allreduce(x, total, 1, MPI_INTEGER, MPI_SUM, comm, ierr)
  if (rank == 0) print '(a,l1)', 'sum right ', total == size * (size + 1) / 2
  call MPI_Comm_free(comm, ierr)
  call MPI_Group_free(group, ierr)
  call MPI_Session_finalize(session, ierr)
  if (rank == 0) print '(a,l1)', 'finalized ', ierr == MPI_SUCCESS
contains
  function itoa(k) result(s)
    integer, intent(in) :: k
    character(len=32) :: s
    write (s, '(i0)') k
  end function
end program
