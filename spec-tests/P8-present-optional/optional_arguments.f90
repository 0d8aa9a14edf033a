! Design doc, "The offloading pipeline": "present() evaluated on the host;
! unallocated optional storage handed as none" (SPEC-MAP P8).
! Procedures the loop calls with optional arguments left out and given
! (scalars by value and by reference, an array, keyword arguments): each
! callee sees present() true exactly for what its caller passed, an absent
! optional handed on stays absent, and nothing is read of an absent one
! (present() of the loop's own procedure's dummies: present_on_host.f90).
module clip_mod
  implicit none
contains
  pure subroutine clip(x, lo, hi)
    real(8), intent(inout) :: x
    real(8), intent(in), optional :: lo, hi
    if (present(lo)) x = max(x, lo)
    if (present(hi)) x = min(x, hi)
  end subroutine

  pure real(8) function clipped(x, lo, hi)
    real(8), intent(in) :: x
    real(8), intent(in), optional :: lo, hi
    clipped = x
    call clip(clipped, lo, hi)
  end function

  pure real(8) function total(v, w)
    real(8), intent(in) :: v(:)
    real(8), intent(in), optional :: w(:)
    integer :: k
    total = 0
    do k = 1, size(v)
      if (present(w)) then
        total = total + v(k) * w(k)
      else
        total = total + v(k)
      end if
    end do
  end function

  pure subroutine count_args(n, a, b)
    integer, intent(out) :: n
    integer, intent(in), optional :: a
    real(8), intent(inout), optional :: b
    n = 0
    if (present(a)) n = n + 1
    if (present(b)) then
      n = n + 10
      b = b + 1
    end if
  end subroutine
end module

program optional_arguments
  use clip_mod
  implicit none
  integer, parameter :: n = 300
  real(8) :: x(n), v(4, n), w(4), c(n), t(n), b(n), rc(n), rt(n), rb(n)
  integer :: m(n), rm(n), i

  do i = 1, n
    x(i) = 0.02d0 * i - 2
    v(:, i) = [1d0, 2d0, 3d0, 4d0] * i
  end do
  w = [0.5d0, 0.25d0, 2d0, 1d0]
  b = 0

  do concurrent (i = 1:n)  ! WANT: offload
    c(i) = clipped(x(i)) + clipped(x(i), -1d0) + clipped(x(i), hi=1d0) + clipped(x(i), -0.5d0, 0.5d0)
    t(i) = total(v(:, i)) + total(v(:, i), w)
    if (mod(i, 2) == 0) then
      call count_args(m(i), b=b(i))
    else
      call count_args(m(i), i)
    end if
  end do

  do i = 1, n
    rc(i) = x(i) + max(x(i), -1d0) + min(x(i), 1d0) + min(max(x(i), -0.5d0), 0.5d0)
    rt(i) = (1 + 2 + 3 + 4) * i + (0.5d0 * 1 + 0.25d0 * 2 + 2d0 * 3 + 1d0 * 4) * i
    rm(i) = merge(10, 1, mod(i, 2) == 0)
    rb(i) = merge(1, 0, mod(i, 2) == 0)
  end do
  if (any(c /= rc) .or. any(t /= rt) .or. any(m /= rm) .or. any(b /= rb)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,1x,f0.3,1x,f0.1,1x,i0)', 'PASSED', sum(c), sum(t), sum(m)
end program optional_arguments
