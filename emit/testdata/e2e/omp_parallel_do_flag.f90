! FLAGS: -fopenmp --gpu-offload-omp-loops
! Host OpenMP loops offloaded with --gpu-offload-omp-loops (issue 31):
! !$omp parallel do with private and reduction, parallel do simd with
! collapse(2), parallel loop, next to a do concurrent; module arrays passed
! to a subroutine the time loop calls.
module heat
  implicit none
  integer, parameter :: nx = 200, ny = 120
  real(8), allocatable :: t(:,:), tn(:,:)
contains
  subroutine step(a, b, res)
    real(8), intent(inout) :: a(:,:), b(:,:)
    real(8), intent(inout) :: res
    integer :: i, j
    real(8) :: d
    !$omp parallel do private(i, d) reduction(max:res)
    do j = 2, ny - 1
      do i = 2, nx - 1
        d = aint((a(i - 1, j) + a(i + 1, j) + a(i, j - 1) + a(i, j + 1)) / 4)
        b(i, j) = d
        res = max(res, abs(d - a(i, j)))
      end do
    end do
    !$omp end parallel do
    !$omp parallel do simd collapse(2)
    do j = 2, ny - 1
      do i = 2, nx - 1
        a(i, j) = b(i, j)
      end do
    end do
  end subroutine step

  function energy(a) result(e)
    real(8), intent(in) :: a(:,:)
    real(8) :: e
    integer :: j
    e = 0
    !$omp parallel loop reduction(+:e)
    do j = 1, ny
      e = e + sum(a(:, j))
    end do
  end function energy
end module heat

program omp_parallel_do_flag
  use heat
  implicit none
  integer :: it, i, j
  real(8) :: res, e
  allocate(t(nx, ny), tn(nx, ny))
  do concurrent (j = 1:ny, i = 1:nx)
    t(i, j) = mod(i * j, 17) * 8
  end do
  tn = t
  e = 0
  do it = 1, 40
    res = 0
    call step(t, tn, res)
    e = e + energy(t)
  end do
  print *, res, e, sum(t)
  if (e <= 0 .or. res < 0) error stop 1
end program omp_parallel_do_flag
