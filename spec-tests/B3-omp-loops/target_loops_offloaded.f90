! SPEC-MAP B3 (beyond the design doc; issue 31): an OpenMP loop construct
! that asks for the device -- target teams distribute parallel do, target
! teams loop, target parallel do, target parallel loop, target simd, target
! teams distribute, their simd forms -- over a DO nest is the do concurrent
! of the same iterations (private: local, firstprivate: local_init,
! reduction: reduce, collapse(n): n indices): the same rules decide it, and
! it is offloaded when it uses nothing from the unsupported list. The loop is
! the directive's line; the DO variable outside keeps its value, as does a
! scalar the loop assigns without a clause (OpenMP: firstprivate in a
! target region).
module target_loops_m
  implicit none
  integer, parameter :: n = 64
  real(8) :: a(n), b(n), c(n, n)
contains
  function dot() result(s)
    real(8) :: s
    integer :: i
    s = 0
    !$omp target teams distribute parallel do reduction(+:s)  ! WANT: offload
    do i = 1, n
      s = s + a(i) * b(i)
    end do
    !$omp end target teams distribute parallel do
  end function dot
end module target_loops_m

program target_loops_offloaded
  use target_loops_m
  implicit none
  integer :: i, j
  real(8) :: t, w, m
  !$omp target teams loop  ! WANT: offload
  do i = 1, n
    a(i) = i
  end do
  !$omp target parallel do private(t)  ! WANT: offload
  do i = 1, n
    t = 2 * i
    b(i) = t - i
  end do
  w = 3
  !$omp target teams distribute parallel do simd collapse(2) firstprivate(w)  ! WANT: offload
  do j = 1, n
    do i = 1, n
      c(i, j) = w * i + j
    end do
  end do
  ! A scalar assigned without a clause is firstprivate in the target
  ! region: the host's t keeps its value (local_init; gfortran without
  ! -fopenmp, this test's oracle, runs the loop in order: t is not checked,
  ! e2e omp_target_firstprivate.f90 checks it against gfortran -fopenmp).
  t = -1
  !$omp target teams loop  ! WANT: offload
  do i = 1, n
    t = b(i) * 2
    a(i) = a(i) + t - t
  end do
  m = 0
  !$omp target parallel loop reduction(max:m)  ! WANT: offload
  do i = 1, n
    m = max(m, c(i, n))
  end do
  if (abs(dot() - sum(a * b)) > 1d-9 .or.  m /= 3 * n + n .or. c(2, 3) /= 9) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program target_loops_offloaded
