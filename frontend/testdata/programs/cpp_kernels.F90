! Preprocessed kernels: function-like macros, #if/#elif/#else, #undef, stringification-free macros.
#define N 64
#define BACKEND 2
#define IDX2(i, j) ((j - 1) * N + (i))
#define CHECK_BOUNDS

module cpp_kernels
  implicit none
  integer, parameter :: dp = kind(1.0d0)
contains
  subroutine stencil(u, v)
    real(dp), intent(in) :: u(N * N)
    real(dp), intent(out) :: v(N * N)
    integer :: i, j
    v = u
#if BACKEND == 1
    do j = 2, N - 1
      do i = 2, N - 1
        v(IDX2(i, j)) = 0.25_dp * (u(IDX2(i-1, j)) + u(IDX2(i+1, j)) &
                                 + u(IDX2(i, j-1)) + u(IDX2(i, j+1)))
      end do
    end do
#elif BACKEND == 2
    do concurrent (j = 2:N - 1, i = 2:N - 1)
      v(IDX2(i, j)) = 0.25_dp * (u(IDX2(i-1, j)) + u(IDX2(i+1, j)) &
                               + u(IDX2(i, j-1)) + u(IDX2(i, j+1)))
    end do
#else
    !$omp parallel do collapse(2)
    do j = 2, N - 1
      do i = 2, N - 1
        v(IDX2(i, j)) = u(IDX2(i, j))
      end do
    end do
#endif
  end subroutine stencil
end module cpp_kernels

program cpp_kernels_demo
  use cpp_kernels
  implicit none
  real(dp) :: u(N * N), v(N * N)
  integer :: it
  u = 0.0_dp
  u(1:N) = 1.0_dp
  do it = 1, 100
    call stencil(u, v)
    u = v
  end do
#ifdef CHECK_BOUNDS
  if (any(u < 0.0_dp) .or. any(u > 1.0_dp)) error stop 'out of bounds'
#endif
#undef CHECK_BOUNDS
#ifdef CHECK_BOUNDS
  this line is never compiled
#endif
  print '(a, es14.6)', 'mean = ', sum(u) / (N * N)
end program cpp_kernels_demo
