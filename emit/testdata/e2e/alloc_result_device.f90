! Functions with an allocatable array result called in device code: the
! function allocates the result on the launch's heap (allocate, or a
! reallocating assignment), the caller reads it -- assigned to a section
! of the iteration's column, reduced, in an elementwise expression, bound
! to an associate name, and called from another procedure the loop calls.
! The loop is in a module subroutine called in a time loop over module
! arrays; the host's answer: the same statements in a plain DO loop.
module alloc_res_mod
  implicit none
  real(8), allocatable :: a(:, :), b(:, :), s(:), t(:)
contains
  pure function squares(x) result(r)
    real(8), intent(in) :: x(:)
    real(8), allocatable :: r(:)
    allocate(r(size(x)))
    r(:) = x * x
  end function

  pure function evens(x, n) result(r)
    real(8), intent(in) :: x(:)
    integer, intent(in) :: n
    real(8), allocatable :: r(:)
    r = x(2:n:2) + 1
  end function

  pure function norm_of(x) result(v)
    real(8), intent(in) :: x(:)
    real(8) :: v
    v = sqrt(sum(squares(x))) + minval(evens(x, size(x)))
  end function

  subroutine step(n, c)
    integer, intent(in) :: n
    real(8), intent(in) :: c
    integer :: i
    do concurrent (i = 1:n)
      b(:, i) = squares(a(:, i)) * c
      s(i) = sum(squares(a(:, i))) + maxval(evens(a(:, i), mod(i, 7) + 2)) + norm_of(b(:, i))
      associate (e => evens(b(:, i), size(b, 1)))
        t(i) = sum(e) * size(e) - e(1)
      end associate
    end do
  end subroutine

  subroutine host_step(n, c, hb, hs, ht)
    integer, intent(in) :: n
    real(8), intent(in) :: c
    real(8), intent(inout) :: hb(:, :), hs(:), ht(:)
    integer :: i
    do i = 1, n
      hb(:, i) = squares(a(:, i)) * c
      hs(i) = sum(squares(a(:, i))) + maxval(evens(a(:, i), mod(i, 7) + 2)) + norm_of(hb(:, i))
      associate (e => evens(hb(:, i), size(hb, 1)))
        ht(i) = sum(e) * size(e) - e(1)
      end associate
    end do
  end subroutine
end module

program alloc_result_device
  use alloc_res_mod
  implicit none
  real(8), allocatable :: hb(:, :), hs(:), ht(:)
  integer :: m, n, i, j, it
  m = 10
  n = 8000
  allocate(a(m, n), b(m, n), s(n), t(n), hb(m, n), hs(n), ht(n))
  do i = 1, n
    do j = 1, m
      a(j, i) = mod(i * j, 13) * 0.25d0 - 1
    end do
  end do
  do it = 1, 5
    call step(n, 0.5d0 * it)
    call host_step(n, 0.5d0 * it, hb, hs, ht)
    if (any(b /= hb) .or. any(s /= hs) .or. any(t /= ht)) then
      print '(a, i3)', 'FAIL at step', it
      error stop 1
    end if
    a = a + b * 1d-3
  end do
  print '(a, 3es25.16)', 'sums', sum(b), sum(s), sum(t)
end program
