! GFORTRAN: rejects (reduce locality)
! reduce(.and.) and reduce(.or.) on logicals, with a mask; the outer
! values take part.
program reduce_logical_and_or
  implicit none
  integer, parameter :: n = 99
  integer :: i
  logical :: all_pos, any_big, all_odd, none_neg, outer_false
  all_pos = .true.
  any_big = .false.
  all_odd = .true.
  none_neg = .false.
  outer_false = .false.
  do concurrent (i = 1:n) reduce(.and.: all_pos, outer_false) reduce(.or.: any_big, none_neg)
    all_pos = all_pos .and. (i > 0)
    outer_false = outer_false .and. (i > 0)
    any_big = any_big .or. (i * i > 9000)
    none_neg = none_neg .or. (i < 0)
  end do
  do concurrent (i = 1:n, mod(i, 2) == 1) reduce(.and.: all_odd)
    all_odd = all_odd .and. (mod(i, 2) == 1)
  end do
  print '(5l2)', all_pos, any_big, all_odd, none_neg, outer_false
  if (.not. all_pos .or. .not. any_big .or. .not. all_odd .or. none_neg .or. outer_false) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program
