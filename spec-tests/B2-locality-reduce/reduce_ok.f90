! GFORTRAN: rejects (reduce locality)
! GUARDS: reduce_type reduce_inferred (the nearest correct variant of reduce_type.f90 and inferred_reduce.f90: no such diagnostic)
! SPEC-MAP B2: reduce locality is offloaded (with parallel reductions); every
! operator of F2023 11.1.7.5 with a variable of a fitting type is valid.
program reduce_ok
  implicit none
  integer, parameter :: n = 100
  real :: x(n), s, mx
  integer :: i, cnt, bits
  logical :: all_pos
  x = [(real(i), i = 1, n)]
  s = 0.0
  mx = -huge(mx)
  cnt = 0
  bits = 0
  all_pos = .true.
  do concurrent (i = 1:n) reduce(+: s, cnt) reduce(max: mx) reduce(ior: bits) reduce(.and.: all_pos)  ! WANT: offload
    s = s + x(i)
    cnt = cnt + 1
    mx = max(mx, x(i))
    bits = ior(bits, mod(i, 4))
    all_pos = all_pos .and. x(i) > 0.0
  end do
  if (abs(s - 5050.0) > 1e-3 .or. cnt /= n .or. mx /= 100.0 .or. bits /= 3 .or. .not. all_pos) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program reduce_ok
