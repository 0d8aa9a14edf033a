! logical arrays (default and kind 1, converted on assignment) and logical
! operators in the body.
program logical_arrays
  implicit none
  integer, parameter :: n = 90
  logical :: p(n), q(n), r(n), rr(n)
  logical(1) :: s(n), rs(n)
  integer :: i
  do i = 1, n
    p(i) = mod(i, 2) == 0
    q(i) = mod(i, 3) == 0
  end do
  do concurrent (i = 1:n)
    r(i) = (p(i) .and. .not. q(i)) .or. (q(i) .eqv. (i > 45))
    s(i) = p(i) .neqv. q(i)
  end do
  do i = 1, n
    rr(i) = (p(i) .and. .not. q(i)) .or. (q(i) .eqv. (i > 45))
    rs(i) = p(i) .neqv. q(i)
  end do
  if (any(r .neqv. rr) .or. any(s .neqv. rs)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,i0,1x,i0)', 'true counts ', count(r), count(s)
  print '(30l1)', r(1:30)
  print '(a)', 'PASSED'
end program
