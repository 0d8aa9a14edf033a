! select case with single values, ranges, lists and default in the body.
program select_case_body
  implicit none
  integer, parameter :: n = 120
  integer :: a(n), r(n), i
  do concurrent (i = 1:n)
    select case (mod(i * 13, 17))
    case (0)
      a(i) = 100
    case (1:4)
      a(i) = 1
    case (5, 7, 11)
      a(i) = 2
    case (12:)
      a(i) = 3
    case default
      a(i) = -i
    end select
  end do
  do i = 1, n
    associate (k => mod(i * 13, 17))
      if (k == 0) then
        r(i) = 100
      else if (k >= 1 .and. k <= 4) then
        r(i) = 1
      else if (k == 5 .or. k == 7 .or. k == 11) then
        r(i) = 2
      else if (k >= 12) then
        r(i) = 3
      else
        r(i) = -i
      end if
    end associate
  end do
  if (any(a /= r)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,i0)', 'sum ', sum(a)
  print '(a)', 'PASSED'
end program
