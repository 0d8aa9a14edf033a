! Keyword arguments in calls from an offloaded loop: a pure function and a
! pure subroutine called with their arguments in another order by keyword
! (also a type-bound one), every result checked against a serial loop.
module keyword_mod
  implicit none
  type mix
    real(8) :: w
  contains
    procedure :: apply
  end type mix
contains
  pure real(8) function blend(a, b, w)
    real(8), intent(in) :: a, b, w
    blend = (1 - w) * a + w * b
  end function blend
  pure subroutine put(x, val, scale)
    real(8), intent(out) :: x
    real(8), intent(in) :: val, scale
    x = val * scale
  end subroutine put
  pure real(8) function apply(self, lo, hi)
    class(mix), intent(in) :: self
    real(8), intent(in) :: lo, hi
    apply = blend(lo, hi, self%w)
  end function apply
end module keyword_mod

program keyword_args
  use keyword_mod
  implicit none
  integer, parameter :: n = 3000
  real(8) :: a(n), b(n), c(n), d(n), e(n), x
  integer :: i
  do i = 1, n
    a(i) = i
    b(i) = 2 * i + 1
  end do
  do concurrent (i = 1:n)
    block
      type(mix) :: m
      m = mix(0.75d0)
      c(i) = blend(a(i), w=0.25d0, b=b(i))
      call put(scale=3d0, x=d(i), val=a(i))
      e(i) = m%apply(hi=a(i), lo=b(i))
    end block
  end do
  do i = 1, n
    call put(x, scale=3d0, val=a(i))
    if (c(i) /= blend(a(i), b(i), 0.25d0) .or. d(i) /= x .or. e(i) /= blend(b(i), a(i), 0.75d0)) then
      print '(a, i0)', 'FAIL at ', i
      error stop 1
    end if
  end do
  print '(3es24.16)', sum(c), sum(d), sum(e)
end program keyword_args
