! FLAGS: --gpu-offload-omp-loops
! GUARDS: omp_not_offloaded (the nearest correct variant of omp_loop_host.f90: no such diagnostic)
! Design doc, "What the check has to look at": with --gpu-offload-omp-loops
! an OpenMP parallel do is a parallel loop like a do concurrent: offloaded
! when it uses nothing from the unsupported list.
program omp_loop_offloaded
  implicit none
  integer, parameter :: n = 16
  real :: a(n)
  integer :: i
  !$omp parallel do  ! WANT: offload
  do i = 1, n
    a(i) = real(2 * i)
  end do
  !$omp end parallel do
  if (abs(sum(a) - 272.0) > 1e-4) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program omp_loop_offloaded
