! do concurrent in a module procedure working on module arrays (allocated
! with non-default bounds) and a module scalar.
module grid_mod
  implicit none
  integer :: nx = 24
  real, allocatable :: f(:), g(:)
contains
  subroutine setup()
    integer :: i
    allocate(f(0:nx + 1), g(nx))
    do i = 0, nx + 1
      f(i) = real(mod(i * 5, 9))
    end do
  end subroutine
  subroutine smooth()
    integer :: i
    do concurrent (i = 1:nx)
      g(i) = (f(i - 1) + 2.0 * f(i) + f(i + 1)) / 4.0
    end do
  end subroutine
end module

program dc_in_module_proc
  use grid_mod
  implicit none
  integer :: i
  real :: r
  call setup()
  call smooth()
  do i = 1, nx
    r = (f(i - 1) + 2.0 * f(i) + f(i + 1)) / 4.0
    if (g(i) /= r) then
      print '(a,i0)', 'FAIL at ', i
      error stop 1
    end if
  end do
  print '(8f7.2)', g
  print '(a)', 'PASSED'
end program
