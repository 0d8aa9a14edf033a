! A pure function that stops with a code computed from its argument, called
! in an expression that also sums a column: the first launch does not stop
! and its results are checked; the second one stops (ERROR STOP 61).
module scaled
  implicit none
contains
  pure real(8) function scale_of(k)
    integer, intent(in) :: k
    if (k > 50) error stop k + 1
    scale_of = 1.0d0 / real(k, 8)
  end function
end module
program stop_pure_function_code
  use scaled
  implicit none
  integer, parameter :: n = 50
  real(8) :: w(4, n), s(n)
  integer :: k(n), i
  w = 2
  k = [(i, i = 1, n)]
  do concurrent (i = 1:n)
    s(i) = sum(w(:, i)) * scale_of(k(i))
  end do
  do i = 1, n
    if (abs(s(i) - 8.0d0 / i) > 1.0d-12) then
      print '(a,i0)', 'FAIL at ', i
      error stop 1
    end if
  end do
  print '(a)', 'first launch ok'
  k(20) = 60
  do concurrent (i = 1:n)
    s(i) = sum(w(:, i)) * scale_of(k(i))
  end do
  print '(a)', 'FAIL: no stop'
  print *, sum(s)
  error stop 1
end program
