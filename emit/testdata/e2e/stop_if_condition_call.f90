! A function that can stop called in an if condition, an else if condition
! and the limit of a nested DO of the kernel body: the body after a stopped
! call does not run. The first launch stops nowhere; in the second the call
! in the else if condition stops (ERROR STOP 8).
module limits
  implicit none
contains
  pure integer function lim(v)
    integer, intent(in) :: v
    if (v > 9) error stop 8
    lim = v
  end function
end module
program stop_if_condition_call
  use limits
  implicit none
  integer, parameter :: n = 200
  integer :: a(n), b(n), c(n), i, j
  a = [(mod(i, 7), i = 1, n)]
  do concurrent (i = 1:n)
    if (lim(a(i)) > 5) then
      b(i) = 100
    else if (lim(a(i) + 3) > 7) then
      b(i) = 200
    else
      b(i) = 0
      do j = 1, lim(a(i))
        b(i) = b(i) + j
      end do
    end if
  end do
  do i = 1, n
    j = mod(i, 7)
    if (j > 5 .and. b(i) /= 100 .or. j == 5 .and. b(i) /= 200 .or. j < 5 .and. b(i) /= j * (j + 1) / 2) then
      print '(a,i0)', 'FAIL at ', i
      error stop 1
    end if
  end do
  print '(a)', 'first launch ok'
  c = 0
  c(150) = 50
  do concurrent (i = 1:n)
    if (lim(a(i)) > 5) then
      b(i) = 100
    else if (lim(a(i) + c(i)) > 7) then
      b(i) = 200
    else
      b(i) = 0
    end if
  end do
  print '(a)', 'FAIL: no stop'
  print *, sum(b)
  error stop 1
end program
