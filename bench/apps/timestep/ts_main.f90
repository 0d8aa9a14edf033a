! bench/apps/timestep/ts_main.f90: the twin of timestep.f90 + ts_solver.f90,
! the same ten loops, operations and order of operations inline in one
! main program (over the same module and main-program arrays), so it
! prints the same bits: every
! line but the RESULT line equals timestep's. The time loop is timed with
! system_clock directly (a wait point), and so is each phase of a step.
! Same arguments.
program ts_main
  use apps_stats, only: int_arg, num, median_of
  use ts_state
  implicit none
  real(8), allocatable :: q(:, :), qn(:, :)
  integer :: steps, kout, step, i, j
  integer(8) :: c0, c1, rate, ca, cb, cc, cd
  real(8) :: qmax, total, total0, x, y, r2, adv, s, seconds, tphase(3)
  real(8), allocatable :: tstep(:, :)
  character(len=7), parameter :: phases(3) = ['fluxes ', 'update ', 'bc     ']
  integer :: k

  nx = int_arg(1, 'TS_NX', 4096)
  ny = int_arg(2, 'TS_NY', 4096)
  steps = int_arg(3, 'TS_STEPS', 500)
  kout = int_arg(4, 'TS_KOUT', 100)
  dx = 1.0d0 / nx
  dy = 0.5d0 / ny
  dt = 0.2d0 * min(dx, dy)
  kappa = 0.05d0 * min(dx, dy)
  allocate(q(0:nx + 1, 0:ny + 1), qn(0:nx + 1, 0:ny + 1))
  allocate(fx(1:nx + 1, 1:ny), fy(1:nx, 1:ny + 1))
  allocate(ux(1:nx + 1, 1:ny), vy(1:nx, 1:ny + 1))

  do concurrent (i = 0:nx + 1, j = 0:ny + 1)  ! kernel: init_q
    x = (i - 0.5d0) * dx
    y = (j - 0.5d0) * dy
    r2 = ((x - 0.3d0) * (x - 0.3d0) + (y - 0.25d0) * (y - 0.25d0)) / 0.01d0
    q(i, j) = max(0.0d0, 1.0d0 - r2) * max(0.0d0, 1.0d0 - r2)
    qn(i, j) = 0.0d0
  end do
  do concurrent (i = 1:nx + 1, j = 1:ny)  ! kernel: init_u
    ux(i, j) = 1.0d0 + (j - 0.5d0) * dy / 0.5d0
  end do
  do concurrent (i = 1:nx, j = 1:ny + 1)  ! kernel: init_v
    vy(i, j) = 0.5d0 - (i - 0.5d0) * dx
  end do
  do concurrent (j = 1:ny)  ! kernel: bc_x
    q(0, j) = q(nx, j)
    q(nx + 1, j) = q(1, j)
  end do
  do concurrent (i = 0:nx + 1)  ! kernel: bc_y
    q(i, 0) = q(i, ny)
    q(i, ny + 1) = q(i, 1)
  end do
  qmax = -huge(1.0d0)
  total0 = 0.0d0
  do concurrent (i = 1:nx, j = 1:ny) reduce(max:qmax) reduce(+:total0)  ! kernel: diag
    qmax = max(qmax, q(i, j))
    total0 = total0 + q(i, j)
  end do
  s = 0.0d0
  do j = 1, ny
    do i = 1, nx
      s = s + q(i, j) * (i + 2 * j)
    end do
  end do
  print '(a,i6,a,es24.16,a,es24.16)', 'step ', 0, ' max ', qmax, ' checksum ', s

  call system_clock(count_rate=rate)
  tphase = 0.0d0
  allocate(tstep(steps, 3))
  call system_clock(c0)
  do step = 1, steps
    call system_clock(ca)
    do concurrent (i = 1:nx + 1, j = 1:ny)  ! kernel: flux_x
      if (ux(i, j) > 0.0d0) then
        adv = ux(i, j) * q(i - 1, j)
      else
        adv = ux(i, j) * q(i, j)
      end if
      fx(i, j) = adv - kappa * (q(i, j) - q(i - 1, j)) / dx
    end do
    do concurrent (i = 1:nx, j = 1:ny + 1)  ! kernel: flux_y
      if (vy(i, j) > 0.0d0) then
        adv = vy(i, j) * q(i, j - 1)
      else
        adv = vy(i, j) * q(i, j)
      end if
      fy(i, j) = adv - kappa * (q(i, j) - q(i, j - 1)) / dy
    end do
    call system_clock(cb)
    do concurrent (i = 1:nx, j = 1:ny)  ! kernel: update
      qn(i, j) = q(i, j) - dt * ((fx(i + 1, j) - fx(i, j)) / dx + (fy(i, j + 1) - fy(i, j)) / dy)
    end do
    do concurrent (i = 1:nx, j = 1:ny)  ! kernel: copy
      q(i, j) = qn(i, j)
    end do
    call system_clock(cc)
    do concurrent (j = 1:ny)  ! kernel: bc_x
      q(0, j) = q(nx, j)
      q(nx + 1, j) = q(1, j)
    end do
    do concurrent (i = 0:nx + 1)  ! kernel: bc_y
      q(i, 0) = q(i, ny)
      q(i, ny + 1) = q(i, 1)
    end do
    call system_clock(cd)
    tphase = tphase + [real(cb - ca, 8), real(cc - cb, 8), real(cd - cc, 8)] / real(rate, 8)
    tstep(step, :) = [real(cb - ca, 8), real(cc - cb, 8), real(cd - cc, 8)] / real(rate, 8)
    if (mod(step, kout) == 0) then
      qmax = -huge(1.0d0)
      total = 0.0d0
      do concurrent (i = 1:nx, j = 1:ny) reduce(max:qmax) reduce(+:total)  ! kernel: diag
        qmax = max(qmax, q(i, j))
        total = total + q(i, j)
      end do
      s = 0.0d0
      do j = 1, ny
        do i = 1, nx
          s = s + q(i, j) * (i + 2 * j)
        end do
      end do
      print '(a,i6,a,es24.16,a,es24.16)', 'step ', step, ' max ', qmax, ' checksum ', s
    end if
  end do
  call system_clock(c1)
  seconds = real(c1 - c0, 8) / real(rate, 8)

  qmax = -huge(1.0d0)
  total = 0.0d0
  do concurrent (i = 1:nx, j = 1:ny) reduce(max:qmax) reduce(+:total)  ! kernel: diag
    qmax = max(qmax, q(i, j))
    total = total + q(i, j)
  end do
  print '(a,i0,a,i0,a,i0)', 'RESULT app=ts_main seconds=' // num(seconds) // ' seconds_per_step=' // num(seconds / steps) // &
    ' nx=', nx, ' ny=', ny, ' iters=', steps
  do k = 1, 3
    print '(a,i0)', 'RESULT app=ts_main phase=' // trim(phases(k)) // ' seconds=' // num(tphase(k)) // &
      ' median_seconds=' // num(median_of(tstep(:, k))) // ' iters=', steps
  end do
  print '(a,a)', 'timer ', 'system_clock'
  if (abs(total - total0) > 1.0d-12 * abs(total0) .or. qmax > 1.0d0 + 1.0d-12 .or. minval(q) < -1.0d-12) then
    print '(a,es24.16,a,es24.16,a,es24.16)', 'conservation FAIL: total ', total, ' initial ', total0, ' max ', qmax
    error stop 1
  end if
  print '(a)', 'conservation PASSED'
  print '(a)', 'PASSED'
end program ts_main
