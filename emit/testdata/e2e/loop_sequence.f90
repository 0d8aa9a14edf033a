! Several loops in sequence with host reads and writes between them
! (time steps with a swap done on the host).
program loop_sequence
  implicit none
  integer, parameter :: n = 64, steps = 20
  real(8) :: u(0:n + 1), v(0:n + 1), ru(0:n + 1), rv(0:n + 1)
  integer :: i, s
  u = 0.0d0
  u(n / 2) = 1024.0d0
  ru = u
  v = 0.0d0
  rv = 0.0d0
  do s = 1, steps
    do concurrent (i = 1:n)
      v(i) = 0.25d0 * u(i - 1) + 0.5d0 * u(i) + 0.25d0 * u(i + 1)
    end do
    u(1:n) = v(1:n)
    u(1) = u(1) + 1.0d0
  end do
  do s = 1, steps
    do i = 1, n
      rv(i) = 0.25d0 * ru(i - 1) + 0.5d0 * ru(i) + 0.25d0 * ru(i + 1)
    end do
    ru(1:n) = rv(1:n)
    ru(1) = ru(1) + 1.0d0
  end do
  if (any(u /= ru)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(es25.17)', u(n / 2), u(1), u(n / 2 + 7)
  print '(a)', 'PASSED'
end program
