! FLAGS: -fopenmp
! OpenMP data sharing in target loops (issue 31): a scalar the loop
! assigns without a clause is firstprivate in the target region, so the
! host's variable keeps its value (the do concurrent gets local_init); the
! variable of an inner DO loop too; a scalar in a map clause is shared.
module fpmod
  implicit none
  integer, parameter :: n = 1000
  real(8), allocatable :: a(:)
  real(8) :: t
contains
  subroutine fill(u)
    real(8), intent(in) :: u
    integer :: i, j
    t = -1
    j = 7
    !$omp target teams distribute parallel do
    do i = 1, n
      t = 2 * i
      a(i) = t + u
    end do
    !$omp target parallel do
    do i = 1, n
      do j = 1, 3
        a(i) = a(i) + j
      end do
    end do
    if (j /= 7) error stop 2
  end subroutine fill
end module fpmod

program omp_target_firstprivate
  use fpmod
  implicit none
  integer :: it
  real(8) :: s
  allocate(a(n))
  s = 0
  do it = 1, 10
    call fill(real(it, 8))
    s = s + sum(a) + t
  end do
  print *, s, t
  if (t /= -1) error stop 1
end program omp_target_firstprivate
