! SPEC-MAP B2 (beyond the design doc; an entry fgpu adds to the unsupported
! list on every device): a scalar written in a do concurrent without a
! locality spec that an iteration may read before defining it itself, other
! than by reduction forms, cannot run in parallel (F2018 11.1.7.5 makes the
! loop non-conforming): an error at its first write (shared_scalar_race),
! whose message gives the fixes: local, reduce(op: s), or
! --gpu-allow-cpu-fallback (O1-outcomes/fallback_shared_scalar_race.f90
! runs these loops on the host). The program is valid for gfortran, which
! runs the loops in order.
program shared_scalar_race
  implicit none
  integer, parameter :: n = 100
  real :: a(n), b(n), s, t, q
  integer :: i, k, m
  a = [(real(mod(i, 7)) - 3.0, i = 1, n)]
  b = 0
  ! A counter that packs elements: k = k + 1, then b(k).
  k = 0
  do concurrent (i = 1:n)  ! WANT: error shared_scalar_race
    if (a(i) > 0) then
      k = k + 1  ! DIAG: shared_scalar_race
      b(k) = a(i)
    end if
  end do
  ! Not a reduction form: s = s * 2 + a(i).
  s = 0
  do concurrent (i = 1:n)  ! WANT: error shared_scalar_race
    s = s * 0.5 + a(i)  ! DIAG: shared_scalar_race
  end do
  ! A reduction whose variable a condition also reads.
  q = 0
  do concurrent (i = 1:n)  ! WANT: error shared_scalar_race
    if (q < 10) q = q + a(i)  ! DIAG: shared_scalar_race
  end do
  ! Two operators: + and max.
  m = 0
  do concurrent (i = 1:n)  ! WANT: error shared_scalar_race
    m = m + int(a(i))  ! DIAG: shared_scalar_race
    m = max(m, 2)
  end do
  ! Read before the iteration defines it: the value of another iteration.
  t = 0
  do concurrent (i = 1:n)  ! WANT: error shared_scalar_race
    b(i) = t
    t = a(i)  ! DIAG: shared_scalar_race
  end do
  print '(i0,4(1x,f0.2),1x,i0)', k, sum(b), s, q, t, m
  print '(a)', 'PASSED'
end program shared_scalar_race
