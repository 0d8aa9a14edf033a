! GFORTRAN: stops 17
! Design doc, "Stopping on the device": "A procedure the kernel calls that
! holds such a statement, or calls one that does, gets two hidden scalar
! arguments, the site and the stop code."
! The error stop is two calls down (kernel -> update -> check_range), with a
! code computed from an argument; update has statements after the call that
! must not run once check_range stopped.
module ranges
  implicit none
contains
  pure subroutine check_range(v, k)
    real, intent(in) :: v
    integer, intent(in) :: k
    if (v > 1000) error stop 10 + k
  end subroutine check_range

  pure subroutine update(v, k, r)
    real, intent(in) :: v
    integer, intent(in) :: k
    real, intent(out) :: r
    call check_range(v, k)
    r = v / 2
  end subroutine update
end module ranges

program nested_pure_subroutines
  use ranges
  implicit none
  integer, parameter :: n = 2000
  real :: x(n), r(n)
  integer :: i

  x = 1
  do concurrent (i = 1:n)  ! WANT: offload
    call update(x(i), mod(i, 9), r(i))
  end do
  if (any(r /= 0.5)) then
    print '(a)', 'FAIL'
    error stop 2
  end if
  x(1204) = 5000
  do concurrent (i = 1:n)  ! WANT: offload
    call update(x(i), mod(i, 9), r(i))
  end do
  print '(a)', 'FAIL: the loop did not stop'
  print *, sum(r)
  error stop 2
end program nested_pure_subroutines
