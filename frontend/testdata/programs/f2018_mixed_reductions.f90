! GFORTRAN: rejects
! F2023 REDUCE with every operator kind: +, *, max, min, iand, ior, ieor, .and., .or.,
! .eqv., .neqv.; several specs on one loop; masks combined with type-spec indices.
program f2018_mixed_reductions
  implicit none
  integer, parameter :: n = 100
  real :: a(n), total, prod, hi, lo
  integer :: bits_and, bits_or, bits_xor, i
  logical :: all_pos, any_big, parity_eq, parity_ne

  a = [(1.0 + 0.01 * i, i = 1, n)]
  total = 0.0; prod = 1.0; hi = -huge(hi); lo = huge(lo)
  bits_and = not(0); bits_or = 0; bits_xor = 0
  all_pos = .true.; any_big = .false.; parity_eq = .true.; parity_ne = .false.

  do concurrent (i = 1:n) reduce(+:total) reduce(*:prod) reduce(max:hi) reduce(min:lo)
    total = total + a(i)
    prod = prod * a(i)
    hi = max(hi, a(i))
    lo = min(lo, a(i))
  end do

  do concurrent (integer :: k = 1:n) reduce(iand:bits_and) reduce(ior:bits_or) &
                                     reduce(ieor:bits_xor)
    bits_and = iand(bits_and, k)
    bits_or = ior(bits_or, k)
    bits_xor = ieor(bits_xor, k)
  end do

  do concurrent (integer :: k = 1:n, mod(k, 3) == 0) reduce(.and.:all_pos) &
      reduce(.or.:any_big) reduce(.eqv.:parity_eq) reduce(.neqv.:parity_ne) shared(a)
    all_pos = all_pos .and. a(k) > 0.0
    any_big = any_big .or. a(k) > 1.9
    parity_eq = parity_eq .eqv. (mod(k, 2) == 0)
    parity_ne = parity_ne .neqv. (mod(k, 2) == 0)
  end do

  print *, total, prod, hi, lo
  print *, bits_and, bits_or, bits_xor
  print *, all_pos, any_big, parity_eq, parity_ne
end program f2018_mixed_reductions
