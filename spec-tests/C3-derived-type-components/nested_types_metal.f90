! FLAGS: --gpu=metal
! Design doc, "What the check has to look at": "A component reference s%m is
! judged by the type of m alone ... A derived-type value used as a whole
! (passed to a procedure, assigned, copied) ... is judged by all of its
! components, recursively: its whole layout reaches the device."
! outer contains inner, which has a real(8) component. o%in%a is a real(4)
! component; o%in is a component of derived type, judged by all of inner's
! components; o passed whole reaches inner's real(8) through recursion.
module nested_mod
  implicit none
  type :: inner
    real :: a
    real(8) :: b
  end type inner
  type :: outer
    real :: c
    type(inner) :: in
  end type outer
  type :: inner_ok
    real :: a
  end type inner_ok
  type :: outer_ok
    integer :: k
    type(inner_ok) :: in
  end type outer_ok
contains
  pure real function inner_a(s)
    type(inner), intent(in) :: s
    inner_a = s%a
  end function inner_a

  pure real function outer_c(s)
    type(outer), intent(in) :: s
    outer_c = s%c
  end function outer_c

  pure real function outer_ok_sum(s)
    type(outer_ok), intent(in) :: s
    outer_ok_sum = s%k + s%in%a
  end function outer_ok_sum
end module nested_mod

program nested_types_metal
  use nested_mod
  implicit none
  integer, parameter :: n = 8
  type(outer) :: o(n)
  type(outer_ok) :: ok(n)
  real :: y1(n), y2(n), y3(n), y4(n), y5(n)
  integer :: i

  do i = 1, n
    o(i) = outer(real(10 * i), inner(real(i), real(i, 8)))
    ok(i) = outer_ok(i, inner_ok(real(i)))
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    y1(i) = o(i)%in%a + o(i)%c
  end do

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    y2(i) = inner_a(o(i)%in)
  end do

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    y3(i) = outer_c(o(i))
  end do

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    y4(i) = real(o(i)%in%b, 4)
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    y5(i) = outer_ok_sum(ok(i))
  end do

  if (any(y1 /= [(11.0 * i, i = 1, n)]) .or. any(y2 /= o%in%a) .or. &
      any(y3 /= o%c) .or. any(y4 /= o%in%a) .or. any(y5 /= 2 * o%in%a)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program nested_types_metal
