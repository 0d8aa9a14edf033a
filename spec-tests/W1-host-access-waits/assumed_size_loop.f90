! Issue 11: "Assumed-size dummies in offloaded loops work or get a clear
! error." A launch hands every array over with its shape, and the extent
! of x(*) is known to the callers only: a clear "not yet implemented"
! error at the reference (NYI.txt), never a launch the host compiler
! rejects. gfortran runs the program.
subroutine scale(x, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: x(*)
  integer :: i
  do concurrent (i = 1:n)  ! WANT: offload
    x(i) = 2 * x(i)
  end do
end subroutine scale
program assumed_size_loop
  implicit none
  real(8) :: a(10)
  a = 1
  call scale(a, 10)
  if (any(a /= 2)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program assumed_size_loop
