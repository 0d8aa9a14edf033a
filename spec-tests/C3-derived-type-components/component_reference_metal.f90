! FLAGS: --gpu=metal
! Design doc, "What the check has to look at": "A component reference s%m is
! judged by the type of m alone: only that component reaches the device. A
! loop that reads only real(4) components of a type that also has a real(8)
! component is not rejected for it."
! (Design doc, "Open questions": the pipeline may still hand such a value over
! whole; the check's outcome is what is tested here.)
module pair_mod
  implicit none
  type :: pair
    real :: a
    real(8) :: b
    integer :: tag
  end type pair
end module pair_mod

program component_reference_metal
  use pair_mod
  implicit none
  integer, parameter :: n = 16
  type(pair) :: p(n), s
  real :: y1(n), y2(n), y3(n)
  integer :: i

  do i = 1, n
    p(i) = pair(real(i), real(i, 8) / 3, i)
  end do
  s = pair(2.0, 0.5d0, 7)

  do concurrent (i = 1:n)  ! WANT: offload
    y1(i) = p(i)%a * 2 + p(i)%tag
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    y2(i) = p(i)%a * s%a
    p(i)%a = p(i)%a + s%tag
  end do

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    y3(i) = real(p(i)%b * 3, 4)
  end do

  if (any(y1 /= [(3.0 * i, i = 1, n)]) .or. any(y2 /= [(2.0 * i, i = 1, n)]) .or. &
      any(p%a /= [(real(i + 7), i = 1, n)]) .or. any(abs(y3 - [(real(i), i = 1, n)]) > 1e-5)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program component_reference_metal
