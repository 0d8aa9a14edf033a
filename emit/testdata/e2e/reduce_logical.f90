! GFORTRAN: rejects (reduce locality)
! reduce(.and.), reduce(.or.), reduce(.eqv.), reduce(.neqv.) on logicals.
program reduce_logical
  implicit none
  integer, parameter :: n = 99
  integer :: i
  logical :: all_pos, any_big, eq, parity, ne2
  all_pos = .true.
  any_big = .false.
  eq = .true.
  parity = .false.
  ne2 = .true.
  do concurrent (i = 1:n) reduce(.and.: all_pos) reduce(.or.: any_big) &
                          reduce(.eqv.: eq) reduce(.neqv.: parity, ne2)
    all_pos = all_pos .and. (i > 0)
    any_big = any_big .or. (i * i > 9000)
    eq = eq .eqv. (mod(i, 3) /= 0)
    parity = parity .neqv. (mod(i, 5) == 0)
    ne2 = ne2 .neqv. (i > 96)
  end do
  print '(5l2)', all_pos, any_big, eq, parity, ne2
  ! 33 multiples of 3 (false terms): odd count, so eqv gives false;
  ! 19 multiples of 5: parity true; 3 terms above 96 flip true 3 times.
  if (.not. all_pos .or. .not. any_big .or. eq .or. .not. parity .or. ne2) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program
