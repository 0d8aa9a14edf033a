! Statistics module: generic interfaces over real32/real64, pure functions, DIM arguments.
module statistics
  use, intrinsic :: iso_fortran_env, only: sp => real32, dp => real64
  implicit none
  private
  public :: mean, variance, stddev, median, sp, dp

  interface mean
    module procedure mean_sp, mean_dp
  end interface mean
  interface variance
    module procedure variance_sp, variance_dp
  end interface variance
  interface stddev
    module procedure stddev_dp
  end interface stddev
contains
  pure real(sp) function mean_sp(x)
    real(sp), intent(in) :: x(:)
    mean_sp = sum(x) / size(x)
  end function mean_sp
  pure real(dp) function mean_dp(x)
    real(dp), intent(in) :: x(:)
    mean_dp = sum(x) / size(x)
  end function mean_dp
  pure real(sp) function variance_sp(x, ddof)
    real(sp), intent(in) :: x(:)
    integer, intent(in), optional :: ddof
    integer :: d
    d = 0
    if (present(ddof)) d = ddof
    variance_sp = sum((x - mean_sp(x))**2) / (size(x) - d)
  end function variance_sp
  pure real(dp) function variance_dp(x, ddof)
    real(dp), intent(in) :: x(:)
    integer, intent(in), optional :: ddof
    integer :: d
    d = 0
    if (present(ddof)) d = ddof
    variance_dp = sum((x - mean_dp(x))**2) / (size(x) - d)
  end function variance_dp
  pure real(dp) function stddev_dp(x, ddof)
    real(dp), intent(in) :: x(:)
    integer, intent(in), optional :: ddof
    stddev_dp = sqrt(variance_dp(x, ddof))
  end function stddev_dp
  function median(x) result(m)
    real(dp), intent(in) :: x(:)
    real(dp) :: m
    real(dp) :: s(size(x)), t
    integer :: i, j, n
    s = x
    n = size(s)
    do i = 2, n
      t = s(i)
      j = i - 1
      do while (j >= 1)
        if (s(j) <= t) exit
        s(j + 1) = s(j)
        j = j - 1
      end do
      s(j + 1) = t
    end do
    if (mod(n, 2) == 1) then
      m = s(n / 2 + 1)
    else
      m = 0.5_dp * (s(n / 2) + s(n / 2 + 1))
    end if
  end function median
end module statistics

program stats_demo
  use statistics
  implicit none
  real(dp) :: xd(7) = [2.0_dp, 4.0_dp, 4.0_dp, 4.0_dp, 5.0_dp, 5.0_dp, 7.0_dp]
  real(sp) :: xs(4) = [1.0_sp, 2.0_sp, 3.0_sp, 4.0_sp]
  print *, mean(xd), variance(xd), stddev(xd), stddev(xd, ddof=1), median(xd)
  print *, mean(xs), variance(xs, 1)
end program stats_demo
