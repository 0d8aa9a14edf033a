! Scalars of several types assigned before use in each iteration without a
! locality spec (each iteration defines them first).
program scalar_implicit_local
  implicit none
  integer, parameter :: n = 40
  integer :: i, t, r(n), rr(n)
  real(8) :: d
  real :: z
  logical :: l
  integer(8) :: k8
  real(8) :: o(n), ro(n)
  do concurrent (i = 1:n)
    t = i * 3
    d = real(t, 8) / 4.0d0
    z = real(i) - 0.5
    l = mod(t, 2) == 0
    k8 = int(t, 8) * 1000000000_8
    if (l) then
      r(i) = int(k8 / 1000000_8) + int(z * z)
    else
      r(i) = -t
    end if
    o(i) = d * d
  end do
  do i = 1, n
    if (mod(i * 3, 2) == 0) then
      rr(i) = i * 3 * 1000 + int((real(i) - 0.5) * (real(i) - 0.5))
    else
      rr(i) = -i * 3
    end if
    ro(i) = (real(i * 3, 8) / 4.0d0) ** 2
  end do
  if (any(r /= rr) .or. any(o /= ro)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,i0)', 'sum ', sum(r)
  print '(a)', 'PASSED'
end program
