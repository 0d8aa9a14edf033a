! An integer(8) loop index with bounds beyond the default-integer range
! mapped onto a small array.
program int8_index
  implicit none
  integer(8), parameter :: base = 5000000000_8
  integer(8) :: k
  integer(8) :: a(0:99), r(0:99)
  integer :: j
  do concurrent (k = base:base + 99_8)
    a(k - base) = k * 3_8 - base
  end do
  do j = 0, 99
    r(j) = (base + j) * 3_8 - base
  end do
  if (any(a /= r)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,i0)', 'a(99) ', a(99)
  print '(a,i0)', 'sum ', sum(a)
  print '(a)', 'PASSED'
end program
