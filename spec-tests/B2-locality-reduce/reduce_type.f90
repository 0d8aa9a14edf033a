! GFORTRAN: rejects (gfortran 12 has no reduce locality; F2023 code)
! Catalogue (reduce_type): a reduce variable whose type does not fit the
! operator is a semantic error (F2023 C1132: the variable of a reduce with
! + * max min is of numeric type (max, min: integer or real), with
! .and. .or. .eqv. .neqv. logical, with iand ior ieor integer).
program reduce_type
  implicit none
  integer, parameter :: n = 8
  real :: x(n), s, r
  logical :: l
  complex :: c
  integer :: k, total
  integer :: i

  x = [(real(i), i = 1, n)]
  s = 0
  r = 0
  l = .true.
  c = 0
  k = 0
  total = 0

  do concurrent (i = 1:n) reduce(.and.: s)  ! WANT: error reduce_type
    s = x(i)
  end do

  do concurrent (i = 1:n) reduce(+: l)  ! WANT: error reduce_type
    l = x(i) > 0
  end do

  do concurrent (i = 1:n) reduce(max: c)  ! WANT: error reduce_type
    c = cmplx(x(i), 0.0)
  end do

  do concurrent (i = 1:n) reduce(ior: r)  ! WANT: error reduce_type
    r = x(i)
  end do

  do concurrent (i = 1:n) reduce(+: total) reduce(max: k)  ! WANT: offload
    total = total + i
    k = max(k, i)
  end do

  if (total /= n * (n + 1) / 2 .or. k /= n) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program reduce_type
