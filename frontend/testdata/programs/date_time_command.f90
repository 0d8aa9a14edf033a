! DATE_AND_TIME, CPU_TIME, SYSTEM_CLOCK, command line and environment intrinsics.
program date_time_command
  use, intrinsic :: iso_fortran_env, only: int64, real64, compiler_version, compiler_options
  implicit none
  character(len=8) :: date
  character(len=10) :: time
  character(len=5) :: zone
  integer :: values(8), nargs, i, arglen, stat
  character(len=:), allocatable :: arg
  character(len=256) :: cmd, home
  integer(int64) :: c0, c1, rate, cmax
  real :: t0, t1
  real(real64) :: acc

  call date_and_time(date, time, zone, values)
  print '(a, a, 1x, a, 1x, a)', 'date/time/zone: ', date, time, zone
  print '(a, i4.4, "-", i2.2, "-", i2.2)', 'ISO date: ', values(1), values(2), values(3)
  call date_and_time(values=values)

  nargs = command_argument_count()
  print *, 'number of arguments:', nargs
  do i = 1, nargs
    call get_command_argument(i, length=arglen)
    allocate(character(len=arglen) :: arg)
    call get_command_argument(i, arg, status=stat)
    print '(i3, 2a)', i, ': ', arg
    deallocate(arg)
  end do
  call get_command(cmd)
  call get_command_argument(0, cmd)
  print *, 'program: ', trim(cmd)
  call get_environment_variable('HOME', home, status=stat)
  if (stat == 0) print *, 'HOME=', trim(home)

  call system_clock(c0, rate, cmax)
  call cpu_time(t0)
  acc = 0.0_real64
  do i = 1, 1000000
    acc = acc + 1.0_real64 / real(i, real64)**2
  end do
  call cpu_time(t1)
  call system_clock(c1)
  print '(a, f10.6, a, f10.6)', 'cpu: ', t1 - t0, ' wall: ', real(c1 - c0, real64) / rate
  print *, 'acc =', acc
  print *, 'compiler: ', compiler_version()
  print *, 'options:  ', compiler_options()
end program date_time_command
