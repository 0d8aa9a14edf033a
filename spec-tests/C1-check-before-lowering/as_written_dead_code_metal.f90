! FLAGS: --gpu=metal
! Design doc, "The unsupported-construct check": "The check decides from the
! program as written, before any lowering, whether a loop uses something on
! the unsupported list. It does not try to lower the loop and it does not
! depend on how far lowering would get."
! A construct on a branch that never runs, or under a constant-false guard,
! is still in the program as written: the loops are errors. (The guard
! `debug` is a compile-time constant, but the print is not below it.)
program as_written_dead_code_metal
  implicit none
  logical, parameter :: debug = .false.
  integer, parameter :: n = 16
  real(8) :: x8(n)
  real :: x(n), y(n), z(n)
  integer :: i

  x = [(real(i), i = 1, n)]
  x8 = x

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    y(i) = x(i)
    if (x(i) < 0) y(i) = real(x8(i), 4)
  end do

  do concurrent (i = 1:n)  ! WANT: error io_in_loop
    z(i) = 2 * x(i)
    if (debug) print *, i, z(i)  ! DIAG: io_in_loop
  end do

  if (any(y /= x) .or. any(z /= 2 * x)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program as_written_dead_code_metal
