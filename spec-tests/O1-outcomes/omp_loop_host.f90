! Design doc, "What the check has to look at": for an OpenMP parallel do
! loop offloaded with --gpu-offload-omp-loops "the standard gives no such
! guarantee". Without that flag an OpenMP parallel do is not a loop fgpu
! offloads: it stays the user's OpenMP loop on the host (omp_not_offloaded),
! which is not an error and needs no fallback flag.
program omp_loop_host
  implicit none
  integer, parameter :: n = 16
  real :: a(n)
  integer :: i
  !$omp parallel do  ! WANT: host omp_not_offloaded
  do i = 1, n
    a(i) = real(i)
  end do
  !$omp end parallel do
  if (abs(sum(a) - 136.0) > 1e-4) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program omp_loop_host
