! FLAGS: --gpu=metal --gpu-allow-cpu-fallback
! GFORTRAN: rejects (Reference to impure function inside a DO CONCURRENT block)
! Design doc, "Outcomes": "--gpu-allow-cpu-fallback therefore softens only the
! unsupported list."
! An impure procedure referenced in a do concurrent (fgpu: a semantic error,
! SPEC-MAP B1) stays an error with the flag; the real(8) loop next to it goes
! to the host.
module tally
  implicit none
  integer :: count = 0
contains
  real function counted(v)
    real, intent(in) :: v
    count = count + 1
    counted = v
  end function counted
end module tally

program fallback_keeps_semantic_errors
  use tally
  implicit none
  integer, parameter :: n = 8
  real :: x(n), y(n)
  real(8) :: d(n)
  integer :: i

  x = [(real(i), i = 1, n)]

  do concurrent (i = 1:n)  ! WANT: error impure_call
    y(i) = counted(x(i))
  end do

  do concurrent (i = 1:n)  ! WANT: host real8_on_metal
    d(i) = x(i)
  end do

  if (any(y /= x) .or. any(d /= x)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program fallback_keeps_semantic_errors
