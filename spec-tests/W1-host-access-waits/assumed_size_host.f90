! Issue 11: "Assumed-size dummies in offloaded loops work or get a clear
! error." Here the host reads an assumed-size dummy (old-style x(*))
! whose actual a launch wrote in the caller, and a subroutine with an
! explicit-shape dummy launches on it and the assumed-size procedure
! reads the result.
subroutine fill(y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(out) :: y(n)
  integer :: i
  do concurrent (i = 1:n)  ! WANT: offload
    y(i) = 10 * i
  end do
end subroutine fill
subroutine total(x, n, s)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: x(*)
  real(8), intent(out) :: s
  integer :: i
  s = 0
  do i = 1, n
    s = s + x(i)
  end do
  call fill(x, n)
  s = s + x(n)
end subroutine total
program asz_host
  implicit none
  integer, parameter :: n = 30
  real(8) :: a(n), s
  integer :: i
  do concurrent (i = 1:n)  ! WANT: offload
    a(i) = i
  end do
  call total(a, n, s)
  print '(a, f10.1)', 's:', s
  if (s /= 465.0d0 + 300.0d0) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program asz_host
