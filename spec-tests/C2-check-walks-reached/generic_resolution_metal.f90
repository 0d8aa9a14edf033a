! FLAGS: --gpu=metal
! Design doc, "What the check has to look at": "for every loop it walks the
! loop body and every procedure the loop reaches transitively".
! A generic name reaches only the specific procedure it resolves to: the
! real(4) specific is offloaded, the real(8) specific is an error. A module
! procedure with real(8) that no loop calls is not looked at.
module generic_sq
  implicit none
  interface square
    module procedure square4, square8
  end interface square
contains
  pure real function square4(v)
    real, intent(in) :: v
    square4 = v * v
  end function square4

  pure real(8) function square8(v)
    real(8), intent(in) :: v
    square8 = v * v
  end function square8

  pure real function never_called(v)
    real, intent(in) :: v
    real(8) :: t
    t = v
    never_called = real(t, 4)
  end function never_called
end module generic_sq

program generic_resolution_metal
  use generic_sq
  implicit none
  integer, parameter :: n = 16
  real :: x(n), y(n)
  real(8) :: x8(n), y8(n)
  integer :: i

  x = [(real(i), i = 1, n)]
  x8 = x

  do concurrent (i = 1:n)  ! WANT: offload
    y(i) = square(x(i))
  end do

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    y8(i) = square(x8(i))
  end do

  if (any(y /= x * x) .or. any(y8 /= x8 * x8)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program generic_resolution_metal
