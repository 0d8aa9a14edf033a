! bench/mathlib/src/mathlib.f90, written by bench/mathlib/gen.py: the
! elementary functions in kernels against the host's (gfortran's libm), for
! real(4) and real(8): N arguments spread over each function's range
! (argument 1, default 1e6), each function evaluated in a do concurrent
! loop and in a host loop; prints, per function and kind, how many results
! differ in their bits, the largest difference in ulps and the
! microseconds of the kernel (after a warm-up launch). On the CPU backend
! the kernels call the host's library: every count is 0.
module mathlib_mod
  implicit none
contains
  subroutine k_exp4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = exp(x(i))
    end do
  end subroutine k_exp4

  subroutine h_exp4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = exp(x(i))
    end do
  end subroutine h_exp4

  subroutine k_log4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = log(x(i))
    end do
  end subroutine k_log4

  subroutine h_log4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = log(x(i))
    end do
  end subroutine h_log4

  subroutine k_log104(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = log10(x(i))
    end do
  end subroutine k_log104

  subroutine h_log104(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = log10(x(i))
    end do
  end subroutine h_log104

  subroutine k_sin4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = sin(x(i))
    end do
  end subroutine k_sin4

  subroutine h_sin4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = sin(x(i))
    end do
  end subroutine h_sin4

  subroutine k_cos4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = cos(x(i))
    end do
  end subroutine k_cos4

  subroutine h_cos4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = cos(x(i))
    end do
  end subroutine h_cos4

  subroutine k_tan4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = tan(x(i))
    end do
  end subroutine k_tan4

  subroutine h_tan4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = tan(x(i))
    end do
  end subroutine h_tan4

  subroutine k_sinh4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = sinh(x(i))
    end do
  end subroutine k_sinh4

  subroutine h_sinh4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = sinh(x(i))
    end do
  end subroutine h_sinh4

  subroutine k_cosh4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = cosh(x(i))
    end do
  end subroutine k_cosh4

  subroutine h_cosh4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = cosh(x(i))
    end do
  end subroutine h_cosh4

  subroutine k_tanh4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = tanh(x(i))
    end do
  end subroutine k_tanh4

  subroutine h_tanh4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = tanh(x(i))
    end do
  end subroutine h_tanh4

  subroutine k_asin4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = asin(x(i))
    end do
  end subroutine k_asin4

  subroutine h_asin4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = asin(x(i))
    end do
  end subroutine h_asin4

  subroutine k_acos4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = acos(x(i))
    end do
  end subroutine k_acos4

  subroutine h_acos4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = acos(x(i))
    end do
  end subroutine h_acos4

  subroutine k_atan4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = atan(x(i))
    end do
  end subroutine k_atan4

  subroutine h_atan4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = atan(x(i))
    end do
  end subroutine h_atan4

  subroutine k_atan24(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = atan2(x(i), w(i))
    end do
  end subroutine k_atan24

  subroutine h_atan24(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = atan2(x(i), w(i))
    end do
  end subroutine h_atan24

  subroutine k_sqrt4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = sqrt(x(i))
    end do
  end subroutine k_sqrt4

  subroutine h_sqrt4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = sqrt(x(i))
    end do
  end subroutine h_sqrt4

  subroutine k_hypot4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = hypot(x(i), w(i))
    end do
  end subroutine k_hypot4

  subroutine h_hypot4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = hypot(x(i), w(i))
    end do
  end subroutine h_hypot4

  subroutine k_erf4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = erf(x(i))
    end do
  end subroutine k_erf4

  subroutine h_erf4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = erf(x(i))
    end do
  end subroutine h_erf4

  subroutine k_gamma4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = gamma(x(i))
    end do
  end subroutine k_gamma4

  subroutine h_gamma4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = gamma(x(i))
    end do
  end subroutine h_gamma4

  subroutine k_pow4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = abs(x(i)) ** (w(i) * 0.1)
    end do
  end subroutine k_pow4

  subroutine h_pow4(x, w, y)
    real(4), intent(in) :: x(:), w(:)
    real(4), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = abs(x(i)) ** (w(i) * 0.1)
    end do
  end subroutine h_pow4

  subroutine k_exp8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = exp(x(i))
    end do
  end subroutine k_exp8

  subroutine h_exp8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = exp(x(i))
    end do
  end subroutine h_exp8

  subroutine k_log8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = log(x(i))
    end do
  end subroutine k_log8

  subroutine h_log8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = log(x(i))
    end do
  end subroutine h_log8

  subroutine k_log108(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = log10(x(i))
    end do
  end subroutine k_log108

  subroutine h_log108(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = log10(x(i))
    end do
  end subroutine h_log108

  subroutine k_sin8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = sin(x(i))
    end do
  end subroutine k_sin8

  subroutine h_sin8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = sin(x(i))
    end do
  end subroutine h_sin8

  subroutine k_cos8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = cos(x(i))
    end do
  end subroutine k_cos8

  subroutine h_cos8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = cos(x(i))
    end do
  end subroutine h_cos8

  subroutine k_tan8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = tan(x(i))
    end do
  end subroutine k_tan8

  subroutine h_tan8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = tan(x(i))
    end do
  end subroutine h_tan8

  subroutine k_sinh8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = sinh(x(i))
    end do
  end subroutine k_sinh8

  subroutine h_sinh8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = sinh(x(i))
    end do
  end subroutine h_sinh8

  subroutine k_cosh8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = cosh(x(i))
    end do
  end subroutine k_cosh8

  subroutine h_cosh8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = cosh(x(i))
    end do
  end subroutine h_cosh8

  subroutine k_tanh8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = tanh(x(i))
    end do
  end subroutine k_tanh8

  subroutine h_tanh8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = tanh(x(i))
    end do
  end subroutine h_tanh8

  subroutine k_asin8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = asin(x(i))
    end do
  end subroutine k_asin8

  subroutine h_asin8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = asin(x(i))
    end do
  end subroutine h_asin8

  subroutine k_acos8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = acos(x(i))
    end do
  end subroutine k_acos8

  subroutine h_acos8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = acos(x(i))
    end do
  end subroutine h_acos8

  subroutine k_atan8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = atan(x(i))
    end do
  end subroutine k_atan8

  subroutine h_atan8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = atan(x(i))
    end do
  end subroutine h_atan8

  subroutine k_atan28(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = atan2(x(i), w(i))
    end do
  end subroutine k_atan28

  subroutine h_atan28(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = atan2(x(i), w(i))
    end do
  end subroutine h_atan28

  subroutine k_sqrt8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = sqrt(x(i))
    end do
  end subroutine k_sqrt8

  subroutine h_sqrt8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = sqrt(x(i))
    end do
  end subroutine h_sqrt8

  subroutine k_hypot8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = hypot(x(i), w(i))
    end do
  end subroutine k_hypot8

  subroutine h_hypot8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = hypot(x(i), w(i))
    end do
  end subroutine h_hypot8

  subroutine k_erf8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = erf(x(i))
    end do
  end subroutine k_erf8

  subroutine h_erf8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = erf(x(i))
    end do
  end subroutine h_erf8

  subroutine k_gamma8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = gamma(x(i))
    end do
  end subroutine k_gamma8

  subroutine h_gamma8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = gamma(x(i))
    end do
  end subroutine h_gamma8

  subroutine k_pow8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = abs(x(i)) ** (w(i) * 0.1)
    end do
  end subroutine k_pow8

  subroutine h_pow8(x, w, y)
    real(8), intent(in) :: x(:), w(:)
    real(8), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = abs(x(i)) ** (w(i) * 0.1)
    end do
  end subroutine h_pow8

  subroutine report(name, kind, n, dy, hy, us)
    character(len=*), intent(in) :: name
    integer, intent(in) :: kind, n
    integer(8), intent(in) :: dy(n), hy(n)
    real(8), intent(in) :: us
    integer :: i, differ
    integer(8) :: worst
    differ = 0
    worst = 0
    do i = 1, n
      if (dy(i) /= hy(i)) then
        differ = differ + 1
        worst = max(worst, abs(dy(i) - hy(i)))
      end if
    end do
    print '(a, a6, a, i0, a, i8, a, i0, a, i0, a, f10.1)', 'RESULT fn=', name, ' kind=', kind, ' differ=', differ, &
      ' of ', n, ' max_ulps=', worst, ' us_kernel=', us
  end subroutine report
end module mathlib_mod

program mathlib
  use apps_timer, only: wtime
  use mathlib_mod
  implicit none
  integer :: n, i
  character(len=32) :: arg
  real(4), allocatable :: x4(:), w4(:), y4(:), h4(:)
  real(8), allocatable :: x8(:), w8(:), y8(:), h8(:)
  integer(8), allocatable :: dy(:), hy(:)
  real(8) :: t0, u
  n = 1000000
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  allocate(x4(n), w4(n), y4(n), h4(n), x8(n), w8(n), y8(n), h8(n), dy(n), hy(n))
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x4(i) = real(-80d0 + (80d0 - (-80d0)) * u, 4)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w4(i) = real(-80d0 + (80d0 - (-80d0)) * u, 4)
  end do
  call k_exp4(x4, w4, y4)
  t0 = wtime()
  call k_exp4(x4, w4, y4)
  t0 = wtime() - t0
  call h_exp4(x4, w4, h4)
  dy = int(transfer(y4, 0_4, n), 8)
  hy = int(transfer(h4, 0_4, n), 8)
  call report('exp', 4, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x4(i) = real(exp(log(1.0000000000000001d-30) + (log(1d+30) - log(1.0000000000000001d-30)) * u), 4)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w4(i) = real(1.0000000000000001d-30 + (1d+30 - (1.0000000000000001d-30)) * u, 4)
  end do
  call k_log4(x4, w4, y4)
  t0 = wtime()
  call k_log4(x4, w4, y4)
  t0 = wtime() - t0
  call h_log4(x4, w4, h4)
  dy = int(transfer(y4, 0_4, n), 8)
  hy = int(transfer(h4, 0_4, n), 8)
  call report('log', 4, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x4(i) = real(exp(log(1.0000000000000001d-30) + (log(1d+30) - log(1.0000000000000001d-30)) * u), 4)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w4(i) = real(1.0000000000000001d-30 + (1d+30 - (1.0000000000000001d-30)) * u, 4)
  end do
  call k_log104(x4, w4, y4)
  t0 = wtime()
  call k_log104(x4, w4, y4)
  t0 = wtime() - t0
  call h_log104(x4, w4, h4)
  dy = int(transfer(y4, 0_4, n), 8)
  hy = int(transfer(h4, 0_4, n), 8)
  call report('log10', 4, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x4(i) = real(-100d0 + (100d0 - (-100d0)) * u, 4)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w4(i) = real(-100d0 + (100d0 - (-100d0)) * u, 4)
  end do
  call k_sin4(x4, w4, y4)
  t0 = wtime()
  call k_sin4(x4, w4, y4)
  t0 = wtime() - t0
  call h_sin4(x4, w4, h4)
  dy = int(transfer(y4, 0_4, n), 8)
  hy = int(transfer(h4, 0_4, n), 8)
  call report('sin', 4, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x4(i) = real(-100d0 + (100d0 - (-100d0)) * u, 4)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w4(i) = real(-100d0 + (100d0 - (-100d0)) * u, 4)
  end do
  call k_cos4(x4, w4, y4)
  t0 = wtime()
  call k_cos4(x4, w4, y4)
  t0 = wtime() - t0
  call h_cos4(x4, w4, h4)
  dy = int(transfer(y4, 0_4, n), 8)
  hy = int(transfer(h4, 0_4, n), 8)
  call report('cos', 4, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x4(i) = real(-10d0 + (10d0 - (-10d0)) * u, 4)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w4(i) = real(-10d0 + (10d0 - (-10d0)) * u, 4)
  end do
  call k_tan4(x4, w4, y4)
  t0 = wtime()
  call k_tan4(x4, w4, y4)
  t0 = wtime() - t0
  call h_tan4(x4, w4, h4)
  dy = int(transfer(y4, 0_4, n), 8)
  hy = int(transfer(h4, 0_4, n), 8)
  call report('tan', 4, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x4(i) = real(-80d0 + (80d0 - (-80d0)) * u, 4)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w4(i) = real(-80d0 + (80d0 - (-80d0)) * u, 4)
  end do
  call k_sinh4(x4, w4, y4)
  t0 = wtime()
  call k_sinh4(x4, w4, y4)
  t0 = wtime() - t0
  call h_sinh4(x4, w4, h4)
  dy = int(transfer(y4, 0_4, n), 8)
  hy = int(transfer(h4, 0_4, n), 8)
  call report('sinh', 4, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x4(i) = real(-80d0 + (80d0 - (-80d0)) * u, 4)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w4(i) = real(-80d0 + (80d0 - (-80d0)) * u, 4)
  end do
  call k_cosh4(x4, w4, y4)
  t0 = wtime()
  call k_cosh4(x4, w4, y4)
  t0 = wtime() - t0
  call h_cosh4(x4, w4, h4)
  dy = int(transfer(y4, 0_4, n), 8)
  hy = int(transfer(h4, 0_4, n), 8)
  call report('cosh', 4, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x4(i) = real(-10d0 + (10d0 - (-10d0)) * u, 4)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w4(i) = real(-10d0 + (10d0 - (-10d0)) * u, 4)
  end do
  call k_tanh4(x4, w4, y4)
  t0 = wtime()
  call k_tanh4(x4, w4, y4)
  t0 = wtime() - t0
  call h_tanh4(x4, w4, h4)
  dy = int(transfer(y4, 0_4, n), 8)
  hy = int(transfer(h4, 0_4, n), 8)
  call report('tanh', 4, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x4(i) = real(-1d0 + (1d0 - (-1d0)) * u, 4)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w4(i) = real(-1d0 + (1d0 - (-1d0)) * u, 4)
  end do
  call k_asin4(x4, w4, y4)
  t0 = wtime()
  call k_asin4(x4, w4, y4)
  t0 = wtime() - t0
  call h_asin4(x4, w4, h4)
  dy = int(transfer(y4, 0_4, n), 8)
  hy = int(transfer(h4, 0_4, n), 8)
  call report('asin', 4, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x4(i) = real(-1d0 + (1d0 - (-1d0)) * u, 4)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w4(i) = real(-1d0 + (1d0 - (-1d0)) * u, 4)
  end do
  call k_acos4(x4, w4, y4)
  t0 = wtime()
  call k_acos4(x4, w4, y4)
  t0 = wtime() - t0
  call h_acos4(x4, w4, h4)
  dy = int(transfer(y4, 0_4, n), 8)
  hy = int(transfer(h4, 0_4, n), 8)
  call report('acos', 4, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x4(i) = real(-100d0 + (100d0 - (-100d0)) * u, 4)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w4(i) = real(-100d0 + (100d0 - (-100d0)) * u, 4)
  end do
  call k_atan4(x4, w4, y4)
  t0 = wtime()
  call k_atan4(x4, w4, y4)
  t0 = wtime() - t0
  call h_atan4(x4, w4, h4)
  dy = int(transfer(y4, 0_4, n), 8)
  hy = int(transfer(h4, 0_4, n), 8)
  call report('atan', 4, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x4(i) = real(-100d0 + (100d0 - (-100d0)) * u, 4)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w4(i) = real(-100d0 + (100d0 - (-100d0)) * u, 4)
  end do
  call k_atan24(x4, w4, y4)
  t0 = wtime()
  call k_atan24(x4, w4, y4)
  t0 = wtime() - t0
  call h_atan24(x4, w4, h4)
  dy = int(transfer(y4, 0_4, n), 8)
  hy = int(transfer(h4, 0_4, n), 8)
  call report('atan2', 4, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x4(i) = real(0d0 + (1d+30 - (0d0)) * u, 4)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w4(i) = real(0d0 + (1d+30 - (0d0)) * u, 4)
  end do
  call k_sqrt4(x4, w4, y4)
  t0 = wtime()
  call k_sqrt4(x4, w4, y4)
  t0 = wtime() - t0
  call h_sqrt4(x4, w4, h4)
  dy = int(transfer(y4, 0_4, n), 8)
  hy = int(transfer(h4, 0_4, n), 8)
  call report('sqrt', 4, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x4(i) = real(-100d0 + (100d0 - (-100d0)) * u, 4)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w4(i) = real(-100d0 + (100d0 - (-100d0)) * u, 4)
  end do
  call k_hypot4(x4, w4, y4)
  t0 = wtime()
  call k_hypot4(x4, w4, y4)
  t0 = wtime() - t0
  call h_hypot4(x4, w4, h4)
  dy = int(transfer(y4, 0_4, n), 8)
  hy = int(transfer(h4, 0_4, n), 8)
  call report('hypot', 4, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x4(i) = real(-5d0 + (5d0 - (-5d0)) * u, 4)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w4(i) = real(-5d0 + (5d0 - (-5d0)) * u, 4)
  end do
  call k_erf4(x4, w4, y4)
  t0 = wtime()
  call k_erf4(x4, w4, y4)
  t0 = wtime() - t0
  call h_erf4(x4, w4, h4)
  dy = int(transfer(y4, 0_4, n), 8)
  hy = int(transfer(h4, 0_4, n), 8)
  call report('erf', 4, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x4(i) = real(0.01d0 + (30d0 - (0.01d0)) * u, 4)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w4(i) = real(0.01d0 + (30d0 - (0.01d0)) * u, 4)
  end do
  call k_gamma4(x4, w4, y4)
  t0 = wtime()
  call k_gamma4(x4, w4, y4)
  t0 = wtime() - t0
  call h_gamma4(x4, w4, h4)
  dy = int(transfer(y4, 0_4, n), 8)
  hy = int(transfer(h4, 0_4, n), 8)
  call report('gamma', 4, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x4(i) = real(0.01d0 + (100d0 - (0.01d0)) * u, 4)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w4(i) = real(0.01d0 + (100d0 - (0.01d0)) * u, 4)
  end do
  call k_pow4(x4, w4, y4)
  t0 = wtime()
  call k_pow4(x4, w4, y4)
  t0 = wtime() - t0
  call h_pow4(x4, w4, h4)
  dy = int(transfer(y4, 0_4, n), 8)
  hy = int(transfer(h4, 0_4, n), 8)
  call report('pow', 4, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x8(i) = real(-700d0 + (700d0 - (-700d0)) * u, 8)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w8(i) = real(-700d0 + (700d0 - (-700d0)) * u, 8)
  end do
  call k_exp8(x8, w8, y8)
  t0 = wtime()
  call k_exp8(x8, w8, y8)
  t0 = wtime() - t0
  call h_exp8(x8, w8, h8)
  dy = transfer(y8, 0_8, n)
  hy = transfer(h8, 0_8, n)
  call report('exp', 8, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x8(i) = real(exp(log(1d-300) + (log(1.0000000000000001d+300) - log(1d-300)) * u), 8)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w8(i) = real(1d-300 + (1.0000000000000001d+300 - (1d-300)) * u, 8)
  end do
  call k_log8(x8, w8, y8)
  t0 = wtime()
  call k_log8(x8, w8, y8)
  t0 = wtime() - t0
  call h_log8(x8, w8, h8)
  dy = transfer(y8, 0_8, n)
  hy = transfer(h8, 0_8, n)
  call report('log', 8, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x8(i) = real(exp(log(1d-300) + (log(1.0000000000000001d+300) - log(1d-300)) * u), 8)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w8(i) = real(1d-300 + (1.0000000000000001d+300 - (1d-300)) * u, 8)
  end do
  call k_log108(x8, w8, y8)
  t0 = wtime()
  call k_log108(x8, w8, y8)
  t0 = wtime() - t0
  call h_log108(x8, w8, h8)
  dy = transfer(y8, 0_8, n)
  hy = transfer(h8, 0_8, n)
  call report('log10', 8, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x8(i) = real(-100d0 + (100d0 - (-100d0)) * u, 8)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w8(i) = real(-100d0 + (100d0 - (-100d0)) * u, 8)
  end do
  call k_sin8(x8, w8, y8)
  t0 = wtime()
  call k_sin8(x8, w8, y8)
  t0 = wtime() - t0
  call h_sin8(x8, w8, h8)
  dy = transfer(y8, 0_8, n)
  hy = transfer(h8, 0_8, n)
  call report('sin', 8, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x8(i) = real(-100d0 + (100d0 - (-100d0)) * u, 8)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w8(i) = real(-100d0 + (100d0 - (-100d0)) * u, 8)
  end do
  call k_cos8(x8, w8, y8)
  t0 = wtime()
  call k_cos8(x8, w8, y8)
  t0 = wtime() - t0
  call h_cos8(x8, w8, h8)
  dy = transfer(y8, 0_8, n)
  hy = transfer(h8, 0_8, n)
  call report('cos', 8, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x8(i) = real(-10d0 + (10d0 - (-10d0)) * u, 8)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w8(i) = real(-10d0 + (10d0 - (-10d0)) * u, 8)
  end do
  call k_tan8(x8, w8, y8)
  t0 = wtime()
  call k_tan8(x8, w8, y8)
  t0 = wtime() - t0
  call h_tan8(x8, w8, h8)
  dy = transfer(y8, 0_8, n)
  hy = transfer(h8, 0_8, n)
  call report('tan', 8, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x8(i) = real(-700d0 + (700d0 - (-700d0)) * u, 8)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w8(i) = real(-700d0 + (700d0 - (-700d0)) * u, 8)
  end do
  call k_sinh8(x8, w8, y8)
  t0 = wtime()
  call k_sinh8(x8, w8, y8)
  t0 = wtime() - t0
  call h_sinh8(x8, w8, h8)
  dy = transfer(y8, 0_8, n)
  hy = transfer(h8, 0_8, n)
  call report('sinh', 8, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x8(i) = real(-700d0 + (700d0 - (-700d0)) * u, 8)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w8(i) = real(-700d0 + (700d0 - (-700d0)) * u, 8)
  end do
  call k_cosh8(x8, w8, y8)
  t0 = wtime()
  call k_cosh8(x8, w8, y8)
  t0 = wtime() - t0
  call h_cosh8(x8, w8, h8)
  dy = transfer(y8, 0_8, n)
  hy = transfer(h8, 0_8, n)
  call report('cosh', 8, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x8(i) = real(-20d0 + (20d0 - (-20d0)) * u, 8)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w8(i) = real(-20d0 + (20d0 - (-20d0)) * u, 8)
  end do
  call k_tanh8(x8, w8, y8)
  t0 = wtime()
  call k_tanh8(x8, w8, y8)
  t0 = wtime() - t0
  call h_tanh8(x8, w8, h8)
  dy = transfer(y8, 0_8, n)
  hy = transfer(h8, 0_8, n)
  call report('tanh', 8, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x8(i) = real(-1d0 + (1d0 - (-1d0)) * u, 8)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w8(i) = real(-1d0 + (1d0 - (-1d0)) * u, 8)
  end do
  call k_asin8(x8, w8, y8)
  t0 = wtime()
  call k_asin8(x8, w8, y8)
  t0 = wtime() - t0
  call h_asin8(x8, w8, h8)
  dy = transfer(y8, 0_8, n)
  hy = transfer(h8, 0_8, n)
  call report('asin', 8, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x8(i) = real(-1d0 + (1d0 - (-1d0)) * u, 8)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w8(i) = real(-1d0 + (1d0 - (-1d0)) * u, 8)
  end do
  call k_acos8(x8, w8, y8)
  t0 = wtime()
  call k_acos8(x8, w8, y8)
  t0 = wtime() - t0
  call h_acos8(x8, w8, h8)
  dy = transfer(y8, 0_8, n)
  hy = transfer(h8, 0_8, n)
  call report('acos', 8, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x8(i) = real(-100d0 + (100d0 - (-100d0)) * u, 8)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w8(i) = real(-100d0 + (100d0 - (-100d0)) * u, 8)
  end do
  call k_atan8(x8, w8, y8)
  t0 = wtime()
  call k_atan8(x8, w8, y8)
  t0 = wtime() - t0
  call h_atan8(x8, w8, h8)
  dy = transfer(y8, 0_8, n)
  hy = transfer(h8, 0_8, n)
  call report('atan', 8, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x8(i) = real(-100d0 + (100d0 - (-100d0)) * u, 8)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w8(i) = real(-100d0 + (100d0 - (-100d0)) * u, 8)
  end do
  call k_atan28(x8, w8, y8)
  t0 = wtime()
  call k_atan28(x8, w8, y8)
  t0 = wtime() - t0
  call h_atan28(x8, w8, h8)
  dy = transfer(y8, 0_8, n)
  hy = transfer(h8, 0_8, n)
  call report('atan2', 8, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x8(i) = real(0d0 + (1.0000000000000001d+300 - (0d0)) * u, 8)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w8(i) = real(0d0 + (1.0000000000000001d+300 - (0d0)) * u, 8)
  end do
  call k_sqrt8(x8, w8, y8)
  t0 = wtime()
  call k_sqrt8(x8, w8, y8)
  t0 = wtime() - t0
  call h_sqrt8(x8, w8, h8)
  dy = transfer(y8, 0_8, n)
  hy = transfer(h8, 0_8, n)
  call report('sqrt', 8, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x8(i) = real(-100d0 + (100d0 - (-100d0)) * u, 8)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w8(i) = real(-100d0 + (100d0 - (-100d0)) * u, 8)
  end do
  call k_hypot8(x8, w8, y8)
  t0 = wtime()
  call k_hypot8(x8, w8, y8)
  t0 = wtime() - t0
  call h_hypot8(x8, w8, h8)
  dy = transfer(y8, 0_8, n)
  hy = transfer(h8, 0_8, n)
  call report('hypot', 8, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x8(i) = real(-6d0 + (6d0 - (-6d0)) * u, 8)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w8(i) = real(-6d0 + (6d0 - (-6d0)) * u, 8)
  end do
  call k_erf8(x8, w8, y8)
  t0 = wtime()
  call k_erf8(x8, w8, y8)
  t0 = wtime() - t0
  call h_erf8(x8, w8, h8)
  dy = transfer(y8, 0_8, n)
  hy = transfer(h8, 0_8, n)
  call report('erf', 8, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x8(i) = real(0.01d0 + (160d0 - (0.01d0)) * u, 8)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w8(i) = real(0.01d0 + (160d0 - (0.01d0)) * u, 8)
  end do
  call k_gamma8(x8, w8, y8)
  t0 = wtime()
  call k_gamma8(x8, w8, y8)
  t0 = wtime() - t0
  call h_gamma8(x8, w8, h8)
  dy = transfer(y8, 0_8, n)
  hy = transfer(h8, 0_8, n)
  call report('gamma', 8, n, dy, hy, t0 * 1d6)
  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    x8(i) = real(0.01d0 + (100d0 - (0.01d0)) * u, 8)
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    w8(i) = real(0.01d0 + (100d0 - (0.01d0)) * u, 8)
  end do
  call k_pow8(x8, w8, y8)
  t0 = wtime()
  call k_pow8(x8, w8, y8)
  t0 = wtime() - t0
  call h_pow8(x8, w8, h8)
  dy = transfer(y8, 0_8, n)
  hy = transfer(h8, 0_8, n)
  call report('pow', 8, n, dy, hy, t0 * 1d6)
end program mathlib
