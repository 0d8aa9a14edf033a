! SPEC-MAP P15 (beyond the design doc, which says: "A do concurrent mask ... is
! currently ignored on every backend (#12778), and so is a cycle in an
! offloaded loop (#12856)"): both are honoured.
! A mask calling a pure function, combined with a cycle in the body; a masked
! inner do concurrent inside an outer one; a mask reading a scalar of the host.
module mask_cycle_mod
  implicit none
contains
  pure logical function is_odd(k)
    integer, intent(in) :: k
    is_odd = mod(k, 2) /= 0
  end function is_odd
end module mask_cycle_mod

program mask_and_cycle
  use mask_cycle_mod
  implicit none
  integer, parameter :: n = 15, m = 6
  real :: y(n), ry(n), z(n, m), rz(n, m)
  integer :: i, j, lim

  y = -1.0
  z = 0.0
  lim = 9
  ry = y
  rz = z

  do concurrent (i = 1:n, is_odd(i) .and. i /= lim)  ! WANT: offload
    y(i) = real(i) * 0.5
    if (i > 11) cycle
    y(i) = y(i) + 2.0
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    if (mod(i, 5) == 0) cycle
    do concurrent (j = 1:m, j <= i .and. .not. is_odd(j))  ! WANT: offload
      z(i, j) = real(i * j)
    end do
  end do

  do i = 1, n
    if (is_odd(i) .and. i /= lim) then
      ry(i) = real(i) * 0.5
      if (i <= 11) ry(i) = ry(i) + 2.0
    end if
    if (mod(i, 5) == 0) cycle
    do j = 1, m
      if (j <= i .and. .not. is_odd(j)) rz(i, j) = real(i * j)
    end do
  end do

  if (any(y /= ry) .or. any(z /= rz)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,1x,i0,1x,i0)', 'PASSED', count(y > 0.0), count(z > 0.0)
end program mask_and_cycle
