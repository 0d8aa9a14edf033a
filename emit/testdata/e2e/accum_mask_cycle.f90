! An accumulation whose subscripts omit an index of the header (s(j) over
! (j, k)), under a mask that reads the omitted index and with a CYCLE:
! rules/race.mg runs k in order inside each thread of j (serial_index), the
! mask and the CYCLE move to the next k. Each sum is formed in gfortran's
! order: the same bits in every order mode. Called in a time loop on
! dummies.
module accum_mask_mod
  implicit none
contains
  subroutine rowsums(s, a, n, m)
    integer, intent(in) :: n, m
    real(8), intent(in) :: a(m, n)
    real(8), intent(inout) :: s(n)
    integer :: j, k
    do concurrent (j = 1:n, k = 1:m, mod(j + k, 3) /= 0)
      if (a(k, j) < 0.0d0) cycle
      s(j) = s(j) + a(k, j) / real(k, 8)
    end do
  end subroutine
end module

program accum_mask_cycle
  use accum_mask_mod
  implicit none
  integer, parameter :: n = 300, m = 97
  real(8) :: a(m, n), s(n), r(n)
  integer :: j, k, step
  do j = 1, n
    do k = 1, m
      a(k, j) = sin(real(j * m + k, 8)) + 0.25d0
    end do
  end do
  s = 0
  r = 0
  do step = 1, 4
    call rowsums(s, a, n, m)
    do k = 1, m
      do j = 1, n
        if (mod(j + k, 3) /= 0 .and. a(k, j) >= 0.0d0) r(j) = r(j) + a(k, j) / real(k, 8)
      end do
    end do
  end do
  do j = 1, n
    if (s(j) /= r(j)) then
      print '(a, i5, 2es25.17)', 'FAIL at ', j, s(j), r(j)
      error stop 1
    end if
  end do
  print '(a, es25.17)', 'sum ', sum(s)
  print '(a, 3es25.17)', 's ', s(1), s(n / 2), s(n)
end program
