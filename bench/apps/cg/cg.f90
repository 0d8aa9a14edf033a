! bench/apps/cg/cg.f90: the CG loop (issue 31) over cg_mod.f90's module:
! `cg N1 N2 N3 MAXIT KOUT` (default the solver's 55 x 181 x 361 grid, 2995
! iterations, a residual line every 100). Prints the residual history
! (es13.6: the lines that must not depend on the build), the iteration
! count, a RESULT line with the time of the CG loop, and PASSED when the
! residual fell and the final x solves the system (a host check of
! ||b - A x|| against the recursive residual).
program cg
  use cg_data
  use apps_timer
  implicit none
  integer :: m1, m2, m3, maxit, kout, it, iters, i, j, k
  real(8) :: rr, rrnew, pap, alpha, beta, bnorm, t0, t1, tol, res, true_res
  character(len=32) :: arg
  m1 = 55
  m2 = 181
  m3 = 361
  maxit = 2995
  kout = 100
  if (command_argument_count() >= 5) then
    call get_command_argument(1, arg)
    read (arg, *) m1
    call get_command_argument(2, arg)
    read (arg, *) m2
    call get_command_argument(3, arg)
    read (arg, *) m3
    call get_command_argument(4, arg)
    read (arg, *) maxit
    call get_command_argument(5, arg)
    read (arg, *) kout
  end if
  tol = 1d-10
  call cg_alloc(m1, m2, m3)
  call start_cg()
  rr = dot(r, r)
  bnorm = sqrt(rr)
  print '(a,es13.6)', 'bnorm ', bnorm
  iters = 0
  t0 = wtime()
  do it = 1, maxit
    call apply_op(p, ap)
    pap = dot(p, ap)
    alpha = rr / pap
    call update_xr(alpha)
    rrnew = dot(r, r)
    iters = it
    if (mod(it, kout) == 0) print '(a,i6,a,es13.6)', 'iter ', it, ' residual ', sqrt(rrnew) / bnorm
    if (sqrt(rrnew) <= tol * bnorm) exit
    beta = rrnew / rr
    call update_p(beta)
    rr = rrnew
  end do
  t1 = wtime()
  res = sqrt(rrnew) / bnorm
  print '(a,i6,a,es13.6)', 'done ', iters, ' residual ', res
  print '(a,a,i0,a,i0,a,i0,a,i0,a,es12.5,a,es12.5)', 'RESULT app=cg', ' n1=', m1, ' n2=', m2, ' n3=', m3, &
    ' iters=', iters, ' seconds=', t1 - t0, ' seconds_per_iter=', (t1 - t0) / max(iters, 1)
  print '(a,a)', 'timer ', trim(timer_name())
  ! The true residual b - A x, on the host.
  call apply_op(x, ap)
  true_res = 0
  do k = 1, n3
    do j = 1, n2
      do i = 1, n1
        true_res = true_res + (b(i, j, k) - ap(i, j, k))**2
      end do
    end do
  end do
  true_res = sqrt(true_res) / bnorm
  if (.not. (res < 1) .or. abs(true_res - res) > 1d-6 + 1d-2 * res) then
    print '(a,2es13.6)', 'FAIL', res, true_res
    error stop 1
  end if
  print '(a)', 'PASSED'
end program cg
