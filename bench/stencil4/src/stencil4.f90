! bench/stencil4/src/stencil4.f90: the flux loop of issue 14 with its
! 4-element stencil in an array of the iteration (a block variable t(4))
! and the same loop with the stencil in four scalars, side by side in one
! run: N points, STEPS sweeps of each (arguments, default 2^25 and 100),
! each variant timed through the timer wrapper after a warm-up sweep; prints
! microseconds a sweep of each, their ratio, and a checksum of each (the
! same bits).
module stencil4_mod
  implicit none
contains
  subroutine flux_array(q, f)
    real(8), intent(in) :: q(:)
    real(8), intent(inout) :: f(:)
    integer :: i, k
    do concurrent (i = 3:size(q) - 2)  ! kernel: flux_array
      block
        real(8) :: t(4)
        do k = 1, 4
          t(k) = q(i + k - 2)
        end do
        f(i) = -t(1) / 12 + 7 * t(2) / 12 + 7 * t(3) / 12 - t(4) / 12
      end block
    end do
  end subroutine flux_array

  subroutine flux_scalars(q, f)
    real(8), intent(in) :: q(:)
    real(8), intent(inout) :: f(:)
    integer :: i
    real(8) :: t1, t2, t3, t4
    do concurrent (i = 3:size(q) - 2)  ! kernel: flux_scalars
      t1 = q(i - 1)
      t2 = q(i)
      t3 = q(i + 1)
      t4 = q(i + 2)
      f(i) = -t1 / 12 + 7 * t2 / 12 + 7 * t3 / 12 - t4 / 12
    end do
  end subroutine flux_scalars
end module stencil4_mod

program stencil4
  use apps_timer, only: wtime
  use stencil4_mod
  implicit none
  real(8), allocatable :: q(:), fa(:), fs(:)
  integer :: n, steps, s, i
  real(8) :: t0, ta, tsc
  character(len=32) :: arg

  n = 2**25
  steps = 100
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) steps
  end if
  allocate(q(n), fa(n), fs(n))
  do i = 1, n
    q(i) = sin(1d-4 * i)
  end do
  fa = 0
  fs = 0
  call flux_array(q, fa)
  call flux_scalars(q, fs)
  t0 = wtime()
  do s = 1, steps
    call flux_array(q, fa)
  end do
  ta = (wtime() - t0) / steps
  t0 = wtime()
  do s = 1, steps
    call flux_scalars(q, fs)
  end do
  tsc = (wtime() - t0) / steps
  print '(a, i0, a, i0, a, f10.3, a, f10.3, a, f6.3)', 'RESULT app=stencil4 n=', n, ' steps=', steps, &
    ' us_array=', ta * 1d6, ' us_scalars=', tsc * 1d6, ' scalars_over_array=', tsc / ta
  print '(a, 2es24.16)', 'checksum ', sum(fa), sum(fs)
  if (any(fa /= fs)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
end program stencil4
