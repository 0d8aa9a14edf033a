! GFORTRAN: rejects (gfortran 12 has no !$omp target loop)
! FLAGS: -fopenmp
! !$omp target loop (issue 31): offloaded as the do concurrent of its
! iterations, with a reduction, in a function a time loop calls.
module tl
  implicit none
  integer, parameter :: n = 2048
  integer, allocatable :: a(:)
contains
  function count_odd() result(c)
    integer :: c, i
    c = 0
    !$omp target loop reduction(+:c)
    do i = 1, n
      c = c + mod(a(i), 2)
    end do
    !$omp end target loop
  end function count_odd
end module tl

program omp_target_loop
  use tl
  implicit none
  integer :: it, i, c
  allocate(a(n))
  c = 0
  do it = 1, 10
    do concurrent (i = 1:n)
      a(i) = i + it
    end do
    c = c + count_odd()
  end do
  print *, c
  if (c /= 10 * n / 2) error stop 1
end program omp_target_loop
