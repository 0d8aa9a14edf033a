! Design doc, "Outcomes": "The loop uses nothing from the unsupported list |
! offloaded | offloaded".
! Design doc, "The unsupported list": "Everything else is not on the list, even
! when it is not implemented yet. For example integer(8) on Metal ...,
! complex, character, run-time sized locals or derived types with allocatable
! components are all offloaded, or are an error until the pipeline supports
! them."
program offload_everything
  implicit none
  integer, parameter :: n = 16
  type :: bag
    real, allocatable :: v(:)
  end type bag
  real :: x(n), y(n)
  complex :: c(n)
  character(len=1) :: ch(n)
  integer(8) :: k(n)
  type(bag) :: b
  integer :: i, m

  x = [(real(i), i = 1, n)]
  allocate (b%v(n))
  b%v = 1
  m = n

  do concurrent (i = 1:n)  ! WANT: offload
    y(i) = sqrt(x(i) * x(i)) + b%v(i)
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    c(i) = cmplx(x(i), -x(i))
    k(i) = int(i, 8) ** 12
    ch(i) = achar(iachar('a') + i - 1)
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    block
      real :: w(m)
      w = x(i)
      y(i) = y(i) + sum(w) / m
    end block
  end do

  if (any(y /= 2 * x + 1) .or. any(aimag(c) /= -x) .or. k(2) /= 4096_8 .or. &
      ch(1) /= 'a' .or. ch(n) /= 'p') then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program offload_everything
