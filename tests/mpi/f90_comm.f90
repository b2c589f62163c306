! what this tests: a Fortran 90 program using the mpi module: derived datatypes
! (a matrix row through MPI_Type_vector, a subarray in Fortran order, a struct
! addressed from MPI_BOTTOM), communicators (split, dup, names, groups, a periodic
! Cartesian grid with logical arguments), attributes and keyvals (MPI_TAG_UB,
! MPI_COMM_DUP_FN, a copy callback in Fortran), info objects, and errors
! returned to the program; rank 0 prints one verdict per case
! np: 1 2 4 6
include 'checks.inc'

! an attribute copy callback: the copy is the value plus the extra state
subroutine copy_plus(oldcomm, keyval, extra, valin, valout, flag, ierr)
  use mpi
  implicit none
  integer :: oldcomm, keyval, ierr
  integer(kind=MPI_ADDRESS_KIND) :: extra, valin, valout
  logical :: flag
  valout = valin + extra
  flag = .true.
  ierr = MPI_SUCCESS
end subroutine copy_plus

program f90_comm
  use mpi
  use checks
  implicit none
  external copy_plus
  type particle
    sequence
    integer :: id
    double precision :: mass
    real :: pos(3)
  end type particle
  integer :: ierr, rank, np, i, j, rowtype, subtype, ptype, sz, color, half, dup, cart, line
  integer :: group, evens, evcomm, n, res, key1, key2, info, nkeys, errclass, resultlen
  integer :: m(4, 5), recvrow(5), cube(4, 4, 4), blocks(3), types(3), dims(2), coords(2)
  integer :: src, dst, tr(1), code
  integer(kind=MPI_ADDRESS_KIND) :: lb, extent, disps(3), base, val
  logical :: periods(2), remain(2), flag, ok
  type(particle) :: p
  character(len=MPI_MAX_OBJECT_NAME) :: name
  character(len=40) :: value
  character(len=MPI_MAX_INFO_KEY) :: key

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)

  ! row 2 of a 4x5 column-major matrix: 5 integers 4 apart
  m = reshape([(i * 10 + rank, i = 1, 20)], [4, 5])
  call MPI_Type_vector(5, 1, 4, MPI_INTEGER, rowtype, ierr)
  call MPI_Type_commit(rowtype, ierr)
  call MPI_Type_size(rowtype, sz, ierr)
  call MPI_Type_get_extent(rowtype, lb, extent, ierr)
  call MPI_Sendrecv(m(2, 1), 1, rowtype, mod(rank + 1, np), 0, recvrow, 5, MPI_INTEGER, &
                    mod(rank + np - 1, np), 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  call report('matrix row (vector type)', sz == 20 .and. extent == 68 .and. &
              all(recvrow == [(20 + 40 * (j - 1) + mod(rank + np - 1, np), j = 1, 5)]))
  call MPI_Type_free(rowtype, ierr)

  ! the 2x2x2 corner at (2,3,1) of a 4x4x4 cube, Fortran order
  cube = 0
  call MPI_Type_create_subarray(3, [4, 4, 4], [2, 2, 2], [1, 2, 0], MPI_ORDER_FORTRAN, MPI_INTEGER, subtype, ierr)
  call MPI_Type_commit(subtype, ierr)
  if (rank == 0) cube = reshape([(i, i = 1, 64)], [4, 4, 4])
  call MPI_Bcast(cube, 1, subtype, 0, MPI_COMM_WORLD, ierr)
  call report('subarray in Fortran order', cube(2, 3, 1) == 2 + 2 * 4 + 0 * 16 .and. cube(3, 4, 2) == 3 + 3 * 4 + 16 &
              .and. (rank == 0 .or. (cube(1, 1, 1) == 0 .and. sum(cube) == sum([2, 3, 6, 7, 18, 19, 22, 23] + 8))))
  call MPI_Type_free(subtype, ierr)

  ! a struct with absolute addresses, sent from MPI_BOTTOM
  call MPI_Get_address(p%id, disps(1), ierr)
  call MPI_Get_address(p%mass, disps(2), ierr)
  call MPI_Get_address(p%pos, disps(3), ierr)
  blocks = [1, 1, 3]
  types = [MPI_INTEGER, MPI_DOUBLE_PRECISION, MPI_REAL]
  call MPI_Type_create_struct(3, blocks, disps, types, ptype, ierr)
  call MPI_Type_commit(ptype, ierr)
  p = particle(0, 0d0, [0.0, 0.0, 0.0])
  if (rank == np - 1) p = particle(42, 2.5d0, [1.0, 2.0, 3.0])
  call MPI_Bcast(MPI_BOTTOM, 1, ptype, np - 1, MPI_COMM_WORLD, ierr)
  call MPI_Get_address(p, base, ierr)
  call report('struct from MPI_BOTTOM', p%id == 42 .and. p%mass == 2.5d0 .and. p%pos(3) == 3.0 &
              .and. MPI_Aint_diff(disps(1), base) == 0)
  call MPI_Type_free(ptype, ierr)

  ! split into halves, dup, names
  color = merge(0, 1, rank < (np + 1) / 2)
  call MPI_Comm_split(MPI_COMM_WORLD, color, -rank, half, ierr)
  call MPI_Comm_size(half, n, ierr)
  call MPI_Comm_rank(half, i, ierr)
  ok = n == merge((np + 1) / 2, np / 2, color == 0) .and. i == n - 1 - merge(rank, rank - (np + 1) / 2, color == 0)
  call MPI_Comm_dup(half, dup, ierr)
  call MPI_Comm_compare(half, dup, res, ierr)
  call MPI_Comm_set_name(dup, 'the dup   ', ierr)
  call MPI_Comm_get_name(dup, name, resultlen, ierr)
  call report('split, dup and names', ok .and. res == MPI_CONGRUENT .and. name == 'the dup' .and. resultlen == 7)
  call MPI_Comm_free(dup, ierr)
  call MPI_Comm_free(half, ierr)

  ! the even ranks' group and communicator
  call MPI_Comm_group(MPI_COMM_WORLD, group, ierr)
  call MPI_Group_incl(group, (np + 1) / 2, [(2 * i, i = 0, (np - 1) / 2)], evens, ierr)
  call MPI_Comm_create(MPI_COMM_WORLD, evens, evcomm, ierr)
  call MPI_Group_translate_ranks(evens, 1, [(np - 1) / 2], group, tr, ierr)
  ok = tr(1) == 2 * ((np - 1) / 2)
  if (mod(rank, 2) == 0) then
    call MPI_Comm_size(evcomm, n, ierr)
    ok = ok .and. n == (np + 1) / 2
    call MPI_Comm_free(evcomm, ierr)
  else
    ok = ok .and. evcomm == MPI_COMM_NULL
  end if
  call MPI_Group_free(evens, ierr)
  call MPI_Group_free(group, ierr)
  call report('groups', ok .and. group == MPI_GROUP_NULL)

  ! a periodic 2-D grid: shifts wrap around; a row of it through Cart_sub
  dims = 0
  call MPI_Dims_create(np, 2, dims, ierr)
  periods = [.true., .false.]
  call MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, .false., cart, ierr)
  call MPI_Cart_coords(cart, rank, 2, coords, ierr)
  call MPI_Cart_shift(cart, 0, 1, src, dst, ierr)
  call MPI_Cart_get(cart, 2, dims, periods, coords, ierr)
  ok = periods(1) .and. .not. periods(2) .and. product(dims) == np
  call MPI_Cart_rank(cart, [mod(coords(1) + 1, dims(1)), coords(2)], i, ierr)
  ok = ok .and. i == dst
  remain = [.false., .true.]
  call MPI_Cart_sub(cart, remain, line, ierr)
  call MPI_Comm_size(line, n, ierr)
  call report('periodic cartesian grid', ok .and. n == dims(2))
  call MPI_Comm_free(line, ierr)
  call MPI_Comm_free(cart, ierr)

  ! attributes: the predefined tag bound; copies on dup through Fortran callbacks
  call MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, val, flag, ierr)
  ok = flag .and. val >= 32767
  call MPI_Comm_create_keyval(copy_plus, MPI_COMM_NULL_DELETE_FN, key1, 1000_MPI_ADDRESS_KIND, ierr)
  call MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, key2, 0_MPI_ADDRESS_KIND, ierr)
  call MPI_Comm_set_attr(MPI_COMM_WORLD, key1, int(rank, MPI_ADDRESS_KIND), ierr)
  call MPI_Comm_set_attr(MPI_COMM_WORLD, key2, 7_MPI_ADDRESS_KIND, ierr)
  call MPI_Comm_dup(MPI_COMM_WORLD, dup, ierr)
  call MPI_Comm_get_attr(dup, key1, val, flag, ierr)
  ok = ok .and. flag .and. val == rank + 1000
  call MPI_Comm_get_attr(dup, key2, val, flag, ierr)
  ok = ok .and. flag .and. val == 7
  call MPI_Comm_delete_attr(dup, key2, ierr)
  call MPI_Comm_get_attr(dup, key2, val, flag, ierr)
  call report('attributes and keyvals', ok .and. .not. flag)
  call MPI_Comm_free(dup, ierr)
  call MPI_Comm_delete_attr(MPI_COMM_WORLD, key1, ierr)
  call MPI_Comm_delete_attr(MPI_COMM_WORLD, key2, ierr)
  call MPI_Comm_free_keyval(key1, ierr)
  call MPI_Comm_free_keyval(key2, ierr)

  ! info objects: values come back blank-padded, the keys in order
  call MPI_Info_create(info, ierr)
  call MPI_Info_set(info, 'color', 'blue', ierr)
  call MPI_Info_set(info, 'size  ', 'large and heavy', ierr)
  call MPI_Info_get(info, 'size', 40, value, flag, ierr)
  ok = flag .and. value == 'large and heavy'
  call MPI_Info_get(info, 'weight', 40, value, flag, ierr)
  ok = ok .and. .not. flag .and. value == 'large and heavy'
  call MPI_Info_get_nkeys(info, nkeys, ierr)
  call MPI_Info_get_nthkey(info, 1, key, ierr)
  call MPI_Info_get_valuelen(info, 'color', n, flag, ierr)
  call MPI_Info_free(info, ierr)
  call report('info objects', ok .and. nkeys == 2 .and. key == 'size' .and. n == 4 .and. info == MPI_INFO_NULL)

  ! errors returned: a send to a rank that does not exist
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN, ierr)
  call MPI_Send(i, 1, MPI_INTEGER, np + 3, 0, MPI_COMM_WORLD, code)
  call MPI_Error_class(code, errclass, ierr)
  call MPI_Error_string(MPI_ERR_RANK, value, resultlen, i)
  call report('errors returned to the program', code /= MPI_SUCCESS .and. errclass == MPI_ERR_RANK .and. &
              resultlen > 0 .and. i == MPI_SUCCESS)

  call MPI_Finalize(ierr)
end program f90_comm
