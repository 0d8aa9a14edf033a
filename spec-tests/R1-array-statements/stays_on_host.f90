! Design doc, "Whole-array assignments between launches": "The value may
! read the target only element for element (x = 2*x); a value that may read
! other elements of it (x = x(n:1:-1), x = x(1)) keeps the assignment on the
! host." "A scalar is evaluated by every iteration instead of once, so it may
! not call a function." "not an allocatable it may reallocate (with
! --realloc-lhs-arrays)": fgpu's host compiler (gfortran) reallocates an
! allocatable left side by default, so an allocatable target with an array
! value stays on the host (one with a scalar value goes to the device).
! Each of these stays on the host and computes what gfortran computes.
program stays_on_host
  implicit none
  integer, parameter :: n = 6
  real :: x(n), y(n)
  real, allocatable :: a(:), c(:)
  integer :: i, it
  real :: ref_x(n), ref_y(n), ref_c(n)

  allocate(a(n), c(2))
  x = [(real(i), i = 1, n)]
  y = 0
  do it = 1, 3
    a = 1.5
    do concurrent (i = 1:n)  ! WANT: offload
      y(i) = y(i) + x(i) + a(i)
    end do
    x = x(n:1:-1)
    x = x(1) + y
    y = half(4.0) * y
    c = y
  end do

  ref_x = [(real(i), i = 1, n)]
  ref_y = 0
  do it = 1, 3
    ref_y = ref_y + ref_x + 1.5
    ref_x = ref_x(n:1:-1)
    ref_x = ref_x(1) + ref_y
    ref_y = 2.0 * ref_y
  end do
  ref_c = ref_y
  if (any(x /= ref_x) .or. any(y /= ref_y) .or. size(c) /= n .or. any(c /= ref_c)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
contains
  pure real function half(s)
    real, intent(in) :: s
    half = s * 0.5
  end function
end program
