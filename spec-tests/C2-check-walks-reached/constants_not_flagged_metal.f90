! FLAGS: --gpu=metal
! Design doc, "What the check has to look at": "A compile-time constant is not
! evaluated on the device, so what is below it is not looked at."
! real(8) appears only below compile-time constants: kind(1.0d0),
! real(1.0d0, 4), huge(1.0d0) > 0, real(c8, 4) of a real(8) named constant,
! and a real(8) named constant of a reached procedure used only in constant
! expressions. The last loop multiplies by c8 itself: x(i) * c8 is a real(8)
! expression that is not constant, so it is evaluated on the device.
module const_callee
  implicit none
contains
  pure real function scaled(v)
    real, intent(in) :: v
    real(8), parameter :: factor8 = 0.5d0
    real, parameter :: factor = real(factor8, 4)
    scaled = v * factor + real(factor8 * 2, 4)
  end function scaled
end module const_callee

program constants_not_flagged_metal
  use const_callee
  implicit none
  integer, parameter :: n = 16
  real(8), parameter :: c8 = 2.5d0
  real :: x(n), y1(n), y2(n), y3(n), y4(n), y5(n), y6(n)
  integer :: k(n)
  integer :: i

  x = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: offload
    k(i) = i + kind(1.0d0) + storage_size(1.0d0) + digits(c8)
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    y1(i) = x(i) * real(1.0d0, 4)
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    y2(i) = x(i)
    if (huge(1.0d0) > 0 .and. epsilon(c8) < 1) y2(i) = -x(i)
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    y3(i) = real(x(i) * real(c8, 4))
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    y4(i) = scaled(x(i))
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    y5(i) = x(i) * real(c8 * 2 - 1.0d0, kind(1.0))
  end do

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    y6(i) = real(x(i) * c8, 4)
  end do

  if (any(k /= [(i + 8 + 64 + 53, i = 1, n)]) .or. any(y1 /= x) .or. &
      any(y2 /= -x) .or. any(y3 /= 2.5 * x) .or. any(y4 /= 0.5 * x + 1) .or. &
      any(y5 /= 4 * x) .or. any(y6 /= 2.5 * x)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program constants_not_flagged_metal
