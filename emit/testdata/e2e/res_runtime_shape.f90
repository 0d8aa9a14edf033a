! Array-valued functions whose result has a shape known only at run time
! (r(size(x)), r(n), an allocatable result) called in device code: the
! result assigned to a section of the iteration's column, reduced with sum,
! used in an elementwise expression, and passed on. A subroutine of the
! module called in a time loop launches the loop; the host's answer: the
! same statements in a plain DO loop.
module res_mod
  implicit none
  real(8), allocatable :: a(:, :), b(:, :), s(:), t(:)
contains
  pure function scaled(x, c) result(r)
    real(8), intent(in) :: x(:), c
    real(8) :: r(size(x))
    integer :: k
    do k = 1, size(x)
      r(k) = x(k) * c + k
    end do
  end function

  pure function head(x, n) result(r)
    real(8), intent(in) :: x(:)
    integer, intent(in) :: n
    real(8) :: r(n)
    r = x(1:n) * 2
  end function

  pure function squares(x) result(r)
    real(8), intent(in) :: x(:)
    real(8), allocatable :: r(:)
    allocate(r(size(x)))
    r = x * x
  end function

  subroutine step(m, n, c)
    integer, intent(in) :: m, n
    real(8), intent(in) :: c
    integer :: i
    do concurrent (i = 1:n)
      b(:, i) = scaled(a(:, i), c)
      s(i) = sum(scaled(a(:, i), c))
      t(i) = sum(head(a(:, i), mod(i, m) + 1) + 1)
    end do
  end subroutine

  subroutine host_step(m, n, c, hb, hs, ht)
    integer, intent(in) :: m, n
    real(8), intent(in) :: c
    real(8), intent(inout) :: hb(:, :), hs(:), ht(:)
    integer :: i
    do i = 1, n
      hb(:, i) = scaled(a(:, i), c)
      hs(i) = sum(scaled(a(:, i), c))
      ht(i) = sum(head(a(:, i), mod(i, m) + 1) + 1)
    end do
  end subroutine
end module

program res_runtime_shape
  use res_mod
  implicit none
  real(8), allocatable :: hb(:, :), hs(:), ht(:)
  integer :: m, n, i, j, it, pass
  do pass = 1, 2
    m = 3 + 4 * pass
    n = 3000 * pass
    allocate(a(m, n), b(m, n), s(n), t(n), hb(m, n), hs(n), ht(n))
    do i = 1, n
      do j = 1, m
        a(j, i) = mod(i * j, 17) * 0.125d0 - 1
      end do
    end do
    do it = 1, 5
      call step(m, n, 0.5d0 * it)
      call host_step(m, n, 0.5d0 * it, hb, hs, ht)
      if (any(b /= hb) .or. any(s /= hs) .or. any(t /= ht)) then
        print '(a, i3)', 'FAIL at step', it
        error stop 1
      end if
      a = a + b * 1d-3
    end do
    print '(a, i2, 3es25.16)', 'pass', pass, sum(b), sum(s), sum(t)
    deallocate(a, b, s, t, hb, hs, ht)
  end do
end program
