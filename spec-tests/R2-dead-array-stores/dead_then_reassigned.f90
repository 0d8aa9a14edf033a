! Design doc, "Whole-array assignments between launches": "An assignment
! whose every element is assigned again before anything reads it (dcdw = 0.
! followed by dcdw = sum(reduce_dcdw, dim=4)) is removed before this, by the
! dead_array_store pass, so it costs no launch at all."
! dcdw = 0. is dead (the next statement assigns all of dcdw from a sum over
! dim=4 without reading it); g = 0. is not (the next statement reads g); a
! store followed by one that calls a function is kept. Results as gfortran's.
program dead_then_reassigned
  implicit none
  integer, parameter :: n = 4, m = 3, p = 2, nb = 3
  real :: dcdw(n, m, p), reduce_dcdw(n, m, p, nb), g(n, m, p), h(n, m, p)
  integer :: i, j, k, l, step
  real :: want

  g = 5
  do step = 1, 3
    do concurrent (i = 1:n, j = 1:m, k = 1:p, l = 1:nb)  ! WANT: offload
      reduce_dcdw(i, j, k, l) = real(i + j + k + l) * step
    end do
    dcdw = 0.
    dcdw = sum(reduce_dcdw, dim=4)
    g = 0.
    g = g + dcdw
    h = 1.
    h = twice(1.0) * dcdw
  end do
  do k = 1, p
    do j = 1, m
      do i = 1, n
        want = 0
        do l = 1, nb
          want = want + real(i + j + k + l) * 3
        end do
        if (dcdw(i, j, k) /= want .or. g(i, j, k) /= want .or. h(i, j, k) /= 2 * want) then
          print '(a)', 'FAIL'
          error stop 1
        end if
      end do
    end do
  end do
  print '(a)', 'PASSED'
contains
  pure real function twice(s)
    real, intent(in) :: s
    twice = 2 * s
  end function
end program
