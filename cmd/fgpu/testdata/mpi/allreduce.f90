! A reduction across ranks (issue 18): each rank sums the squares of its
! part of x by a do concurrent with reduce, and MPI_Allreduce adds the
! partial sums (also with MPI_IN_PLACE). The result is exact (integers).
module work
  implicit none
contains
  function partial(n, x) result(s)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8) :: s
    integer :: i
    s = 0d0
    do concurrent (i = 1:n) reduce(+:s)
      s = s + x(i) * x(i)
    end do
  end function
end module

program allred
  use mpi
  use work
  implicit none
  integer, parameter :: ng = 1200
  integer :: ierr, rank, nprocs, n, i, i0
  real(8), allocatable :: x(:)
  real(8) :: s, s2, tot
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  n = ng / nprocs
  i0 = rank * n
  allocate(x(n))
  do concurrent (i = 1:n)
    x(i) = real(mod(i0 + i, 10), 8)
  end do
  s = partial(n, x)
  call MPI_Allreduce(s, tot, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  s2 = s
  call MPI_Allreduce(MPI_IN_PLACE, s2, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (rank == 0) write (*, '(a, f16.2, a, f16.2)') 'sum ', tot, ' in place ', s2
  call MPI_Finalize(ierr)
end program
