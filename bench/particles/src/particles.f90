! bench/particles/particles.f90: times STEPS calls of push over N particles
! (arguments N STEPS, default 10^7 and 200) after one warm-up call, through
! the timer wrapper of bench/apps/common/wtime.f90; prints microseconds a
! step, the bandwidth of the struct traffic (each step reads 56 and writes
! 48 bytes a particle), and a checksum of the positions (the same bits as
! particles_ref.cu, built with --fmad=false).
program particles
  use apps_timer, only: wtime
  use particles_mod
  implicit none
  integer :: n, steps, s, i
  real(8) :: t0, t1, sx, sz
  character(len=32) :: arg

  n = 10000000
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
  call push(1d-3, 9.81d0, 0.1d0)
  t0 = wtime()
  do s = 1, steps
    call push(1d-3, 9.81d0, 0.1d0)
  end do
  t1 = wtime()
  sx = 0
  sz = 0
  do i = 1, n
    sx = sx + ps(i)%r%x
    sz = sz + ps(i)%r%z
  end do
  print '(a, i0, a, i0, a, f12.3, a, f10.1)', 'RESULT app=particles variant=fgpu n=', n, ' steps=', steps, &
    ' us_per_step=', (t1 - t0) / steps * 1d6, ' gbs=', 104d0 * n * steps / (t1 - t0) * 1d-9
  print '(a, es24.16, es24.16)', 'checksum ', sx, sz
end program particles
