! Module variables read by procedures the loop calls (issue 14: the host
! variables of device procedures become arguments): a pure function of a
! module reads a module array and scalars of that module through another
! function; the loop is in a procedure of another module that does not
! use those variables (the launch names them through a use line fgpu
! adds); the host changes them between launches. An internal procedure of
! the main program reads a variable of its host.
module coefs_mod
  implicit none
  real(8), allocatable :: c(:)
  real(8) :: scale = 2d0
  integer :: nc
contains
  pure real(8) function weight(i)
    integer, intent(in) :: i
    weight = scale * c(mod(i, nc) + 1)
  end function weight
  pure real(8) function twice(i)
    integer, intent(in) :: i
    twice = weight(i) + weight(i + 1)
  end function twice
end module coefs_mod

module apply_mod
  use coefs_mod, only: twice
  implicit none
contains
  subroutine apply(x, y)
    real(8), intent(in) :: x(:)
    real(8), intent(inout) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = x(i) * twice(i)
    end do
  end subroutine apply
end module apply_mod

program module_vars_in_procedures
  use coefs_mod, only: c, nc, scale, weight
  use apply_mod
  implicit none
  integer, parameter :: n = 5000
  real(8) :: x(n), y(n), z(n), w(n), offset
  integer :: i, it
  nc = 7
  allocate(c(nc))
  c = [(real(i, 8), i = 1, nc)]
  do i = 1, n
    x(i) = 1 + mod(i, 3)
  end do
  y = 0
  offset = 0.25d0
  do it = 1, 3
    call apply(x, y)
    do i = 1, n
      w(i) = x(i) * (weight(i) + weight(i + 1))
    end do
    if (any(y /= w)) then
      print '(a, i0)', 'FAIL apply ', it
      error stop 1
    end if
    c(2) = c(2) + 1
    scale = scale + 0.5d0
  end do
  do concurrent (i = 1:n)
    z(i) = shifted(x(i))
  end do
  do i = 1, n
    if (z(i) /= x(i) + offset) then
      print '(a, i0)', 'FAIL shifted ', i
      error stop 1
    end if
  end do
  print '(2es24.16)', sum(y), sum(z)
contains
  pure real(8) function shifted(v)
    real(8), intent(in) :: v
    shifted = v + offset
  end function shifted
end program module_vars_in_procedures
