! GFORTRAN: rejects (gfortran 12 has no locality specs; F2018 code)
! GUARDS: default_none_missing (the nearest correct variant of default_none_missing.f90: no such diagnostic)
! Design doc, "Open questions": purity and the standard's constraints on do
! concurrent are to be enforced as semantic errors.
! Catalogue (default_none_missing): with default(none), every variable the
! loop uses needs a locality; the loop indices, named constants and the
! variables of a BLOCK in the body need none. The loop of
! default_none_missing.f90 that lacked offset lists it; a two-index loop
! in a module procedure, called in a time loop, with a local, a BLOCK
! variable and a named constant.
module dn_complete
  implicit none
  integer, parameter :: n = 40, m = 25
  real, parameter :: scale = 2.0
contains
  subroutine step(x, y, offset)
    real, intent(in) :: x(n, m), offset
    real, intent(inout) :: y(n, m)
    integer :: i, j
    real :: t
    do concurrent (i = 1:n, j = 1:m) default(none) local(t) shared(x, y, offset)  ! WANT: offload
      t = x(i, j) * scale
      block
        real :: u
        u = t + offset
        y(i, j) = y(i, j) + u
      end block
    end do
  end subroutine step
end module dn_complete

program default_none_complete
  use dn_complete
  implicit none
  real :: x(n, m), y(n, m)
  integer :: i, j, s
  do j = 1, m
    do i = 1, n
      x(i, j) = real(mod(i + 3 * j, 11))
    end do
  end do
  y = 0
  do s = 1, 4
    call step(x, y, 1.0)
  end do
  if (any(y /= 4 * (2 * x + 1))) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program default_none_complete
