! A1 (What the runtime does): "A written buffer is resident: the runtime keeps
! a device buffer for its host range in a table. [...] A later launch handed
! the same range - to read or to write - uses the same device buffer, without
! copying anything." With ARCHITECTURE.md section 4 (read-only buffers stay
! valid while the host does not write them), a time-stepping loop moves no
! bytes after its first step. The number of steps is the first argument
! (default 20): traffic_test.go runs this program for N and 2N steps and
! checks from FGPU_STATS that the bytes moved between host and device are the
! same for both.
program timestep_traffic
  implicit none
  integer, parameter :: n = 1000
  real(8) :: u(n), v(n), coef(n), ur(n), vr(n)
  integer :: i, step, nsteps
  character(len=16) :: arg

  nsteps = 20
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) nsteps
  end if
  do i = 1, n
    coef(i) = 1.0d0 / real(1 + mod(i, 7), 8)
    u(i) = real(mod(i * 37, 101), 8)
  end do
  v = u
  ur = u
  vr = v
  ! The reference: the same steps as ordinary host loops.
  do step = 1, nsteps
    do i = 2, n - 1
      vr(i) = ur(i) + 0.25d0 * coef(i) * (ur(i-1) - 2.0d0 * ur(i) + ur(i+1))
    end do
    do i = 2, n - 1
      ur(i) = vr(i)
    end do
  end do
  do step = 1, nsteps
    do concurrent (i = 2:n-1)  ! WANT: offload
      v(i) = u(i) + 0.25d0 * coef(i) * (u(i-1) - 2.0d0 * u(i) + u(i+1))
    end do
    do concurrent (i = 2:n-1)  ! WANT: offload
      u(i) = v(i)
    end do
  end do
  print '(a,i0,a,f16.6)', 'steps ', nsteps, ' sum ', sum(u)
  print '(a,3f14.8)', 'samples ', u(2), u(n / 2), u(n - 1)
  if (all(u == ur) .and. all(v == vr)) then
    print '(a)', 'PASSED'
  else
    print '(a)', 'FAIL: the offloaded steps differ from the host reference'
    error stop 1
  end if
end program timestep_traffic
