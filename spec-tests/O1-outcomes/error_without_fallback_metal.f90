! FLAGS: --gpu=metal
! Design doc, "Outcomes": "The loop uses something from the unsupported list |
! error, reported by the unsupported-construct check | the loop runs on the
! CPU, with a warning". Without the flag: an error.
! Same program as fallback_metal.f90.
program error_without_fallback_metal
  implicit none
  integer, parameter :: n = 16
  real(8) :: d(n)
  real :: x(n), y(n)
  character(len=6) :: s(n)
  integer :: i

  x = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: offload
    y(i) = 2 * x(i)
  end do

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    d(i) = y(i) / 4
  end do

  do concurrent (i = 1:n)  ! WANT: error internal_io
    write (s(i), '(i6)') i
  end do

  do concurrent (i = 1:n)  ! WANT: error io_in_loop
    if (y(i) < 0) print *, 'negative', i
  end do

  if (any(d /= x / 2) .or. adjustl(s(n)) /= '16') then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program error_without_fallback_metal
