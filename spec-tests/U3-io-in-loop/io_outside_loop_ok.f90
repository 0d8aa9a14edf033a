! GUARDS: io_in_loop internal_io (the nearest correct variant of print_in_body.f90 and internal_io_in_body.f90: no such diagnostic)
! Design doc, "What the check has to look at": "for every loop it walks the
! loop body and every procedure the loop reaches transitively".
! I/O before and after the loop, and in a procedure that only the host calls,
! is not in the loop: the loop is offloaded.
module report_mod
  implicit none
contains
  subroutine report(v)
    integer, intent(in) :: v(:)
    character(len=32) :: line
    write (line, '(a,i0)') 'sum = ', sum(v)
    print '(a)', trim(line)
  end subroutine report

  pure integer function twice(k)
    integer, intent(in) :: k
    twice = 2 * k
  end function twice
end module report_mod

program io_outside_loop_ok
  use report_mod
  implicit none
  integer, parameter :: n = 10
  integer :: a(n)
  integer :: i

  print '(a)', 'start'
  do concurrent (i = 1:n)  ! WANT: offload
    a(i) = twice(i)
  end do
  call report(a)

  if (sum(a) /= 110) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program io_outside_loop_ok
