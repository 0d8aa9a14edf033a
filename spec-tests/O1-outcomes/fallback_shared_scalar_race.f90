! FLAGS: --gpu-allow-cpu-fallback
! Design doc, "Outcomes": "The loop uses something from the unsupported
! list: ... with --gpu-allow-cpu-fallback, the loop runs on the CPU, with a
! warning". fgpu's entry shared_scalar_race (an iteration may read a scalar
! another iteration wrote; SPEC-MAP B2) is on the list: with the flag the
! loop runs on the host, in order, and gives gfortran's result; the loop
! beside it, whose scalars are local to the iterations, is offloaded.
module compact_m
  implicit none
contains
  subroutine compact(a, b, k)
    real, intent(in) :: a(:)
    real, intent(out) :: b(:)
    integer, intent(out) :: k
    integer :: i
    k = 0
    do concurrent (i = 1:size(a))  ! WANT: host shared_scalar_race
      if (a(i) > 0) then
        k = k + 1  ! DIAG: shared_scalar_race
        b(k) = a(i)
      end if
    end do
  end subroutine
end module compact_m

program fallback_shared_scalar_race
  use compact_m
  implicit none
  integer, parameter :: n = 5000
  real :: a(n), b(n), t
  integer :: i, k
  do concurrent (i = 1:n)  ! WANT: offload
    t = real(mod(i * 13, 11))
    a(i) = t - 5.0
  end do
  b = 0
  call compact(a, b, k)
  do i = 1, k
    if (b(i) <= 0) then
      print '(a)', 'FAIL'
      error stop 1
    end if
  end do
  print '(a,i0,1x,f0.1,1x,f0.1)', 'kept ', k, b(1), b(k)
  print '(a)', 'PASSED'
end program fallback_shared_scalar_race
