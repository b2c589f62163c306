! what this tests: a fixed-form program that declares MPI_AINT_ADD and MPI_AINT_DIFF
! itself, as programs written for MPICH's mpif.h must (mpif.h declares neither), and
! uses them on addresses of an array
! np: 1
      program aintdecl
      implicit none
      include 'mpif.h'
      integer(kind=MPI_ADDRESS_KIND), external :: MPI_Aint_add
      integer(kind=MPI_ADDRESS_KIND), external :: MPI_Aint_diff
      integer(kind=MPI_ADDRESS_KIND) a1, a5, b, d
      integer ierr, buf(8)
      call mpi_init(ierr)
      call mpi_get_address(buf(1), a1, ierr)
      call mpi_get_address(buf(5), a5, ierr)
      d = MPI_Aint_diff(a5, a1)
      b = MPI_Aint_add(a1, d)
      print *, 'diff of buf(5) and buf(1):', d
      print *, 'add gives buf(5):', b .eq. a5
      call mpi_finalize(ierr)
      end
