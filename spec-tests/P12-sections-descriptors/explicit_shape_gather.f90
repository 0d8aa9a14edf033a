! Design doc, "The offloading pipeline": "An explicit-shape dummy is
! contiguous, so a section that is not contiguous is gathered into a
! contiguous temporary before such a call and scattered back after it, by the
! kernel and by a routine the kernel calls alike".
! A strided column section, a row of a rank-2 array (stride n) and a
! negatively strided section passed to explicit-shape dummies that read and
! write them; elements outside the sections keep their values.
module gather_mod
  implicit none
contains
  pure subroutine prefix(k, x)
    integer, intent(in) :: k
    integer, intent(inout) :: x(k)
    integer :: j
    do j = 2, k
      x(j) = x(j) + x(j - 1)
    end do
  end subroutine prefix
end module gather_mod

program explicit_shape_gather
  use gather_mod
  implicit none
  integer, parameter :: n = 9, m = 6
  integer :: a(n, m), b(n, m), ra(n, m), rb(n, m), i, j

  a = reshape([(mod(i * 3, 7), i = 1, n * m)], [n, m])
  b = a
  ra = a
  rb = b

  do concurrent (j = 1:m)  ! WANT: offload
    call prefix(5, a(1:n:2, j))
  end do
  do concurrent (i = 1:n)  ! WANT: offload
    call prefix(m, b(i, :))
    call prefix(3, b(i, m:1:-2))
  end do

  do j = 1, m
    do i = 3, n, 2
      ra(i, j) = ra(i, j) + ra(i - 2, j)
    end do
  end do
  do i = 1, n
    do j = 2, m
      rb(i, j) = rb(i, j) + rb(i, j - 1)
    end do
    do j = m - 2, 1, -2
      rb(i, j) = rb(i, j) + rb(i, j + 2)
    end do
  end do

  if (any(a /= ra) .or. any(b /= rb)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,1x,i0,1x,i0)', 'PASSED', sum(a), sum(b)
end program explicit_shape_gather
