! Design doc, "The offloading pipeline": internal procedures: "host-
! associated variables become dummy arguments, constants stay constants"
! (SPEC-MAP P9).
! Internal procedures of a module procedure, called from the loop: one
! reads a scalar and an array of its host (the enclosing procedure's dummy
! and local), one a named constant of the host and a module variable, and
! one calls the other (the hidden arguments are handed on). The host
! changes the scalar between the two launches: each launch sees the value
! it had then.
module field_mod
  implicit none
  real(8) :: offset = 0.5d0
contains
  subroutine relax(u, f, w)
    real(8), intent(in) :: u(:)
    real(8), intent(out) :: f(:)
    real(8), intent(in) :: w
    integer, parameter :: width = 2
    real(8) :: scale, coef(0:width)
    integer :: i, pass
    coef = [0.5d0, 0.25d0, 0.125d0]
    do pass = 1, 2
      scale = w * pass
      do concurrent (i = 1 + width:size(u) - width)  ! WANT: offload
        f(i) = smooth(i) + shifted(i)
      end do
    end do
  contains
    pure real(8) function smooth(j)
      integer, intent(in) :: j
      integer :: k
      smooth = coef(0) * u(j)
      do k = 1, width
        smooth = smooth + coef(k) * (u(j - k) + u(j + k))
      end do
      smooth = smooth * scale
    end function

    pure real(8) function shifted(j)
      integer, intent(in) :: j
      shifted = smooth(j) + offset * width
    end function
  end subroutine
end module

program host_variables_as_arguments
  use field_mod
  implicit none
  integer, parameter :: n = 1000
  real(8) :: u(n), f(n), r
  integer :: i
  do i = 1, n
    u(i) = mod(i * 7, 13)
  end do
  f = 0
  call relax(u, f, 0.25d0)
  do i = 3, n - 2
    r = (0.5d0 * u(i) + 0.25d0 * (u(i - 1) + u(i + 1)) + 0.125d0 * (u(i - 2) + u(i + 2))) * 0.5d0
    if (f(i) /= 2 * r + 1) then
      print '(a)', 'FAIL'
      error stop 1
    end if
  end do
  print '(a,1x,f0.3)', 'PASSED', sum(f)
end program host_variables_as_arguments
