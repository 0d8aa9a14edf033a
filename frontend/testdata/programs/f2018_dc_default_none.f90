! GFORTRAN: rejects
! DEFAULT(NONE) forces every variable referenced in the loop to appear in a locality spec.
module saxpy_f2018
  implicit none
  integer, parameter :: sp = kind(1.0)
contains
  subroutine saxpy(n, a, x, y)
    integer, intent(in) :: n
    real(sp), intent(in) :: a, x(n)
    real(sp), intent(inout) :: y(n)
    integer :: i
    do concurrent (i = 1:n) default (none) shared (a, x, y)
      y(i) = a * x(i) + y(i)
    end do
  end subroutine saxpy

  subroutine clamp_positive(n, y, cap)
    integer, intent(in) :: n
    real(sp), intent(inout) :: y(n)
    real(sp), intent(in) :: cap
    real(sp) :: t
    integer :: i
    do concurrent (i = 1:n, y(i) > 0.0_sp) default(none) shared(y, cap) local(t)
      t = min(y(i), cap)
      y(i) = t
    end do
  end subroutine clamp_positive
end module saxpy_f2018

program f2018_dc_default_none
  use saxpy_f2018
  implicit none
  integer, parameter :: n = 4096
  real(sp) :: x(n), y(n)
  call random_number(x)
  y = -0.5_sp
  call saxpy(n, 3.0_sp, x, y)
  call clamp_positive(n, y, 2.0_sp)
  print *, minval(y), maxval(y)
end program f2018_dc_default_none
