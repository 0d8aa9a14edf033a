! Design doc, "Where the host waits": "It waits: before a host statement
! that may read or write, allocate or reallocate storage a pending launch
! may write. Storage that a launch only reads needs no wait".
! A time-stepping loop whose host reads the state only every k-th step: the
! wait is inside the IF, so the other steps neither wait nor copy; the
! values printed are those of that step (separate-memory mode: a missing
! wait shows poisoned values).
program read_every_kth_step
  implicit none
  integer, parameter :: n = 4096, nsteps = 40, k = 10
  real(8) :: u(n), v(n)
  real(8) :: expect
  integer :: i, step

  u = 1.0d0
  v = 0.0d0
  do step = 1, nsteps
    do concurrent (i = 1:n)  ! WANT: offload
      v(i) = u(i) + real(i, 8)
    end do
    do concurrent (i = 1:n)  ! WANT: offload
      u(i) = v(i) * 0.5d0
    end do
    if (mod(step, k) == 0) then
      ! u(i) -> (u(i) + i) / 2 each step: after s steps u(1) = 1
      expect = 1.0d0
      if (.not. (abs(u(1) - expect) <= 1.0d-12 .and. abs(v(n) - (u(n) * 2.0d0)) <= 1.0d-9)) then
        print '(a,i0)', 'FAIL at step ', step
        error stop 1
      end if
      print '(a,i0,a,f12.6)', 'step ', step, ' u(n) ', u(n)
    end if
  end do
  print '(a)', 'PASSED'
end program read_every_kth_step
