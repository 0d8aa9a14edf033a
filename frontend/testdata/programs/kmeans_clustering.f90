! k-means clustering: DO CONCURRENT assignment step, host-side centroid update.
program kmeans_clustering
  use, intrinsic :: iso_fortran_env, only: real32
  implicit none
  integer, parameter :: npts = 2000, ndim = 2, k = 4, maxiter = 50
  real(real32) :: pts(ndim, npts), cent(ndim, k), newc(ndim, k)
  integer :: label(npts), cnt(k)
  real(real32) :: d, best, shift
  integer :: i, c, it, bestc

  call random_number(pts)
  do i = 1, npts
    pts(:, i) = pts(:, i) + real(mod(i, k), real32) * [1.5_real32, -0.5_real32]
  end do
  cent = pts(:, 1:k)

  iterate: do it = 1, maxiter
    do concurrent (i = 1:npts)
      best = huge(best)
      bestc = 1
      do c = 1, k
        d = sum((pts(:, i) - cent(:, c))**2)
        if (d < best) then
          best = d
          bestc = c
        end if
      end do
      label(i) = bestc
    end do

    newc = 0.0_real32
    cnt = 0
    do i = 1, npts
      newc(:, label(i)) = newc(:, label(i)) + pts(:, i)
      cnt(label(i)) = cnt(label(i)) + 1
    end do
    do c = 1, k
      if (cnt(c) > 0) newc(:, c) = newc(:, c) / cnt(c)
    end do
    shift = maxval(abs(newc - cent))
    cent = newc
    if (shift < 1.0e-5_real32) exit iterate
  end do iterate

  print '(a, i0)', 'iterations: ', min(it, maxiter)
  do c = 1, k
    print '(a, i0, a, 2f8.3, a, i5)', 'cluster ', c, ': ', cent(:, c), '  n=', cnt(c)
  end do
end program kmeans_clustering
