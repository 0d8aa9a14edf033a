! Design doc, "The offloading pipeline": "An array that does not start at one
! - an array argument of the kernel ... - is counted from its lower bounds".
! Arrays declared with lower bounds other than one, indexed directly in the
! loop, their sections passed to an assumed-shape dummy (which counts from
! one) and to one declared x(0:), and a section assignment between them.
module lb_mod
  implicit none
contains
  pure integer function first_minus_last(x)
    integer, intent(in) :: x(:)
    first_minus_last = x(1) - x(size(x)) + lbound(x, 1)
  end function first_minus_last

  pure integer function zero_based(x)
    integer, intent(in) :: x(0:)
    zero_based = 10 * x(0) + x(ubound(x, 1)) + ubound(x, 1)
  end function zero_based
end module lb_mod

program lower_bounds
  use lb_mod
  implicit none
  integer :: a(-3:8, 0:4), b(-3:8, 0:4), p(0:4), q(0:4), rp(0:4), rq(0:4)
  integer :: i, j

  a = reshape([(mod(i * 7, 10), i = 1, 12 * 5)], [12, 5])
  b = 0

  do concurrent (j = 0:4)  ! WANT: offload
    p(j) = first_minus_last(a(-2:8:2, j)) + a(-3, j)
    q(j) = zero_based(a(8:-3:-3, j))
    b(-3:2, j) = a(3:8, j) - a(-3, j)
  end do

  do j = 0, 4
    rp(j) = a(-2, j) - a(8, j) + 1 + a(-3, j)
    rq(j) = 10 * a(8, j) + a(-1, j) + 3
  end do

  if (any(p /= rp) .or. any(q /= rq)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  do j = 0, 4
    do i = -3, 8
      if ((i <= 2 .and. b(i, j) /= a(i + 6, j) - a(-3, j)) .or. &
          (i > 2 .and. b(i, j) /= 0)) then
        print '(a)', 'FAIL b'
        error stop 1
      end if
    end do
  end do
  print '(a,3(1x,i0))', 'PASSED', sum(p), sum(q), sum(b)
end program lower_bounds
