! what this tests: mpi_f08's specific procedure names (MPI 4.0 19.1.5): a profiling
! layer written in Fortran replaces MPI_Send_f08ts, MPI_Recv_f08ts and
! MPI_Comm_rank_f08 with its own, counts the calls and calls PMPI_Send, PMPI_Recv and
! PMPI_Comm_rank (generics of mpi_f08 too); calls through the generic MPI_Send reach it,
! with and without the optional ierror
! np: 2
! sort: yes
program f08_profile_names
  use mpi_f08
  implicit none
  integer :: rank, ierr, msg(3)
  integer :: sends, recvs, ranks, amount
  common /counts/ sends, recvs, ranks, amount
  sends = 0; recvs = 0; ranks = 0; amount = 0
  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  msg = [1, 2, 3]
  if (rank == 0) then
    call MPI_Send(msg, 3, MPI_INTEGER, 1, 0, MPI_COMM_WORLD, ierr)
    call MPI_Send(msg(2:3), 2, MPI_INTEGER, 1, 1, MPI_COMM_WORLD)
  else
    call MPI_Recv(msg, 3, MPI_INTEGER, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call MPI_Recv(msg(1:2), 2, MPI_INTEGER, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE)
    print '(a,4(1x,i0),a,3(1x,i0))', 'rank 1: recvs, amount, ranks, sends', recvs, amount, ranks, sends, &
         ', data', msg
  end if
  call MPI_Barrier(MPI_COMM_WORLD)
  if (rank == 0) print '(a,4(1x,i0))', 'rank 0: sends, amount, ranks, recvs', sends, amount, ranks, recvs
  call MPI_Finalize()
end program

subroutine MPI_Send_f08ts(buf, count, datatype, dest, tag, comm, ierror)
  use :: mpi_f08, only: MPI_Datatype, MPI_Comm, PMPI_Send
  implicit none
  type(*), dimension(..), intent(in) :: buf
  integer, intent(in) :: count, dest, tag
  type(MPI_Datatype), intent(in) :: datatype
  type(MPI_Comm), intent(in) :: comm
  integer, optional, intent(out) :: ierror
  integer :: sends, recvs, ranks, amount
  common /counts/ sends, recvs, ranks, amount
  sends = sends + 1
  amount = amount + count
  call PMPI_Send(buf, count, datatype, dest, tag, comm, ierror)
end subroutine

subroutine MPI_Recv_f08ts(buf, count, datatype, source, tag, comm, status, ierror)
  use :: mpi_f08, only: MPI_Datatype, MPI_Comm, MPI_Status, PMPI_Recv
  implicit none
  type(*), dimension(..) :: buf
  integer, intent(in) :: count, source, tag
  type(MPI_Datatype), intent(in) :: datatype
  type(MPI_Comm), intent(in) :: comm
  type(MPI_Status) :: status
  integer, optional, intent(out) :: ierror
  integer :: sends, recvs, ranks, amount
  common /counts/ sends, recvs, ranks, amount
  recvs = recvs + 1
  amount = amount + count
  call PMPI_Recv(buf, count, datatype, source, tag, comm, status, ierror)
end subroutine

subroutine MPI_Comm_rank_f08(comm, rank, ierror)
  use :: mpi_f08, only: MPI_Comm, PMPI_Comm_rank
  implicit none
  type(MPI_Comm), intent(in) :: comm
  integer, intent(out) :: rank
  integer, optional, intent(out) :: ierror
  integer :: sends, recvs, ranks, amount
  common /counts/ sends, recvs, ranks, amount
  ranks = ranks + 1
  call PMPI_Comm_rank(comm, rank, ierror)
end subroutine
