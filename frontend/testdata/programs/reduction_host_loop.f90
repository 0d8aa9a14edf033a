! Reduction computed by a DO CONCURRENT over blocks plus a host loop over partial sums.
program reduction_host_loop
  use, intrinsic :: iso_fortran_env, only: real64, int64
  implicit none
  integer, parameter :: n = 10000000, nblocks = 64
  real(real64), allocatable :: x(:)
  real(real64) :: partial(nblocks), total, vmax
  integer :: b, i, lo, hi, chunk
  integer(int64) :: cnt_pos

  allocate(x(n))
  do concurrent (i = 1:n)
    x(i) = sin(real(i, real64) * 1.0e-3_real64)
  end do

  chunk = (n + nblocks - 1) / nblocks
  do concurrent (b = 1:nblocks)
    block
      integer :: k, klo, khi
      real(real64) :: acc
      klo = (b - 1) * chunk + 1
      khi = min(b * chunk, n)
      acc = 0.0_real64
      do k = klo, khi
        acc = acc + x(k)
      end do
      partial(b) = acc
    end block
  end do

  total = 0.0_real64
  do b = 1, nblocks
    total = total + partial(b)
  end do
  print '(a, es22.14)', 'blocked sum   = ', total
  print '(a, es22.14)', 'intrinsic sum = ', sum(x)

  vmax = -huge(vmax)
  cnt_pos = 0_int64
  do b = 1, nblocks
    lo = (b - 1) * chunk + 1
    hi = min(b * chunk, n)
    vmax = max(vmax, maxval(x(lo:hi)))
    cnt_pos = cnt_pos + count(x(lo:hi) > 0.0_real64, kind=int64)
  end do
  print *, 'max =', vmax, ' positive count =', cnt_pos
  deallocate(x)
end program reduction_host_loop
