! Design doc, "What the runtime does": "lfortran_gpu_discard forgets the
! dirty entries of a host range that is about to be freed". Issue 11:
! data stays on the device across returns, but not the data of storage
! that ends with the call: an actual the host compiler copies into a
! temporary (a non-contiguous section or an expression passed for an
! explicit-shape dummy), a local, a function result. The temporaries of
! successive calls may have the same address and shape: a device copy
! kept for one must never be taken for the next.
module ops
  implicit none
contains
  subroutine twice(x, y, n)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8), intent(inout) :: y(n)
    integer :: i
    do concurrent (i = 1:n)  ! WANT: offload
      y(i) = y(i) + 2 * x(i)
    end do
  end subroutine twice
  function scaled(x, f) result(r)
    real(8), intent(in) :: x(:), f
    real(8) :: r(size(x))
    real(8) :: w(size(x))
    integer :: i
    do concurrent (i = 1:size(x))  ! WANT: offload
      w(i) = f * x(i)
    end do
    do concurrent (i = 1:size(x))  ! WANT: offload
      r(i) = w(i) + 1
    end do
  end function scaled
end module ops
program copied_actuals
  use ops
  implicit none
  integer, parameter :: n = 100
  real(8) :: a(n), b(n), c(n), ra(n), rb(n), rc(n)
  integer :: i, k
  a = [(real(i, 8), i = 1, n)]
  b = 0
  do k = 1, 4
    call twice(a(k::4), b(k::4), n / 4)
  end do
  do k = 1, 3
    call twice(a + k, b(1:n/4), n / 4)
  end do
  c = scaled(a, 3.0d0) + scaled(b, 0.5d0)
  ra = [(real(i, 8), i = 1, n)]
  rb = 2 * ra
  do k = 1, 3
    rb(1:n/4) = rb(1:n/4) + 2 * (ra(1:n/4) + k)
  end do
  rc = (3 * ra + 1) + (0.5d0 * rb + 1)
  print '(a, 3f10.1)', 'b:', b(1), b(n/4), b(n)
  print '(a, 3f10.1)', 'c:', c(1), c(n/4), c(n)
  if (any(b /= rb) .or. any(c /= rc)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program copied_actuals
