! A function that stops, called in a do while condition of the kernel body:
! one iteration stops (ERROR STOP 12) after some trips of its loop.
module walkers
  implicit none
contains
  pure integer function next_pos(p)
    integer, intent(in) :: p
    if (mod(p, 3) == 0 .and. p > 1000) error stop 12
    next_pos = p * 2
  end function
end module
program stop_do_while_call
  use walkers
  implicit none
  integer, parameter :: n = 64
  integer :: start(n), trips(n), i, p
  start = 1
  start(40) = 300
  do concurrent (i = 1:n)
    p = start(i)
    trips(i) = 0
    do while (next_pos(p) < 4000)
      p = next_pos(p)
      trips(i) = trips(i) + 1
    end do
  end do
  print '(a)', 'FAIL: no stop'
  print *, sum(trips)
  error stop 1
end program
