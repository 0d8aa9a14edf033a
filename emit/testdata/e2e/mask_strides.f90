! Mask combined with strides on two indices; the mask reads an array.
program mask_strides
  implicit none
  integer, parameter :: n = 30, m = 24
  real :: w(n, m), v(n, m)
  integer :: key(n), i, j
  do i = 1, n
    key(i) = mod(i * 7, 5)
  end do
  w = 0.0
  v = 0.0
  do concurrent (i = 3:n:2, j = m:2:-3, key(i) /= 0 .and. j > i / 3)
    w(i, j) = real(i) * 2.0 - real(j) / 4.0
  end do
  do i = 3, n, 2
    do j = m, 2, -3
      if (key(i) /= 0 .and. j > i / 3) v(i, j) = real(i) * 2.0 - real(j) / 4.0
    end do
  end do
  if (any(w /= v)) then
    print '(a)', 'FAIL mask with strides'
    error stop 1
  end if
  print '(a,i0)', 'written ', count(w /= 0.0)
  print '(f12.3)', sum(w(:, m)), w(29, 24)
  print '(a)', 'PASSED'
end program
