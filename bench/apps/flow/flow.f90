! bench/apps/flow/flow.f90: the time loop of the flow-solver pattern
! (flow_mod.f90; flow_omp_mod.f90, the same loops for gfortran -O3 and
! gfortran -O3 -fopenmp): steps time steps (each: RK3 in x then in z, 18
! procedure calls, 24 loops) after one warm-up step, each step timed
! through wtime(). Checks: the mass stays rho0 * xlen * zlen to 1e-12
! (flux form, periodic in x, no flux through the walls), every value is
! finite, the bubble moved the fluid. Arguments: nx nz steps (FLOW_NX,
! FLOW_NZ, FLOW_STEPS; default 4096 2048 20).
!   RESULT app=flow seconds_per_step=(median) best_seconds=... seconds=(sum)... nx=... nz=... steps=...
program flow
  use apps_timer, only: wtime, timer_name
  use apps_stats, only: best_of, median_of, int_arg, num
  use flow_mod
  implicit none
  integer :: steps, it, i, k, ll
  real(8), allocatable :: t(:)
  real(8) :: t0, mass, m0, wmax, s(NUM_VARS)
  logical :: finite
  call flow_init(int_arg(1, 'FLOW_NX', 4096), int_arg(2, 'FLOW_NZ', 2048))
  steps = int_arg(3, 'FLOW_STEPS', 20)
  allocate (t(steps))
  print '(a,i0,a,i0,a,es12.5)', 'flow nx = ', nx, ', nz = ', nz, ', dt = ', dt
  do it = 0, steps
    t0 = wtime()
    call timestep()
    if (it > 0) t(it) = wtime() - t0
  end do
  m0 = rho0 * xlen * zlen
  mass = 0
  wmax = 0
  finite = .true.
  s = 0
  do ll = 1, NUM_VARS
    do k = 1, nz
      do i = 1, nx
        if (.not. (abs(state(i, k, ll)) <= huge(1.0d0))) finite = .false.
        s(ll) = s(ll) + abs(state(i, k, ll))
      end do
    end do
  end do
  do k = 1, nz
    do i = 1, nx
      mass = mass + (state(i, k, ID_DENS) + rho0) * dx * dz
      wmax = max(wmax, abs(state(i, k, ID_WMOM)))
    end do
  end do
  print '(a,4es17.9)', 'sum |state| by variable: ', s
  print '(a,es17.9)', 'max |rho w|: ', wmax
  print '(a,i0,a,i0,a,i0)', 'RESULT app=flow seconds_per_step=' // num(median_of(t)) // ' best_seconds=' // num(best_of(t)) // &
    ' seconds=' // num(sum(t)) // ' nx=', nx, ' nz=', nz, ' steps=', steps
  print '(a,a)', 'timer ', trim(timer_name())
  if (.not. finite .or. abs(mass - m0) > 1.0d-12 * m0 .or. .not. (wmax > 0)) then
    print '(a,l2,2es24.16)', 'FAIL: finite, mass, max |rho w| ', finite, mass, wmax
    error stop 1
  end if
  print '(a)', 'mass conserved'
  print '(a)', 'PASSED'
end program flow
