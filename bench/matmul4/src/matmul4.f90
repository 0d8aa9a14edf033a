! bench/matmul4/src/matmul4.f90: times STEPS calls of step over N vectors
! (arguments N STEPS, default 10^6 and 200; a step is two calls, x to y and
! y to x) after one warm-up step, through the timer wrapper of
! bench/apps/common/wtime.f90; prints microseconds a step, the bandwidth
! (each call reads 160 and writes 32 bytes a vector),
! and a checksum of the vectors (the same bits as matmul4_ref.cu, built
! with --fmad=false).
program matmul4
  use apps_timer, only: wtime
  use matmul4_mod
  implicit none
  integer :: n, steps, s
  real(8) :: t0, t1
  character(len=32) :: arg

  n = 1000000
  steps = 200
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) steps
  end if
  call init(n)
  call step(a, x, y, 1.0625d0)
  call step(a, y, x, 1.0625d0)
  t0 = wtime()
  do s = 1, steps
    call step(a, x, y, 1.0625d0)
    call step(a, y, x, 1.0625d0)
  end do
  t1 = wtime()
  print '(a, i0, a, i0, a, f12.3, a, f10.1)', 'RESULT app=matmul4 variant=fgpu n=', n, ' steps=', steps, &
    ' us_per_step=', (t1 - t0) / steps * 1d6, ' gbs=', 384d0 * n * steps / (t1 - t0) * 1d-9
  print '(a, es24.16, es24.16)', 'checksum ', sum(x(1, :)), sum(x(4, :))
end program matmul4
