! GPU-offload style kernels expressed with DO CONCURRENT: vector add, transpose, 2-D reduction
! with a host-side final pass, and a histogram computed per block then merged on the host.
module kernels
  use, intrinsic :: iso_fortran_env, only: real32, int32
  implicit none
  integer, parameter :: fp = real32
contains
  subroutine vecadd(a, b, c)
    real(fp), intent(in) :: a(:), b(:)
    real(fp), intent(out) :: c(:)
    integer :: i
    do concurrent (i = 1:size(c))
      c(i) = a(i) + b(i)
    end do
  end subroutine vecadd

  subroutine transpose_dc(a, at)
    real(fp), intent(in) :: a(:,:)
    real(fp), intent(out) :: at(:,:)
    integer :: i, j
    do concurrent (j = 1:size(a, 2), i = 1:size(a, 1))
      at(j, i) = a(i, j)
    end do
  end subroutine transpose_dc

  function column_sums_then_total(a) result(total)
    real(fp), intent(in) :: a(:,:)
    real(fp) :: total
    real(fp) :: colsum(size(a, 2))
    integer :: j
    do concurrent (j = 1:size(a, 2))
      colsum(j) = sum(a(:, j))
    end do
    total = 0.0_fp
    do j = 1, size(colsum)
      total = total + colsum(j)
    end do
  end function column_sums_then_total

  subroutine histogram(x, nbins, hist)
    real(fp), intent(in) :: x(:)
    integer, intent(in) :: nbins
    integer(int32), intent(out) :: hist(nbins)
    integer, parameter :: nblk = 16
    integer(int32) :: local(nbins, nblk)
    integer :: b, i, bin, chunk
    chunk = (size(x) + nblk - 1) / nblk
    local = 0
    do concurrent (b = 1:nblk)
      do i = (b - 1) * chunk + 1, min(b * chunk, size(x))
        bin = min(nbins, 1 + int(x(i) * nbins))
        local(bin, b) = local(bin, b) + 1
      end do
    end do
    hist = sum(local, dim=2)
  end subroutine histogram
end module kernels

program gpu_style_kernels
  use kernels
  implicit none
  integer, parameter :: n = 1024
  real(fp), allocatable :: a(:), b(:), c(:), m(:,:), mt(:,:)
  integer(int32) :: hist(10)
  allocate(a(n*n), b(n*n), c(n*n), m(n, n/2), mt(n/2, n))
  call random_number(a)
  b = 1.0_fp - a
  call vecadd(a, b, c)
  print *, 'vecadd ok:', all(abs(c - 1.0_fp) < 1.0e-6_fp)
  m = reshape(a(1:n*n/2), shape(m))
  call transpose_dc(m, mt)
  print *, 'transpose ok:', all(mt == transpose(m))
  print *, 'total:', column_sums_then_total(m), sum(m)
  call histogram(a, 10, hist)
  print '(10i8)', hist
end program gpu_style_kernels
