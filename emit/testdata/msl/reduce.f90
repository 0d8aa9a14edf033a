! The MSL of a reduction kernel (--gpu=metal_cpu): a real(4) sum (a fixed
! simd_shuffle_down tree), an integer max (simd_max), a logical .and.
! (simd_and), and a value read after the loop (the pair of the last
! iteration), combined per threadgroup and by the second pass.
program reduce
  implicit none
  integer, parameter :: n = 1000
  real :: x(n), s
  integer :: i, m, k, last
  logical :: ok
  x = [(real(i) / n, i = 1, n)]
  s = 0.0
  m = -1
  ok = .true.
  last = 0
  do concurrent (i = 1:n) reduce(+: s) reduce(max: m) reduce(.and.: ok)
    s = s + x(i) * x(i)
    m = max(m, mod(i * 37, 101))
    ok = ok .and. x(i) > 0.0
  end do
  do concurrent (i = 1:n)
    k = i * 3
    if (x(i) > 0.5) last = k
  end do
  print '(f10.4, 2i6, l2)', s, m, last, ok
end program
