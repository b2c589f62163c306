! what this tests: Info calls from Fortran (module mpi): leading and trailing blanks
! of keys and values are stripped (MPI_Info_set, _get, _get_string, _get_valuelen,
! _delete, _get_nthkey), and MPI_Info_get_string with a zero-length buffer gives
! the value's length without writing the value
! np: 1
program f90_info_blanks
  use mpi
  implicit none
  integer :: ierr, info, nkeys, vlen, buflen
  logical :: flag
  character(len=MPI_MAX_INFO_KEY) :: key
  character(len=20) :: value
  call MPI_Init(ierr)
  call MPI_Info_create(info, ierr)
  call MPI_Info_set(info, '  color  ', '   blue sky   ', ierr)
  call MPI_Info_set(info, 'size', ' 12 ', ierr)
  call MPI_Info_get_nkeys(info, nkeys, ierr)
  call MPI_Info_get_nthkey(info, 0, key, ierr)
  print '(a,i0,3a)', 'nkeys ', nkeys, ' first key [', trim(key), ']'
  value = 'xxxxxxxxxxxxxxxxxxxx'
  call MPI_Info_get(info, 'color', 20, value, flag, ierr)
  print '(a,l1,3a)', 'get color ', flag, ' [', value, ']'
  call MPI_Info_get_valuelen(info, '   color', vlen, flag, ierr)
  print '(a,l1,1x,i0)', 'valuelen color ', flag, vlen
  value = 'untouched'
  buflen = 0
  call MPI_Info_get_string(info, 'color ', buflen, value, flag, ierr)
  print '(a,l1,1x,i0,3a)', 'get_string zero length ', flag, buflen, ' [', trim(value), ']'
  buflen = 20
  call MPI_Info_get_string(info, ' size', buflen, value, flag, ierr)
  print '(a,l1,1x,i0,3a)', 'get_string size ', flag, buflen, ' [', trim(value), ']'
  buflen = 4
  value = 'zzzzzzzz'
  call MPI_Info_get_string(info, 'color', buflen, value, flag, ierr)
  print '(a,l1,1x,i0,3a)', 'get_string short ', flag, buflen, ' [', trim(value), ']'
  call MPI_Info_delete(info, ' size  ', ierr)
  call MPI_Info_get_nkeys(info, nkeys, ierr)
  print '(a,i0,a,i0)', 'after delete nkeys ', nkeys, ' ierr ', ierr
  call MPI_Info_free(info, ierr)
  call MPI_Finalize(ierr)
end program
