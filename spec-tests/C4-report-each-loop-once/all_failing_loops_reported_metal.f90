! FLAGS: --gpu=metal
! Design doc, "The unsupported-construct check": "each failing loop is
! reported once, at the first construct found, with the loop also pointed at
! when the construct is in a called procedure. Every failing loop of a file is
! reported before the compilation stops."
! Four failing loops, with three different reasons, around offloaded ones.
program all_failing_loops_reported_metal
  implicit none
  integer, parameter :: n = 8
  real(8) :: d(n)
  real(16) :: q(n)
  real :: x(n), y(n), z(n)
  character(len=8) :: s(n)
  integer :: i

  x = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    d(i) = x(i)
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    y(i) = x(i) + 1
  end do

  do concurrent (i = 1:n)  ! WANT: error io_in_loop
    print '(f6.1)', y(i)  ! DIAG: io_in_loop
  end do

  do concurrent (i = 1:n)  ! WANT: error real_ext_precision
    q(i) = x(i)
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    z(i) = y(i) * 2
  end do

  do concurrent (i = 1:n)  ! WANT: error internal_io
    write (s(i), '(f8.2)') z(i)  ! DIAG: internal_io
  end do

  if (any(d /= x) .or. any(q /= x) .or. any(z /= 2 * (x + 1)) .or. &
      adjustl(s(1)) /= '4.00') then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program all_failing_loops_reported_metal
