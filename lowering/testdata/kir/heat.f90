! Module arrays updated by a module procedure called in a time loop: a
! 2-D stencil with IF / ELSE IF / ELSE, intrinsics, a nested DO, a BLOCK
! and an ERROR STOP.
module heat_m
  implicit none
  integer, parameter :: n = 64, m = 48
  real(8) :: u(n, m), v(n, m)
  real :: w(n)
  integer :: flags(n, m)
contains
  subroutine step(alpha, it)
    real(8), intent(in) :: alpha
    integer, intent(in) :: it
    integer :: i, j, k
    real(8) :: acc
    do concurrent (j = 2:m-1, i = 2:n-1) local(acc, k)
      acc = 0.0d0
      do k = -1, 1
        acc = acc + u(i + k, j) + u(i, j + k)
      end do
      block
        real(8) :: d
        d = acc * 0.5d0
        if (d > 1.0d10) error stop 3
      end block
      if (flags(i, j) > 2) then
        v(i, j) = u(i, j) + alpha * (acc - 6 * u(i, j))
      else if (flags(i, j) == 1 .or. mod(it, 2) == 0) then
        v(i, j) = max(u(i, j), sqrt(abs(acc)), 0.5d0)
      else
        v(i, j) = u(i, j) ** 2 - real(w(i), 8) / dble(j)
      end if
    end do
  end subroutine
end module

program heat
  use heat_m
  implicit none
  integer :: it, i, j
  do j = 1, m
    do i = 1, n
      u(i, j) = real(i * j, 8) / 100
      flags(i, j) = mod(i + j, 4)
    end do
  end do
  w = 2.5
  do it = 1, 5
    call step(0.1d0, it)
    u = v
  end do
  print *, sum(v)
end program
