! A small array of the iteration indexed by the variables of DO loops of
! constant trip counts (issue 30): the loops over it carry "unroll N" in
! the IR (lowering/kir_unroll.go); a loop longer than 8 trips, one whose
! limits are not constants and one that does not index the array do not.
module unroll_m
  implicit none
  integer, parameter :: n = 200
  real(8) :: x(4, n), y(n)
contains
  subroutine smooth(m)
    integer, intent(in) :: m
    integer :: i, k
    real(8) :: t(4), s
    do concurrent (i = 1:n) local(t, s, k)
      do k = 1, 4
        t(k) = x(k, i) * 2.0d0
      end do
      s = 0.0d0
      do k = 4, 1, -1
        s = s + t(k) * k
      end do
      do k = 1, 10
        s = s + 1.0d0
      end do
      do k = 1, m
        s = s + t(1)
      end do
      y(i) = s
    end do
  end subroutine
end module

program unroll
  use unroll_m
  implicit none
  integer :: it, i
  do i = 1, n
    x(:, i) = real(i, 8) / 7
  end do
  do it = 1, 3
    call smooth(it)
  end do
  if (abs(y(1) - (20.0d0 / 7 + 13)) > 1.0d-12) error stop 1
  print *, sum(y)
end program
