! Design doc, "Where the host waits": "It follows the statements in order
! - through if, select case, block, associate, exit and cycle, and to a
! fixed point through loops".
! The condition of a DO WHILE reads what the launch in its body wrote: the
! wait goes before the DO WHILE and before its END DO and every CYCLE (the
! places from which the condition runs again).
program do_while_condition
  implicit none
  integer, parameter :: n = 64
  integer :: a(n), i, rounds

  a = 0
  rounds = 0
  do while (a(n) < 10)
    rounds = rounds + 1
    do concurrent (i = 1:n)  ! WANT: offload
      a(i) = a(i) + 1
    end do
    if (mod(rounds, 2) == 0) cycle
    rounds = rounds + 0
  end do
  if (rounds /= 10 .or. .not. all(a == 10)) then
    print *, 'FAIL', rounds, a(1)
    error stop 1
  end if
  print '(a)', 'PASSED'
end program do_while_condition
