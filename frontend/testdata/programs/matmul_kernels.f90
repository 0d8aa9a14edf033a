! Matrix multiply: naive DO CONCURRENT, blocked loop and the MATMUL intrinsic.
program matmul_kernels
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: n = 256, bs = 32
  real(dp), allocatable :: a(:,:), b(:,:), c(:,:), c_ref(:,:)
  real(dp) :: t_start, t_end, tmp
  integer :: i, j, k, ii, jj, kk

  allocate(a(n,n), b(n,n), c(n,n), c_ref(n,n))
  call random_number(a)
  call random_number(b)

  call cpu_time(t_start)
  do concurrent (j = 1:n, i = 1:n)
    tmp = 0.0_dp
    do k = 1, n
      tmp = tmp + a(i,k) * b(k,j)
    end do
    c(i,j) = tmp
  end do
  call cpu_time(t_end)
  print '(a, f8.4, a)', 'naive:   ', t_end - t_start, ' s'

  c_ref = matmul(a, b)
  print *, 'max diff naive  =', maxval(abs(c - c_ref))

  c = 0.0_dp
  call cpu_time(t_start)
  do jj = 1, n, bs
    do kk = 1, n, bs
      do ii = 1, n, bs
        do concurrent (j = jj:min(jj+bs-1, n), i = ii:min(ii+bs-1, n))
          do k = kk, min(kk+bs-1, n)
            c(i,j) = c(i,j) + a(i,k) * b(k,j)
          end do
        end do
      end do
    end do
  end do
  call cpu_time(t_end)
  print '(a, f8.4, a)', 'blocked: ', t_end - t_start, ' s'
  print *, 'max diff blocked =', maxval(abs(c - c_ref))

  ! transposed-B variant using dot_product
  b = transpose(b)
  do concurrent (j = 1:n, i = 1:n)
    c(i,j) = dot_product(a(i,:), b(j,:))
  end do
  print *, 'max diff dot     =', maxval(abs(c - c_ref))
  deallocate(a, b, c, c_ref)
end program matmul_kernels
