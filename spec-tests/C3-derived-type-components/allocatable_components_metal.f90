! FLAGS: --gpu=metal
! Design doc, "What the check has to look at": "A component reference s%m is
! judged by the type of m alone: only that component reaches the device."
! Design doc, "Open questions": "a derived type whose components are read only
! through allocatable array components is handed to the kernel one component
! at a time" -- here the unused real(8) component is not looked at. Reading
! the real(8) allocatable component is an error.
module field_mod
  implicit none
  type :: field
    real, allocatable :: v(:)
    real(8), allocatable :: w(:)
    real(8) :: norm
  end type field
end module field_mod

program allocatable_components_metal
  use field_mod
  implicit none
  integer, parameter :: n = 16
  type(field) :: f
  real :: y(n), z(n)
  integer :: i

  allocate (f%v(n), f%w(n))
  f%v = [(real(i), i = 1, n)]
  f%w = 2
  f%norm = 0

  do concurrent (i = 1:n)  ! WANT: offload
    y(i) = f%v(i) * 2
  end do

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    z(i) = real(f%w(i), 4) * f%v(i)
  end do

  if (any(y /= 2 * f%v) .or. any(z /= y)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program allocatable_components_metal
