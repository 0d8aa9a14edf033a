! Sequential do loops nested in the body, with a negative step and an
! inner loop whose range depends on the outer index.
program nested_do_in_body
  implicit none
  integer, parameter :: n = 50
  integer :: a(n), r(n), i, j, k
  real(8) :: x(n), y(n)
  do concurrent (i = 1:n)
    block
      integer :: s, t
      real(8) :: acc
      s = 0
      do j = 1, i
        s = s + j * j
      end do
      do k = i, 1, -3
        s = s - k
      end do
      a(i) = s
      acc = 0
      do t = 1, 8
        acc = acc * 0.5d0 + real(i + t, 8)
      end do
      x(i) = acc
    end block
  end do
  do i = 1, n
    r(i) = 0
    do j = 1, i
      r(i) = r(i) + j * j
    end do
    do k = i, 1, -3
      r(i) = r(i) - k
    end do
    y(i) = 0
    do j = 1, 8
      y(i) = y(i) * 0.5d0 + real(i + j, 8)
    end do
  end do
  if (any(a /= r) .or. any(x /= y)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,i0)', 'a(n) ', a(n)
  print '(es24.16)', x(n)
  print '(a)', 'PASSED'
end program
