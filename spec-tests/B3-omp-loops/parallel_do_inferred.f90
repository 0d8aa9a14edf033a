! FLAGS: --gpu-offload-omp-loops
! SPEC-MAP B3 (issue 31): with --gpu-offload-omp-loops a host !$omp
! parallel do is the do concurrent of its iterations: a scalar it only
! accumulates without a reduction clause (shared in OpenMP: a race there)
! is the reduction the rules infer, with a warning naming the clause to add
! to the directive (reduce_inferred), as for a do concurrent.
program parallel_do_inferred
  implicit none
  integer, parameter :: n = 200
  real(8) :: b(n), s
  integer :: i
  do i = 1, n
    b(i) = mod(i, 9)
  end do
  s = 0
  !$omp parallel do  ! WANT: offload
  do i = 1, n
    s = s + b(i)  ! DIAG: reduce_inferred
  end do
  !$omp end parallel do
  if (s /= sum(b)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program parallel_do_inferred
