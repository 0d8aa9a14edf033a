! Design doc, "The offloading pipeline": "An allocatable dummy array that
! the procedure neither allocates, deallocates, asks about with allocated,
! nor hands on to an allocatable dummy, is handed over as a plain array,
! with the lower bounds of the actual argument as arguments of their own."
! Allocatable arrays with lower bounds 0 and -3 passed to allocatable dummies
! of procedures the loop calls (a function and a subroutine that reads
! lbound/ubound and indexes from them, one handing the array on to another
! allocatable dummy); the values and the bounds the callees see are checked.
module weights_mod
  implicit none
contains
  pure real(8) function weighted(w, k)
    real(8), allocatable, intent(in) :: w(:)
    integer, intent(in) :: k
    weighted = w(k) * (k - lbound(w, 1) + 1) + ubound(w, 1)
  end function

  pure real(8) function edge(w)
    real(8), allocatable, intent(in) :: w(:)
    edge = weighted(w, lbound(w, 1)) + weighted(w, ubound(w, 1))
  end function

  pure subroutine corner(q, v)
    real(8), allocatable, intent(in) :: q(:, :)
    real(8), intent(out) :: v
    v = q(lbound(q, 1), ubound(q, 2)) + 10 * lbound(q, 2)
  end subroutine
end module

program plain_array_lower_bounds
  use weights_mod
  implicit none
  integer, parameter :: n = 400
  real(8), allocatable :: w(:), q(:, :)
  real(8) :: r(n), s(n), rr(n), rs(n)
  integer :: i, k

  allocate(w(0:9), q(-3:1, 2:4))
  do k = 0, 9
    w(k) = 0.5d0 * k + 1
  end do
  q = reshape([(0.25d0 * k, k = 1, 15)], [5, 3])

  do concurrent (i = 1:n)  ! WANT: offload
    r(i) = weighted(w, mod(i, 10)) + edge(w)
    call corner(q, s(i))
    s(i) = s(i) + i
  end do

  do i = 1, n
    k = mod(i, 10)
    rr(i) = w(k) * (k + 1) + 9 + (w(0) * 1 + 9) + (w(9) * 10 + 9)
    rs(i) = q(-3, 4) + 20 + i
  end do
  if (any(r /= rr) .or. any(s /= rs)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,1x,f0.2,1x,f0.2)', 'PASSED', sum(r), sum(s)
end program plain_array_lower_bounds
