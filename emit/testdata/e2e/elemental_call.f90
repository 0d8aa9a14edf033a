! Elemental functions (module and internal) called with scalar arguments
! in the body, and once on whole arrays on the host for the reference.
module elem_mod
  implicit none
contains
  elemental real(8) function hat(x)
    real(8), intent(in) :: x
    hat = max(0.0d0, 1.0d0 - abs(x))
  end function
  elemental integer function gray(k)
    integer, intent(in) :: k
    gray = ieor(k, ishft(k, -1))
  end function
end module

program elemental_call
  use elem_mod
  implicit none
  integer, parameter :: n = 41
  real(8) :: x(n), h(n)
  integer :: g(n), idx(n), i
  do i = 1, n
    x(i) = real(i - 21, 8) / 10.0d0
    idx(i) = i * 5
  end do
  do concurrent (i = 1:n)
    h(i) = hat(x(i)) + twice(x(i))
    g(i) = gray(idx(i))
  end do
  if (any(h /= hat(x) + twice(x))) then
    print '(a)', 'FAIL hat'
    error stop 1
  end if
  if (any(g /= gray(idx))) then
    print '(a)', 'FAIL gray'
    error stop 1
  end if
  print '(f8.3)', sum(h)
  print '(a,i0)', 'gray sum ', sum(g)
  print '(a)', 'PASSED'
contains
  elemental real(8) function twice(y)
    real(8), intent(in) :: y
    twice = y + y
  end function
end program
