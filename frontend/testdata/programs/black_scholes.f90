! Black-Scholes option pricing batch kernel, DO CONCURRENT over options with elemental helpers.
module black_scholes_mod
  implicit none
  integer, parameter :: fp = selected_real_kind(6, 37)
contains
  elemental real(fp) function cnd(d)
    real(fp), intent(in) :: d
    cnd = 0.5_fp * erfc(-d / sqrt(2.0_fp))
  end function cnd

  subroutine price_options(s, k, t, r, v, call_p, put_p)
    real(fp), intent(in) :: s(:), k(:), t(:)
    real(fp), intent(in) :: r, v
    real(fp), intent(out) :: call_p(:), put_p(:)
    integer :: i
    real(fp) :: d1, d2, sqrt_t, expr
    do concurrent (i = 1:size(s))
      sqrt_t = sqrt(t(i))
      d1 = (log(s(i) / k(i)) + (r + 0.5_fp * v * v) * t(i)) / (v * sqrt_t)
      d2 = d1 - v * sqrt_t
      expr = exp(-r * t(i))
      call_p(i) = s(i) * cnd(d1) - k(i) * expr * cnd(d2)
      put_p(i) = k(i) * expr * cnd(-d2) - s(i) * cnd(-d1)
    end do
  end subroutine price_options
end module black_scholes_mod

program black_scholes
  use black_scholes_mod
  implicit none
  integer, parameter :: nopt = 100000
  real(fp), allocatable :: s(:), k(:), t(:), c(:), p(:)
  real(fp), parameter :: r = 0.02_fp, vol = 0.30_fp
  real(fp) :: parity

  allocate(s(nopt), k(nopt), t(nopt), c(nopt), p(nopt))
  call random_number(s); call random_number(k); call random_number(t)
  s = 5.0_fp + 25.0_fp * s
  k = 1.0_fp + 99.0_fp * k
  t = 0.25_fp + 9.75_fp * t
  call price_options(s, k, t, r, vol, c, p)
  ! put-call parity check: C - P = S - K exp(-rT)
  parity = maxval(abs((c - p) - (s - k * exp(-r * t))))
  print '(a, es10.3)', 'max parity violation: ', parity
  print '(a, 2f12.4)', 'mean call/put: ', sum(c) / nopt, sum(p) / nopt
end program black_scholes
