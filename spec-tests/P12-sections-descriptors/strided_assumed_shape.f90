! Design doc, "The offloading pipeline": "An array of device code is an
! address and, for each dimension, a lower bound, an extent and a stride, as a
! Fortran descriptor is, and every one of them reaches the code that indexes
! the array."
! Strided and negatively strided column sections passed to assumed-shape
! dummies, read (a weighted sum sees the element order) and written
! (intent(inout): the writes land on the section's elements only).
module strided_mod
  implicit none
contains
  pure integer function weighted(x)
    integer, intent(in) :: x(:)
    integer :: k
    weighted = 0
    do k = 1, size(x)
      weighted = weighted + k * x(k)
    end do
  end function weighted

  pure subroutine mark(x, v)
    integer, intent(inout) :: x(:)
    integer, intent(in) :: v
    integer :: k
    do k = 1, size(x)
      x(k) = x(k) + v * k
    end do
  end subroutine mark
end module strided_mod

program strided_assumed_shape
  use strided_mod
  implicit none
  integer, parameter :: n = 11, m = 4
  integer :: a(n, m), r(n, m), w1(m), w2(m), rw1(m), rw2(m), i, k

  a = reshape([(mod(i * 5, 13), i = 1, n * m)], [n, m])
  r = a

  do concurrent (i = 1:m)  ! WANT: offload
    w1(i) = weighted(a(2:n:3, i))
    w2(i) = weighted(a(n:1:-2, i))
    call mark(a(n - 1:1:-4, i), i)
  end do

  do i = 1, m
    rw1(i) = 0
    rw2(i) = 0
    do k = 1, 4
      rw1(i) = rw1(i) + k * r(2 + 3 * (k - 1), i)
    end do
    do k = 1, 6
      rw2(i) = rw2(i) + k * r(n - 2 * (k - 1), i)
    end do
    do k = 1, 3
      r(n - 1 - 4 * (k - 1), i) = r(n - 1 - 4 * (k - 1), i) + i * k
    end do
  end do

  if (any(w1 /= rw1) .or. any(w2 /= rw2) .or. any(a /= r)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,3(1x,i0))', 'PASSED', sum(w1), sum(w2), sum(a)
end program strided_assumed_shape
