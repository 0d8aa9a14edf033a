! A character stop code computed at run time in a pure procedure the kernel
! calls is an error for now (design doc, "Stopping on the device"; listed in
! NYI.txt). The stop is never reached.
module reporters
  implicit none
contains
  pure subroutine need_small(v, what)
    integer, intent(in) :: v
    character(*), intent(in) :: what
    if (v > 10) error stop what // ' is too large'
  end subroutine
end module
program stop_char_runtime
  use reporters
  implicit none
  integer :: a(8), i
  a = 1
  do concurrent (i = 1:8)
    call need_small(a(i), 'a')
  end do
  if (any(a /= 1)) error stop 1
  print '(a)', 'ok'
end program
