! Design doc, "Where the host waits": "A wait in a loop that launches
! nothing is placed before the loop instead."
! The host sums the array in a loop of its own after the launches: one wait
! before that loop (not one per element); the inner host writes of a
! read-only input mark it stale once, before the loop.
program hoisted_before_quiet_loop
  implicit none
  integer, parameter :: n = 2000
  real(8) :: x(n), w(n), total
  integer :: i, j, step

  w = 1.0d0
  x = 0.0d0
  do step = 1, 3
    do concurrent (i = 1:n)  ! WANT: offload
      x(i) = x(i) + w(i)
    end do
    total = 0.0d0
    do i = 1, n
      total = total + x(i)
      do j = 1, 1
        w(i) = w(i) + 1.0d0
      end do
    end do
    ! x(i) = 1 + 2 + ... + step
    if (.not. total == real(n, 8) * real(step * (step + 1) / 2, 8)) then
      print *, 'FAIL', step, total
      error stop 1
    end if
  end do
  print '(a)', 'PASSED'
end program hoisted_before_quiet_loop
