! Monte Carlo estimation of pi: RANDOM_SEED, RANDOM_NUMBER, DO CONCURRENT with a mask,
! and a host-side reduction over per-batch counts.
program monte_carlo_pi
  use, intrinsic :: iso_fortran_env, only: int64, real64
  implicit none
  integer, parameter :: nbatch = 100, batch = 100000
  real(real64), allocatable :: xs(:,:), ys(:,:)
  integer(int64) :: hits(nbatch), total_hits
  integer, allocatable :: seed(:)
  integer :: nseed, b, i
  real(real64) :: pi_est

  call random_seed(size=nseed)
  allocate(seed(nseed))
  seed = [(12345 + 37 * i, i = 1, nseed)]
  call random_seed(put=seed)

  allocate(xs(batch, nbatch), ys(batch, nbatch))
  call random_number(xs)
  call random_number(ys)

  hits = 0_int64
  do concurrent (b = 1:nbatch)
    hits(b) = count(xs(:, b)**2 + ys(:, b)**2 <= 1.0_real64, kind=int64)
  end do

  total_hits = 0_int64
  do b = 1, nbatch
    total_hits = total_hits + hits(b)
  end do
  pi_est = 4.0_real64 * real(total_hits, real64) / real(nbatch * batch, real64)
  print '(a, f10.6, a, es10.3)', 'pi ~ ', pi_est, '  error ', abs(pi_est - acos(-1.0_real64))

  ! masked DO CONCURRENT: only points inside the quarter circle are scaled
  do concurrent (i = 1:batch, b = 1:nbatch, xs(i, b)**2 + ys(i, b)**2 <= 1.0_real64)
    xs(i, b) = 2.0_real64 * xs(i, b)
  end do
  print *, 'max x after masked update:', maxval(xs)
  call random_seed(get=seed)
  deallocate(xs, ys, seed)
end program monte_carlo_pi
