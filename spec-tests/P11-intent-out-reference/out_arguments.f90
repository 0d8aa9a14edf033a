! Design doc, "The offloading pipeline": "intent(out/inout) arguments by
! reference to thread memory; device-memory actuals copied around the
! call" (SPEC-MAP P11).
! Procedures the loop calls define intent(out) and intent(inout) arguments:
! locals of the iteration (scalars and an array), elements and sections of
! the loop's arrays; what each call leaves is what the caller reads next,
! also when one call's output is the next call's inout argument.
module update_mod
  implicit none
contains
  pure subroutine split(x, whole, frac)
    real(8), intent(in) :: x
    integer, intent(out) :: whole
    real(8), intent(out) :: frac
    whole = int(x)
    frac = x - whole
  end subroutine

  pure subroutine accumulate(acc, v)
    real(8), intent(inout) :: acc
    real(8), intent(in) :: v(:)
    integer :: k
    do k = 1, size(v)
      acc = acc + v(k)
    end do
  end subroutine

  pure subroutine fill(v, base)
    real(8), intent(out) :: v(:)
    real(8), intent(in) :: base
    integer :: k
    do k = 1, size(v)
      v(k) = base + k
    end do
  end subroutine

  pure subroutine twice(v)
    real(8), intent(inout) :: v(:)
    v = 2 * v
  end subroutine
end module

program out_arguments
  use update_mod
  implicit none
  integer, parameter :: n = 500
  real(8) :: x(n), f(n), s(n), a(3, n), rf(n), rs(n), ra(3, n)
  integer :: w(n), rw(n), i, k

  do i = 1, n
    x(i) = 0.37d0 * i
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    block
      real(8) :: t(3), acc, fr
      integer :: wh
      call split(x(i), wh, fr)
      w(i) = wh
      call split(x(i) * 2, w(i), f(i))
      f(i) = f(i) + fr
      call fill(t, x(i))
      call twice(t(2:3))
      acc = 1
      call accumulate(acc, t)
      call accumulate(acc, t(1:2))
      s(i) = acc
      call fill(a(:, i), -x(i))
      call twice(a(2:, i))
    end block
  end do

  do i = 1, n
    rw(i) = int(x(i) * 2)
    rf(i) = (x(i) * 2 - int(x(i) * 2)) + (x(i) - int(x(i)))
    rs(i) = 1 + (x(i) + 1) + 2 * (x(i) + 2) + 2 * (x(i) + 3) + (x(i) + 1) + 2 * (x(i) + 2)
    do k = 1, 3
      ra(k, i) = -x(i) + k
      if (k > 1) ra(k, i) = 2 * ra(k, i)
    end do
  end do
  if (any(w /= rw) .or. any(f /= rf) .or. any(s /= rs) .or. any(a /= ra)) then
    print '(a)', 'FAIL'
    print *, count(w /= rw), count(f /= rf), count(s /= rs), count(a /= ra)
    error stop 1
  end if
  print '(a,1x,i0,1x,f0.3,1x,f0.3)', 'PASSED', sum(w), sum(s), sum(a)
end program out_arguments
