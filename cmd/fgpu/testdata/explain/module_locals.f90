! EXPLAIN: 16 27
! Module data a launch writes in one procedure is fetched where another
! reads it; a local the launch writes is dropped at the end of its
! procedure; a pure function's read goes to its call.
module m
  implicit none
  real(8) :: u(50)
contains
  subroutine work()
    real(8) :: t(50)
    integer :: i
    do concurrent (i = 1:50)
      t(i) = i
      u(i) = 2 * t(i)
    end do
  end subroutine work
  pure function first(v) result(r)
    real(8), intent(in) :: v(:)
    real(8) :: r
    r = v(1)
  end function first
end module m
program module_locals
  use m
  implicit none
  call work()
  print *, first(u)
end program module_locals
