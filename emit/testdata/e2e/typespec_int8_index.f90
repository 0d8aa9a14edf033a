! GFORTRAN: rejects (type-spec integer(8) in the loop header)
! An integer(8) construct index from the header's type-spec, with bounds
! beyond the default-integer range.
program typespec_int8_index
  implicit none
  integer(8), parameter :: base = 3000000000_8
  integer(8) :: v(0:49), k
  integer :: j
  k = 1_8
  do concurrent (integer(8) :: k = base:base + 49_8)
    v(k - base) = k / 1000_8 + mod(k, 7_8)
  end do
  if (k /= 1_8) then
    print '(a)', 'FAIL outer k changed'
    error stop 1
  end if
  do j = 0, 49
    if (v(j) /= (base + j) / 1000_8 + mod(base + j, 7_8)) then
      print '(a,i0)', 'FAIL at ', j
      error stop 1
    end if
  end do
  print '(a,i0)', 'sum ', sum(v)
  print '(a)', 'PASSED'
end program
