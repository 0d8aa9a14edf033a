! Design doc, "Stopping on the device": "A character stop code has to be a
! constant, which the host statement repeats. One computed at run time
! (error stop "bad " // name) is an error for now ("a character stop code
! that is not a constant"): it would have to be formatted on the device or
! copied back."
! The loop passes the check (a stop is not on the unsupported list); fgpu
! does not build it (NYI.txt: the error names the statement). The program is
! valid Fortran: gfortran runs it, and the stop is never reached.
module named_checks
  implicit none
contains
  pure subroutine require_positive(v, name)
    real, intent(in) :: v
    character(*), intent(in) :: name
    if (v <= 0) error stop 'not positive: ' // name
  end subroutine require_positive
end module named_checks

program computed_message
  use named_checks
  implicit none
  integer, parameter :: n = 16
  real :: x(n)
  integer :: i

  x = 1
  do concurrent (i = 1:n)  ! WANT: offload
    call require_positive(x(i), 'x')
    x(i) = x(i) * 2
  end do
  if (any(x /= 2)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program computed_message
