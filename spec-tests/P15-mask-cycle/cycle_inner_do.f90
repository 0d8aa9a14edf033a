! SPEC-MAP P15 (beyond the design doc, which says: "and so is a cycle in an
! offloaded loop (#12856), so such a loop writes elements it should not"):
! cycle skips the rest of the iteration.
! A cycle inside a nested sequential do loop cycles that inner loop only (the
! statements after the inner loop still run); a named cycle of the outer do
! concurrent from inside the inner loop skips the rest of the iteration.
program cycle_inner_do
  implicit none
  integer, parameter :: n = 12, m = 8
  integer :: s(n), t(n), rs(n), rt(n), i, j

  s = 0
  t = -5

  do concurrent (i = 1:n)  ! WANT: offload
    do j = 1, m
      if (mod(i + j, 3) == 0) cycle
      s(i) = s(i) + j
    end do
    s(i) = s(i) * 10
  end do

  outer: do concurrent (i = 1:n)  ! WANT: offload
    t(i) = 0
    do j = 1, m
      if (j * i > 40) cycle outer
      t(i) = t(i) + j
    end do
    t(i) = -t(i)
  end do outer

  rs = 0
  do i = 1, n
    do j = 1, m
      if (mod(i + j, 3) == 0) cycle
      rs(i) = rs(i) + j
    end do
    rs(i) = rs(i) * 10
  end do
  router: do i = 1, n
    rt(i) = 0
    do j = 1, m
      if (j * i > 40) cycle router
      rt(i) = rt(i) + j
    end do
    rt(i) = -rt(i)
  end do router

  if (any(s /= rs) .or. any(t /= rt)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,1x,i0,1x,i0)', 'PASSED', sum(s), sum(t)
end program cycle_inner_do
