! -fcheck=bounds in a kernel (GPU batch): a loop in a module procedure
! over a module array, called in a time loop; the third call writes one
! element past the end. gfortran -fcheck=bounds reports it and stops with
! status 2; fgpu's kernel must report the same index and bound.
module field
  implicit none
  real(8) :: a(1000)
contains
  subroutine fill(n, v)
    integer, intent(in) :: n
    real(8), intent(in) :: v
    integer :: i
    do concurrent (i = 1:n)
      a(i) = v * i
    end do
  end subroutine
end module

program module_above
  use field
  implicit none
  integer :: step
  do step = 1, 3
    call fill(998 + step, dble(step))
    print '(i0, 1x, f0.1)', step, sum(a(1:998))
  end do
end program
