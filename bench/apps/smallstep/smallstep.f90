! bench/apps/smallstep/smallstep.f90: the host cost of a launch (issue 11,
! part 6). Two phases over the n-point Jacobi problem of smallstep_mod.f90:
!   k3host: steps of three small kernels (relax, resid: a max reduction,
!           copy) and a scalar the host reads every step (the residual,
!           which decides convergence: the loop ends when it is <= tol);
!   k3mod:  the same with the residual in a module variable (a subroutine
!           computes it; the host reads it after the third kernel);
!   k1:     steps of one kernel (relax_into, alternating u and unew) that
!           the host does not wait for.
! Each phase is timed through wtime(), after a warm-up that launches
! relax_into, relax and resid once without changing what the steps compute. Arguments (else environment
! variables, else defaults): n (SMALL_N, 2048), steps per phase
! (SMALL_STEPS, 20000), print the residual every kprint steps (SMALL_KPRINT,
! 5000). Prints the residuals and checksums (the same bits as
! smallstep_ref.cu), and per phase
!   RESULT app=smallstep variant=V us_per_step=US seconds=T n=N iters=STEPS
program smallstep
  use apps_timer, only: wtime, timer_name
  use apps_stats, only: int_arg, num
  use smallstep_mod
  implicit none
  real(8), parameter :: tol = 1.0d-300
  integer :: n, steps, kprint, step, done, i
  real(8) :: res, t0, t1, s, first

  n = int_arg(1, 'SMALL_N', 2048)
  steps = int_arg(2, 'SMALL_STEPS', 20000)
  kprint = int_arg(3, 'SMALL_KPRINT', 5000)
  call setup(n)
  ! Warm-up, outside the timings (the device's start, each kernel's first
  ! launch): these writes are the ones step 1 makes again (unew from u = 0).
  call relax_into(u, unew)
  call relax()
  res = residual()

  ! Phase k3host.
  done = 0
  first = -1.0d0
  t0 = wtime()
  do step = 1, steps
    call relax()
    res = residual()
    call copy_back()
    done = step
    if (step == 1) first = res
    if (mod(step, kprint) == 0) print '(a,i8,a,es24.16)', 'step ', step, ' res ', res
    if (res <= tol) exit
  end do
  t1 = wtime()
  s = 0.0d0
  do i = 0, n + 1
    s = s + u(i) * mod(i, 3)
  end do
  print '(a,i0,a,es24.16,a,es24.16)', 'k3host steps ', done, ' res ', res, ' checksum ', s
  print '(a,i0,a,i0)', 'RESULT app=smallstep variant=k3host us_per_step=' // num((t1 - t0) / done * 1.0d6) // &
    ' seconds=' // num(t1 - t0) // ' n=', n, ' iters=', done
  if (.not. (res > 0.0d0 .and. res < first)) then
    print '(a,2es24.16)', 'k3host FAIL: the residual does not decrease ', first, res
    error stop 1
  end if

  ! Phase k3mod: the same steps with the residual in a module variable,
  ! which the host reads after the step's third kernel (as the
  ! hand-written CUDA reads it after launching all three).
  done = 0
  t0 = wtime()
  do step = 1, steps
    call relax()
    call residual_mod()
    call copy_back()
    done = step
    if (resm <= tol) exit
  end do
  t1 = wtime()
  print '(a,i0,a,i0)', 'RESULT app=smallstep variant=k3mod us_per_step=' // num((t1 - t0) / done * 1.0d6) // &
    ' seconds=' // num(t1 - t0) // ' n=', n, ' iters=', done

  ! Phase k1: an even number of sweeps, ending in u.
  t0 = wtime()
  do step = 1, 2 * (steps / 2)
    if (mod(step, 2) == 1) then
      call relax_into(u, unew)
    else
      call relax_into(unew, u)
    end if
  end do
  t1 = wtime()
  s = 0.0d0
  do i = 0, n + 1
    s = s + u(i) * mod(i, 3)
  end do
  print '(a,i0,a,es24.16)', 'k1 steps ', 2 * (steps / 2), ' checksum ', s
  print '(a,i0,a,i0)', 'RESULT app=smallstep variant=k1 us_per_step=' // num((t1 - t0) / (2 * (steps / 2)) * 1.0d6) // &
    ' seconds=' // num(t1 - t0) // ' n=', n, ' iters=', 2 * (steps / 2)
  print '(a,a)', 'timer ', trim(timer_name())
  if (.not. (s > 0.0d0)) then
    print '(a)', 'k1 FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program smallstep
