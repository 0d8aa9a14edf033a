module solver
  use physics, only: flux
  implicit none
contains
  subroutine step(n, h, u, f)
    integer, intent(in) :: n
    real(8), intent(in) :: h(n), u(n)
    real(8), intent(out) :: f(n)
    integer :: i
    do concurrent (i = 1:n)
      f(i) = flux(h(i), u(i))
    end do
  end subroutine
end module
