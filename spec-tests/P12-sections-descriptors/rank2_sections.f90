! Design doc, "The offloading pipeline": "An array of device code is an
! address and, for each dimension, a lower bound, an extent and a stride ...
! so is a descriptor dummy of a routine, which every call hands the strides of
! its actual argument."
! Rank-2 sections with steps in both dimensions (one of them negative) of a
! rank-3 array passed to an assumed-shape x(:, :) and an explicit-shape
! x(p, q) dummy; a rank-2 section assignment in the body.
module rank2_mod
  implicit none
contains
  pure integer function corner_code(x)
    integer, intent(in) :: x(:, :)
    corner_code = 1000 * x(1, 1) + 100 * x(size(x, 1), 1) + &
                  10 * x(1, size(x, 2)) + x(size(x, 1), size(x, 2)) + sum(x)
  end function corner_code

  pure subroutine scale_rows(p, q, x)
    integer, intent(in) :: p, q
    integer, intent(inout) :: x(p, q)
    integer :: r
    do r = 1, p
      x(r, :) = x(r, :) * r
    end do
  end subroutine scale_rows
end module rank2_mod

program rank2_sections
  use rank2_mod
  implicit none
  integer, parameter :: n = 7, m = 6, l = 3
  integer :: a(n, m, l), r(n, m, l), s(n, m, l), c(l), rc(l), k

  a = reshape([(mod(k * 5, 9), k = 1, n * m * l)], [n, m, l])
  r = a
  s = -a

  do concurrent (k = 1:l)  ! WANT: offload
    c(k) = corner_code(a(2:n:2, m:1:-2, k))
    call scale_rows(4, 2, a(1:n:2, 2:5:3, k))
    a(2:3, 1:m:5, k) = s(7:6:-1, 2:3, k)
  end do

  do k = 1, l
    rc(k) = corner_code(r(2:n:2, m:1:-2, k))
    r(1:n:2, 2:5:3, k) = r(1:n:2, 2:5:3, k) * spread([1, 2, 3, 4], 2, 2)
    r(2:3, 1:m:5, k) = s(7:6:-1, 2:3, k)
  end do

  if (any(a /= r) .or. any(c /= rc)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,1x,i0,1x,i0)', 'PASSED', sum(a), sum(c)
end program rank2_sections
