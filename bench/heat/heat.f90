! bench/heat: a 2-D heat stencil (5-point Jacobi update) on an n x n grid of
! real(8), one do concurrent per step, the residual norm computed by a reduce
! loop every `every` steps and printed by the host. The stepping loop is
! timed with system_clock (a wait point: the time includes the device work).
! Compared with heat_ref.cu (the same computation written by hand in CUDA)
! by bench/heat/run.sh. Arguments: n nsteps every (default 4096 1000 100).
program heat
  implicit none
  integer :: n, nsteps, every
  real(8), allocatable :: u(:,:), v(:,:)
  real(8) :: res
  integer :: i, j, step
  integer(8) :: t0, t1, rate
  character(len=32) :: arg

  n = 4096; nsteps = 1000; every = 100
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg); read (arg, *) n
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg); read (arg, *) nsteps
  end if
  if (command_argument_count() >= 3) then
    call get_command_argument(3, arg); read (arg, *) every
  end if
  allocate(u(n, n), v(n, n))

  ! Initial state: zero inside, the first row held at 1.
  do concurrent (i = 1:n, j = 1:n)
    u(i, j) = 0.0d0
    v(i, j) = 0.0d0
  end do
  do concurrent (j = 1:n)
    u(1, j) = 1.0d0
    v(1, j) = 1.0d0
  end do

  call system_clock(t0, rate)
  do step = 1, nsteps
    if (mod(step, 2) == 1) then
      do concurrent (i = 2:n-1, j = 2:n-1)
        v(i, j) = 0.25d0 * (u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1))
      end do
    else
      do concurrent (i = 2:n-1, j = 2:n-1)
        u(i, j) = 0.25d0 * (v(i-1, j) + v(i+1, j) + v(i, j-1) + v(i, j+1))
      end do
    end if
    if (mod(step, every) == 0) then
      res = 0.0d0
      do concurrent (i = 2:n-1, j = 2:n-1) reduce(+:res)
        res = res + (u(i, j) - v(i, j))**2
      end do
      print '(a,i6,a,es12.4)', 'step ', step, ' residual ', sqrt(res)
    end if
  end do
  call system_clock(t1)
  print '(a,f10.3,a)', 'time ', real(t1 - t0, 8) / real(rate, 8) * 1000.0d0, ' ms'
  print '(a,es14.6)', 'checksum ', sum(u(2:n-1, 2:n-1))
end program heat
