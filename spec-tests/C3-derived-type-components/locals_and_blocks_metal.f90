! FLAGS: --gpu=metal
! Design doc, "What the check has to look at": "... and a derived-type variable
! declared in a procedure the loop reaches or in a block of the loop, is
! judged by all of its components, recursively: its whole layout reaches the
! device."
! Only the real(4) component of each variable is used; the declarations alone
! decide. The same with a type without real(8) is offloaded.
module local_types
  implicit none
  type :: pair
    real :: a
    real(8) :: b
  end type pair
  type :: single
    real :: a
  end type single
contains
  pure real function with_pair_local(v)
    real, intent(in) :: v
    type(pair) :: w
    w%a = v + 1
    with_pair_local = w%a
  end function with_pair_local

  pure real function with_single_local(v)
    real, intent(in) :: v
    type(single) :: w
    w%a = v + 1
    with_single_local = w%a
  end function with_single_local
end module local_types

program locals_and_blocks_metal
  use local_types
  implicit none
  integer, parameter :: n = 16
  real :: x(n), y1(n), y2(n), y3(n), y4(n)
  integer :: i

  x = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    y1(i) = with_pair_local(x(i))
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    y2(i) = with_single_local(x(i))
  end do

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    block
      type(pair) :: w
      w%a = 2 * x(i)
      y3(i) = w%a
    end block
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    block
      type(single) :: w
      w%a = 2 * x(i)
      y4(i) = w%a
    end block
  end do

  if (any(y1 /= x + 1) .or. any(y2 /= y1) .or. any(y3 /= 2 * x) .or. any(y4 /= y3)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program locals_and_blocks_metal
