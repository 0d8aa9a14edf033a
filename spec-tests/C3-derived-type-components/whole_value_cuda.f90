! FLAGS: --gpu=cuda
! Design doc, "What the check has to look at": "A derived-type value used as a
! whole (passed to a procedure, assigned, copied), and a derived-type variable
! declared in a procedure the loop reaches or in a block of the loop, is
! judged by all of its components, recursively: its whole layout reaches the
! device."
! The callee reads only the real(4) component, but the value is passed whole.
! A type with no real(8) component may be used whole. Same program as
! whole_value_metal.f90: on CUDA real(8) is not on the list, all offload.
module whole_mod
  implicit none
  type :: pair
    real :: a
    real(8) :: b
  end type pair
  type :: single
    real :: a
    integer :: k
  end type single
contains
  pure real function first_of(s)
    type(pair), intent(in) :: s
    first_of = s%a
  end function first_of

  pure real function first_single(s)
    type(single), intent(in) :: s
    first_single = s%a + s%k
  end function first_single
end module whole_mod

program whole_value_cuda
  use whole_mod
  implicit none
  integer, parameter :: n = 16
  type(pair) :: p(n), q(n), r(n)
  type(single) :: u(n), v(n)
  real :: y1(n), y2(n)
  integer :: i

  do i = 1, n
    p(i) = pair(real(i), real(i, 8))
    u(i) = single(real(i), 1)
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    y1(i) = first_of(p(i))
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    q(i) = p(i)
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    r(i)%a = p(i)%a
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    y2(i) = first_single(u(i))
    v(i) = u(i)
  end do

  if (any(y1 /= p%a) .or. any(q%a /= p%a) .or. any(q%b /= p%b) .or. &
      any(r%a /= p%a) .or. any(y2 /= p%a + 1) .or. any(v%k /= 1)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program whole_value_cuda
