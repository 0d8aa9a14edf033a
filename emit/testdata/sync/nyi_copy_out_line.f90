module ncio
  implicit none
  real(8) :: a(4, 10)
contains
  subroutine dfill(m, x)
    integer, intent(in) :: m
    real(8), intent(inout) :: x(m)
    integer :: k
    do concurrent (k = 1:m)
      x(k) = 2*x(k)
    end do
  end subroutine dfill
  subroutine run(s)
    real(8), intent(inout) :: s
    s = 1; call dfill(10, a(3, :))
  end subroutine run
end module ncio
