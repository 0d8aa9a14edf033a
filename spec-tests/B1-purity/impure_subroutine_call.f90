! FLAGS: --gpu=cuda
! GFORTRAN: rejects (Subroutine call in DO CONCURRENT block is not PURE)
! Design doc, "What the check has to look at": "A procedure referenced in a do
! concurrent construct must be pure."
! An impure subroutine, an impure elemental function and an impure intrinsic
! subroutine (random_number) are semantic errors; a pure elemental is fine.
module impure_subs
  implicit none
contains
  subroutine scale_in_place(v, f)
    real, intent(inout) :: v
    real, intent(in) :: f
    v = v * f
  end subroutine scale_in_place

  impure elemental real function half_impure(v)
    real, intent(in) :: v
    half_impure = v / 2
  end function half_impure

  elemental real function half(v)
    real, intent(in) :: v
    half = v / 2
  end function half
end module impure_subs

program impure_subroutine_call
  use impure_subs
  implicit none
  integer, parameter :: n = 8
  real :: x(n), y(n), z(n), r(n)
  integer :: i

  x = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: error impure_call
    call scale_in_place(x(i), 2.0)
  end do

  do concurrent (i = 1:n)  ! WANT: error impure_call
    y(i) = half_impure(x(i))
  end do

  do concurrent (i = 1:n)  ! WANT: error impure_call
    call random_number(r(i))
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    z(i) = half(x(i))
  end do

  if (any(y /= z) .or. any(r < 0) .or. any(r >= 1)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program impure_subroutine_call
