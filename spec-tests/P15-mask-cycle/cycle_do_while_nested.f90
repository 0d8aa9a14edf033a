! SPEC-MAP P15 (beyond the design doc, which says: "and so is a cycle in an
! offloaded loop (#12856), so such a loop writes elements it should not"):
! cycle skips the rest of the iteration.
! A cycle in a do while of the body cycles the do while; a cycle in a nested
! do concurrent skips that inner iteration only (elements it skips keep their
! values).
program cycle_do_while_nested
  implicit none
  integer, parameter :: n = 12, m = 8
  integer :: u(n), w(n, m), ru(n), rw(n, m), i, j, k

  u = 0
  w = -1

  do concurrent (i = 1:n)  ! WANT: offload
    block
      integer :: kk
      kk = 0
      do while (kk < i)
        kk = kk + 1
        if (mod(kk, 2) == 0) cycle
        u(i) = u(i) + kk
      end do
    end block
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    do concurrent (j = 1:m)  ! WANT: offload
      if (j > i) cycle
      w(i, j) = i - j
    end do
  end do

  ru = 0
  rw = -1
  do i = 1, n
    k = 0
    do while (k < i)
      k = k + 1
      if (mod(k, 2) == 0) cycle
      ru(i) = ru(i) + k
    end do
    do j = 1, min(i, m)
      rw(i, j) = i - j
    end do
  end do

  if (any(u /= ru) .or. any(w /= rw) .or. count(w == -1) /= 28) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,1x,i0,1x,i0)', 'PASSED', sum(u), sum(w)
end program cycle_do_while_nested
