! what this tests: attributes across languages (MPI 4.0 19.3.7, module mpi): a value
! set from Fortran (MPI_Comm_set_attr, MPI_Type_set_attr, MPI_Win_set_attr, MPI-1's
! MPI_Attr_put) read by the C binding (MPI_Comm_get_attr & co. called through
! bind(C)) is a pointer to the value; a value set by the C binding (a pointer) read
! from Fortran is that pointer as an integer; Fortran reads its own values back
! np: 1 2
program f90_attr_lang
  use mpi
  use, intrinsic :: iso_c_binding
  implicit none
  interface
    integer(c_int) function c_comm_get_attr(comm, keyval, val, flag) bind(C, name='MPI_Comm_get_attr')
      import :: c_int, c_ptr
      integer(c_int), value :: comm, keyval
      type(c_ptr) :: val
      integer(c_int) :: flag
    end function
    integer(c_int) function c_comm_set_attr(comm, keyval, val) bind(C, name='MPI_Comm_set_attr')
      import :: c_int, c_ptr
      integer(c_int), value :: comm, keyval
      type(c_ptr), value :: val
    end function
    integer(c_int) function c_type_get_attr(type, keyval, val, flag) bind(C, name='MPI_Type_get_attr')
      import :: c_int, c_ptr
      integer(c_int), value :: type, keyval
      type(c_ptr) :: val
      integer(c_int) :: flag
    end function
    integer(c_int) function c_win_get_attr(win, keyval, val, flag) bind(C, name='MPI_Win_get_attr')
      import :: c_int, c_ptr
      integer(c_int), value :: win, keyval
      type(c_ptr) :: val
      integer(c_int) :: flag
    end function
  end interface
  integer :: ierr, rank, key, tkey, wkey, oldkey, win, rc
  integer(c_int) :: cflag
  integer(kind=MPI_ADDRESS_KIND) :: val, extra
  integer(kind=MPI_ADDRESS_KIND), pointer :: pa
  integer(c_int), pointer :: pi
  integer(c_int), target :: cvalue
  integer :: ival
  logical :: flag
  type(c_ptr) :: p
  integer :: wbuf(4)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  extra = 0

  ! set in Fortran, read in C: a pointer to the value
  call MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, key, extra, ierr)
  val = 123456789012_MPI_ADDRESS_KIND
  call MPI_Comm_set_attr(MPI_COMM_WORLD, key, val, ierr)
  rc = c_comm_get_attr(MPI_COMM_WORLD, key, p, cflag)
  call c_f_pointer(p, pa)
  if (rank == 0) print '(a,i0,1x,i0)', 'comm: fortran value read in c: ', cflag, pa
  call MPI_Comm_get_attr(MPI_COMM_WORLD, key, val, flag, ierr)
  if (rank == 0) print '(a,l1,1x,i0)', 'comm: fortran value read in fortran: ', flag, val

  ! set in C (a pointer), read in Fortran: the pointer as an integer
  cvalue = 77
  rc = c_comm_set_attr(MPI_COMM_WORLD, key, c_loc(cvalue))
  call MPI_Comm_get_attr(MPI_COMM_WORLD, key, val, flag, ierr)
  if (rank == 0) print '(a,l1,1x,l1)', 'comm: c pointer read in fortran is the address: ', flag, &
       val == transfer(c_loc(cvalue), val)
  rc = c_comm_get_attr(MPI_COMM_WORLD, key, p, cflag)
  call c_f_pointer(p, pi)
  if (rank == 0) print '(a,i0,1x,i0)', 'comm: c pointer read in c: ', cflag, pi
  call MPI_Comm_free_keyval(key, ierr)

  ! MPI-1: an INTEGER put from Fortran, read in C through a pointer to an int
  call MPI_Keyval_create(MPI_NULL_COPY_FN, MPI_NULL_DELETE_FN, oldkey, 0, ierr)
  call MPI_Attr_put(MPI_COMM_WORLD, oldkey, -5, ierr)
  rc = c_comm_get_attr(MPI_COMM_WORLD, oldkey, p, cflag)
  call c_f_pointer(p, pi)
  call MPI_Attr_get(MPI_COMM_WORLD, oldkey, ival, flag, ierr)
  call MPI_Comm_get_attr(MPI_COMM_WORLD, oldkey, val, flag, ierr)
  if (rank == 0) print '(a,i0,3(1x,i0))', 'attr_put -5 read in c, attr_get, comm_get_attr: ', cflag, pi, ival, val
  call MPI_Keyval_free(oldkey, ierr)

  ! datatypes and windows alike
  call MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, tkey, extra, ierr)
  call MPI_Type_set_attr(MPI_INTEGER, tkey, 4242_MPI_ADDRESS_KIND, ierr)
  rc = c_type_get_attr(MPI_INTEGER, tkey, p, cflag)
  call c_f_pointer(p, pa)
  if (rank == 0) print '(a,i0,1x,i0)', 'type: fortran value read in c: ', cflag, pa
  call MPI_Type_delete_attr(MPI_INTEGER, tkey, ierr)
  call MPI_Type_free_keyval(tkey, ierr)
  call MPI_Win_create(wbuf, 16_MPI_ADDRESS_KIND, 4, MPI_INFO_NULL, MPI_COMM_WORLD, win, ierr)
  call MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, MPI_WIN_NULL_DELETE_FN, wkey, extra, ierr)
  call MPI_Win_set_attr(win, wkey, -99_MPI_ADDRESS_KIND, ierr)
  rc = c_win_get_attr(win, wkey, p, cflag)
  call c_f_pointer(p, pa)
  if (rank == 0) print '(a,i0,1x,i0)', 'win: fortran value read in c: ', cflag, pa
  call MPI_Win_free(win, ierr)
  call MPI_Win_free_keyval(wkey, ierr)
  call MPI_Finalize(ierr)
end program
