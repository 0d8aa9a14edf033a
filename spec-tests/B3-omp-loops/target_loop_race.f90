! SPEC-MAP B3 (issue 31): an OpenMP target loop the rules reject is an
! error with the reason, as the do concurrent of the same iterations would
! be, never a silent host run: a counter that packs elements, mapped (so
! shared by the iterations; unmapped it would be firstprivate), which an
! iteration reads before it defines it (shared_scalar_race), and an element
! another iteration writes (array_race). (A scalar only accumulated, s =
! s + a(i), is a reduction the rules infer, with a warning, as for a do
! concurrent: B2-locality-reduce/inferred_reduce.f90.)
! GFORTRAN: compile-only (the loops race under OpenMP)
program target_loop_race
  implicit none
  integer, parameter :: n = 100
  real :: a(n), b(n)
  integer :: i, k
  a = 1
  b = 0
  k = 0
  !$omp target teams distribute parallel do map(tofrom: k)  ! WANT: error shared_scalar_race
  do i = 1, n
    if (a(i) > 0) then
      k = k + 1
      b(k) = a(i)
    end if
  end do
  !$omp target teams loop  ! WANT: error array_race
  do i = 2, n
    a(i) = a(i - 1) + 1
  end do
  print *, k, b(1), a(n)
end program target_loop_race
