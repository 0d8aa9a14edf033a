! Design doc, "Where the host waits": "It waits: [...] before return, goto
! and the end of the procedure while any launch is pending".
! A subroutine launches, then returns early under a condition (a one-line
! IF) or at its end: the caller reads what the launch wrote either way.
module steps
  implicit none
contains
  subroutine step(x, n, early)
    integer, intent(in) :: n
    real, intent(inout) :: x(n)
    logical, intent(in) :: early
    integer :: i
    do concurrent (i = 1:n)  ! WANT: offload
      x(i) = x(i) + 1.0
    end do
    if (early) return
    do concurrent (i = 1:n)  ! WANT: offload
      x(i) = x(i) * 2.0
    end do
  end subroutine step
end module steps

program return_in_middle
  use steps
  implicit none
  integer, parameter :: n = 300
  real :: x(n)
  x = 1.0
  call step(x, n, .true.)
  if (.not. all(x == 2.0)) then
    print *, 'FAIL early', x(1)
    error stop 1
  end if
  call step(x, n, .false.)
  if (.not. all(x == 6.0)) then
    print *, 'FAIL end', x(1)
    error stop 1
  end if
  print '(a)', 'PASSED'
end program return_in_middle
