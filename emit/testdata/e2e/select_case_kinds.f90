! select case on integer(8) and logical selectors inside the body.
program select_case_kinds
  implicit none
  integer, parameter :: n = 64
  integer(8) :: big(n)
  integer :: a(n), b(n), i
  logical :: flag(n)
  do i = 1, n
    big(i) = int(i, 8) * 1000000000_8
    flag(i) = mod(i, 4) == 1
  end do
  do concurrent (i = 1:n)
    select case (big(i))
    case (:9000000000_8)
      a(i) = 1
    case (10000000000_8:40000000000_8)
      a(i) = 2
    case default
      a(i) = 3
    end select
    select case (flag(i))
    case (.true.)
      b(i) = i
    case (.false.)
      b(i) = 0
    end select
  end do
  do i = 1, n
    if (a(i) /= merge(1, merge(2, 3, i <= 40), i <= 9)) then
      print '(a,i0)', 'FAIL a at ', i
      error stop 1
    end if
    if (b(i) /= merge(i, 0, mod(i, 4) == 1)) then
      print '(a,i0)', 'FAIL b at ', i
      error stop 1
    end if
  end do
  print '(a,3i4)', 'classes ', count(a == 1), count(a == 2), count(a == 3)
  print '(a,i0)', 'sum b ', sum(b)
  print '(a)', 'PASSED'
end program
