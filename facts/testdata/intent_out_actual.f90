! An actual argument of an intent(out) dummy (t, w; u by keyword) is no
! value_read (locality.mg, local_read_before_write): its subscripts are.
module m
  implicit none
  real :: b(101)
contains
  pure subroutine get(x, v, w)
    real, intent(in) :: x
    real, intent(out) :: v
    real, intent(out) :: w(3)
    v = 2 * x
    w = x
  end subroutine
  subroutine step(n)
    integer, intent(in) :: n
    integer :: i
    real :: t, u, w(3)
    do concurrent (i = 1:n) local(t, u, w)
      call get(b(i), t, w)
      call get(b(i), b(i + 1), w)
      call get(x=t, w=w, v=u)
      b(i) = t + u + w(2)
    end do
  end subroutine
end module
