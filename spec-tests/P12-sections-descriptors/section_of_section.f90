! Design doc, "The offloading pipeline": "An assumed-shape dummy that some
! call hands such a name, or another descriptor dummy, stays a descriptor
! dummy ... An explicit-shape dummy is contiguous, so a section that is not
! contiguous is gathered ... by the kernel and by a routine the kernel calls
! alike".
! A procedure handed a strided section passes a section of its dummy on: to
! an assumed-shape dummy (strides multiply) and to an explicit-shape dummy
! (the routine gathers and scatters).
module sos_mod
  implicit none
contains
  pure subroutine outer(x, v)
    integer, intent(inout) :: x(:)
    integer, intent(in) :: v
    call inner_assumed(x(size(x):1:-2), v)
    call inner_explicit(x(2:size(x):2), size(x) / 2)
  end subroutine outer

  pure subroutine inner_assumed(y, v)
    integer, intent(inout) :: y(:)
    integer, intent(in) :: v
    integer :: k
    do k = 1, size(y)
      y(k) = y(k) + v * k
    end do
  end subroutine inner_assumed

  pure subroutine inner_explicit(z, k)
    integer, intent(in) :: k
    integer, intent(inout) :: z(k)
    z = -z
  end subroutine inner_explicit
end module sos_mod

program section_of_section
  use sos_mod
  implicit none
  integer, parameter :: n = 20, m = 3
  integer :: a(n, m), r(n, m), i

  a = reshape([(i, i = 1, n * m)], [n, m])
  r = a

  do concurrent (i = 1:m)  ! WANT: offload
    call outer(a(1:n:2, i), i)
  end do
  do i = 1, m
    call outer(r(1:n:2, i), i)
  end do

  if (any(a /= r) .or. a(19, 1) /= -20 .or. a(3, 2) /= -(23 + 10)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,1x,i0)', 'PASSED', sum(a)
end program section_of_section
