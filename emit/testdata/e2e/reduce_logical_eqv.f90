! GFORTRAN: rejects (reduce locality)
! reduce(.eqv.) and reduce(.neqv.) on logicals: parity of false and of
! true terms, with the outer values taking part.
program reduce_logical_eqv
  implicit none
  integer, parameter :: n = 99
  integer :: i
  logical :: eq, parity, ne2
  eq = .true.
  parity = .false.
  ne2 = .true.
  do concurrent (i = 1:n) reduce(.eqv.: eq) reduce(.neqv.: parity, ne2)
    eq = eq .eqv. (mod(i, 3) /= 0)
    parity = parity .neqv. (mod(i, 5) == 0)
    ne2 = ne2 .neqv. (i > 96)
  end do
  print '(3l2)', eq, parity, ne2
  ! 33 multiples of 3 (false terms): odd count, so eqv gives false;
  ! 19 multiples of 5: parity true; 3 terms above 96 flip ne2 3 times.
  if (eq .or. .not. parity .or. ne2) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program
