! bench/apps/timestep/timestep.f90: the time loop of the advection-
! diffusion solver of ts_solver.f90: fluxes, update, boundaries every step;
! every kout steps the diagnostics (a reduction the host reads) and the
! host's checksum are printed. Arguments (else environment variables, else
! defaults): nx (TS_NX, 4096), ny (TS_NY, 4096), steps (TS_STEPS, 500),
! kout (TS_KOUT, 100). The time loop, and each phase of a step (fluxes,
! update, boundaries) as real codes profile them, are timed through
! wtime(). At the end:
! the total of q must be conserved (to 1e-12 relatively), q must stay in
! [0, 1] up to rounding. Prints
!   RESULT app=timestep seconds=T seconds_per_step=T/steps nx=.. ny=.. iters=steps
!   RESULT app=timestep phase=P seconds=T iters=steps   (P: fluxes, update, bc)
! Twin: ts_main.f90 (the same steps in the main program; same output but
! the RESULT line).
program timestep
  use apps_timer, only: wtime, timer_name
  use apps_stats, only: int_arg, num, median_of
  use ts_solver
  implicit none
  real(8), allocatable :: q(:, :), qn(:, :)
  integer :: nx_, ny_, steps, kout, step
  real(8) :: qmax, total, total0, t0, t1, ta, tb, tc, td, tphase(3)
  real(8), allocatable :: tstep(:, :)
  character(len=7), parameter :: phases(3) = ['fluxes ', 'update ', 'bc     ']
  integer :: k

  nx_ = int_arg(1, 'TS_NX', 4096)
  ny_ = int_arg(2, 'TS_NY', 4096)
  steps = int_arg(3, 'TS_STEPS', 500)
  kout = int_arg(4, 'TS_KOUT', 100)
  call setup(nx_, ny_)
  allocate(q(0:nx_ + 1, 0:ny_ + 1), qn(0:nx_ + 1, 0:ny_ + 1))
  call init_fields(q, qn)
  call apply_bc(q)
  call diagnostics(q, qmax, total0)
  print '(a,i6,a,es24.16,a,es24.16)', 'step ', 0, ' max ', qmax, ' checksum ', checksum(q)

  tphase = 0.0d0
  allocate(tstep(steps, 3))
  t0 = wtime()
  do step = 1, steps
    ta = wtime()
    call compute_fluxes(q)
    tb = wtime()
    call update(q, qn)
    tc = wtime()
    call apply_bc(q)
    td = wtime()
    tphase = tphase + [tb - ta, tc - tb, td - tc]
    tstep(step, :) = [tb - ta, tc - tb, td - tc]
    if (mod(step, kout) == 0) then
      call diagnostics(q, qmax, total)
      print '(a,i6,a,es24.16,a,es24.16)', 'step ', step, ' max ', qmax, ' checksum ', checksum(q)
    end if
  end do
  t1 = wtime()

  call diagnostics(q, qmax, total)
  print '(a,i0,a,i0,a,i0)', 'RESULT app=timestep seconds=' // num(t1 - t0) // ' seconds_per_step=' // num((t1 - t0) / steps) // &
    ' nx=', nx_, ' ny=', ny_, ' iters=', steps
  do k = 1, 3
    print '(a,i0)', 'RESULT app=timestep phase=' // trim(phases(k)) // ' seconds=' // num(tphase(k)) // &
      ' median_seconds=' // num(median_of(tstep(:, k))) // ' iters=', steps
  end do
  print '(a,a)', 'timer ', trim(timer_name())
  if (abs(total - total0) > 1.0d-12 * abs(total0) .or. qmax > 1.0d0 + 1.0d-12 .or. minval(q) < -1.0d-12) then
    print '(a,es24.16,a,es24.16,a,es24.16)', 'conservation FAIL: total ', total, ' initial ', total0, ' max ', qmax
    error stop 1
  end if
  print '(a)', 'conservation PASSED'
  print '(a)', 'PASSED'
end program timestep
