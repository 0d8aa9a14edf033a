! Mandelbrot set with DO CONCURRENT and an elemental escape-time function.
module mandel_mod
  implicit none
  integer, parameter :: dp = selected_real_kind(p=15)
contains
  elemental integer function escape_time(c, max_iter) result(it)
    complex(dp), intent(in) :: c
    integer, intent(in) :: max_iter
    complex(dp) :: z
    z = (0.0_dp, 0.0_dp)
    it = 0
    do while (abs(z) <= 2.0_dp .and. it < max_iter)
      z = z*z + c
      it = it + 1
    end do
  end function escape_time
end module mandel_mod

program mandelbrot
  use mandel_mod
  implicit none
  integer, parameter :: width = 78, height = 32, max_iter = 256
  integer :: counts(width, height)
  character(len=width) :: row
  character(len=*), parameter :: palette = ' .:-=+*#%@'
  real(dp) :: xmin = -2.2_dp, xmax = 1.0_dp, ymin = -1.2_dp, ymax = 1.2_dp
  integer :: i, j, idx

  do concurrent (j = 1:height, i = 1:width)
    counts(i, j) = escape_time(cmplx(xmin + (xmax - xmin) * (i - 1) / (width - 1), &
                                     ymin + (ymax - ymin) * (j - 1) / (height - 1), &
                                     kind=dp), max_iter)
  end do

  do j = 1, height
    do i = 1, width
      idx = 1 + mod(counts(i, j), len(palette))
      if (counts(i, j) >= max_iter) idx = len(palette)
      row(i:i) = palette(idx:idx)
    end do
    print '(a)', row
  end do
  print '(a, i0)', 'points in set: ', count(counts >= max_iter)
end program mandelbrot
