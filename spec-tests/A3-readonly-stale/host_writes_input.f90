! ARCHITECTURE.md section 4 (beyond the design doc, which copies read-only
! buffers at every launch): "when the analyses prove the host does not
! write an array between two launches, its device copy stays valid; every
! host write of a resident array marks its device copy stale."
! A read-only input of a launch changed by the host between launches in
! three ways: an element assignment in a host loop (one stale mark before
! that loop), a whole-array assignment, and a subroutine that changes its
! argument. Each launch must see the new values.
module change
  implicit none
contains
  subroutine bump(c, n)
    integer, intent(in) :: n
    real, intent(inout) :: c(n)
    c = c + 1.0
  end subroutine bump
end module change

program host_writes_input
  use change
  implicit none
  integer, parameter :: n = 256
  real :: c(n), y(n)
  integer :: i, step

  c = 1.0
  y = 0.0
  do step = 1, 4
    do concurrent (i = 1:n)  ! WANT: offload
      y(i) = y(i) + c(i)
    end do
    select case (mod(step, 3))
    case (0)
      do i = 1, n
        c(i) = c(i) + 1.0
      end do
    case (1)
      c = c + 1.0
    case default
      call bump(c, n)
    end select
  end do
  ! c takes 1, 2, 3, 4 in the four launches
  if (.not. all(y == 10.0) .or. .not. all(c == 5.0)) then
    print *, 'FAIL', y(1), c(1)
    error stop 1
  end if
  print '(a)', 'PASSED'
end program host_writes_input
