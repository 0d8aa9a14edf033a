! Design doc, "Whole-array assignments between launches": "It is in a
! sequential host loop (do, do while) whose body has, at any depth, a
! parallel loop the dispatch sent to the device".
! A host loop without a parallel loop keeps its array statements on the
! host (nothing changes); a parallel loop after it is offloaded.
program no_parallel_loop
  implicit none
  integer, parameter :: n = 5
  real :: x(n), y(n)
  integer :: i, it

  y = 1
  do it = 1, 3
    x = 0
    x = 2 * y + it
    y = x
  end do
  do concurrent (i = 1:n)  ! WANT: offload
    y(i) = y(i) + 1
  end do
  if (any(y /= 20)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program
