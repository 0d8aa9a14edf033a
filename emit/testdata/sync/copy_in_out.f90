module cio
  implicit none
  real(8) :: a(4, 10)
contains
  subroutine step()
    integer :: i, j
    do concurrent (i = 1:4, j = 1:10)
      a(i, j) = a(i, j) + i*j
    end do
  end subroutine step
  subroutine hfill(m, x)
    integer, intent(in) :: m
    real(8), intent(inout) :: x(m)
    x = x + 1
  end subroutine hfill
  subroutine dfill(m, x)
    integer, intent(in) :: m
    real(8), intent(inout) :: x(m)
    integer :: k
    do concurrent (k = 1:m)
      x(k) = 2*x(k)
    end do
  end subroutine dfill
  real(8) function rsum(m, x)
    integer, intent(in) :: m
    real(8), intent(in) :: x(m)
    rsum = sum(x)
  end function rsum
  subroutine run(s)
    real(8), intent(inout) :: s
    integer :: t
    do t = 1, 5
      call step()
      call hfill(10, a(2, :))
      call dfill(10, a(3, :))
      if (t > 2) call dfill(10, a(4, :))
      s = s + rsum(10, a(1, :))
    end do
  end subroutine run
end module cio
