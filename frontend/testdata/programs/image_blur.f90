! Gaussian blur of an image stored as integer(int8)-ranged pixels; DO CONCURRENT convolution.
program image_blur
  use, intrinsic :: iso_fortran_env, only: int16, real32
  implicit none
  integer, parameter :: w = 320, h = 240, r = 2
  integer(int16) :: img(w, h), out(w, h)
  real(real32) :: kernel(-r:r, -r:r), acc, wsum
  integer :: i, j, di, dj, ii, jj

  ! checkerboard test pattern
  do concurrent (j = 1:h, i = 1:w)
    img(i, j) = merge(255_int16, 0_int16, mod(i / 16 + j / 16, 2) == 0)
  end do

  do concurrent (dj = -r:r, di = -r:r)
    kernel(di, dj) = exp(-real(di*di + dj*dj, real32) / (2.0_real32 * 1.5_real32**2))
  end do
  kernel = kernel / sum(kernel)

  do concurrent (j = 1:h, i = 1:w)
    acc = 0.0_real32
    wsum = 0.0_real32
    do dj = -r, r
      do di = -r, r
        ii = min(max(i + di, 1), w)
        jj = min(max(j + dj, 1), h)
        acc = acc + kernel(di, dj) * img(ii, jj)
        wsum = wsum + kernel(di, dj)
      end do
    end do
    out(i, j) = int(nint(acc / wsum), int16)
  end do

  print '(a, 2i6)', 'min/max before: ', minval(img), maxval(img)
  print '(a, 2i6)', 'min/max after:  ', minval(out), maxval(out)
  print '(a, f8.2)', 'mean after:     ', sum(real(out, real32)) / (w * h)
  print '(16i4)', out(9:24, 8)
end program image_blur
