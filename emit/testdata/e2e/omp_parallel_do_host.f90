! FLAGS: -fopenmp
! Without --gpu-offload-omp-loops an !$omp parallel do stays the user's
! OpenMP loop on the host (issue 31), next to an offloaded do concurrent
! and an offloaded !$omp target teams loop over the same module arrays.
module parts
  implicit none
  integer, parameter :: n = 5000
  real(8), allocatable :: p(:), q(:)
contains
  subroutine push(dt)
    real(8), intent(in) :: dt
    integer :: i
    do concurrent (i = 1:n)
      p(i) = p(i) + dt * q(i)
    end do
    !$omp parallel do
    do i = 1, n
      q(i) = q(i) - mod(i, 4)
    end do
    !$omp end parallel do
  end subroutine push

  function norm1() result(s)
    real(8) :: s
    integer :: i
    s = 0
    !$omp target teams loop reduction(+:s)
    do i = 1, n
      s = s + abs(p(i))
    end do
  end function norm1
end module parts

program omp_parallel_do_host
  use parts
  implicit none
  integer :: it
  real(8) :: s
  allocate(p(n), q(n))
  p = 0
  q = 8
  s = 0
  do it = 1, 30
    call push(2d0)
    s = s + norm1()
  end do
  print *, s, sum(p), sum(q)
  if (s <= 0) error stop 1
end program omp_parallel_do_host
