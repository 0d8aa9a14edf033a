! FLAGS: --unsupported-as=metal
! Design doc, "The unsupported-construct check": "The check decides from the
! program as written, before any lowering, whether a loop uses something on
! the unsupported list."
! ARCHITECTURE.md 5: "--unsupported-as=metal builds for the CPU while applying
! Metal's unsupported list". The decision does not depend on the backend that
! lowers the loop (the CPU here), only on the list applied.
program unsupported_as_metal_before_lowering
  implicit none
  integer, parameter :: n = 8
  real(8) :: acc(n)
  real :: x(n)
  integer(8) :: big(n)
  integer :: i

  x = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    acc(i) = x(i) * 0.25_8
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    big(i) = int(x(i), 8) * 4000000000_8
  end do

  if (any(acc /= x / 4.0_8) .or. big(n) /= 8 * 4000000000_8) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program unsupported_as_metal_before_lowering
