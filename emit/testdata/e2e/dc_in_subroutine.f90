! do concurrent inside external-style internal subroutines taking
! assumed-shape and explicit-shape dummy arrays, called with sections.
program dc_in_subroutine
  implicit none
  integer, parameter :: n = 30
  real(8) :: a(n), b(n), c(2 * n)
  integer :: i
  do i = 1, n
    a(i) = real(i, 8) * 1.25d0
  end do
  c = 0.0d0
  call axpy_assumed(2.0d0, a, b)
  call scale_explicit(n, 3.0d0, c(1:2 * n:2))
  call axpy_assumed(-1.0d0, b(n:1:-1), c(2:2 * n:2))
  do i = 1, n
    if (b(i) /= 2.0d0 * a(i) + a(i)) then
      print '(a,i0)', 'FAIL b at ', i
      error stop 1
    end if
    if (c(2 * i - 1) /= 3.0d0 * real(i, 8)) then
      print '(a,i0)', 'FAIL odd c at ', i
      error stop 1
    end if
    if (c(2 * i) /= -1.0d0 * b(n + 1 - i) + b(n + 1 - i)) then
      print '(a,i0)', 'FAIL even c at ', i
      error stop 1
    end if
  end do
  print '(f10.3)', b(n), c(2 * n - 1)
  print '(a)', 'PASSED'
contains
  subroutine axpy_assumed(s, x, y)
    real(8), intent(in) :: s, x(:)
    real(8), intent(out) :: y(:)
    integer :: k
    do concurrent (k = 1:size(x))
      y(k) = s * x(k) + x(k)
    end do
  end subroutine
  subroutine scale_explicit(m, s, y)
    integer, intent(in) :: m
    real(8), intent(in) :: s
    real(8), intent(inout) :: y(m)
    integer :: k
    do concurrent (k = 1:m)
      y(k) = s * real(k, 8)
    end do
  end subroutine
end program
