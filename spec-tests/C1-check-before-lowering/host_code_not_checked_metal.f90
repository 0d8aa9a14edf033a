! FLAGS: --gpu=metal
! Design doc, "The unsupported-construct check": "It runs once per parallel
! loop, when the execution target is chosen ... If the loop passes, it is
! assigned to the device."
! real(8), real(16) and I/O in host code -- before, between and after the
! loops, and in a procedure only the host calls -- are not looked at.
module host_only
  implicit none
contains
  subroutine summarize(v, total)
    real, intent(in) :: v(:)
    real(8), intent(out) :: total
    real(16) :: acc
    integer :: k
    acc = 0
    do k = 1, size(v)
      acc = acc + v(k)
    end do
    total = real(acc, 8)
    print '(a,f8.1)', 'total ', total
  end subroutine summarize
end module host_only

program host_code_not_checked_metal
  use host_only
  implicit none
  integer, parameter :: n = 16
  real(8) :: d(n), total
  real :: x(n), y(n)
  integer :: i

  d = [(real(i, 8), i = 1, n)]
  x = real(d, 4)

  do concurrent (i = 1:n)  ! WANT: offload
    y(i) = x(i) * x(i)
  end do

  call summarize(y, total)

  do i = 1, n
    d(i) = d(i) * 2
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    y(i) = y(i) - x(i) * x(i)
  end do

  if (total /= 1496.0_8 .or. any(y /= 0)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program host_code_not_checked_metal
