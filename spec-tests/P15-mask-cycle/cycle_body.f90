! SPEC-MAP P15 (beyond the design doc, which says: "and so is a cycle in an
! offloaded loop (#12856), so such a loop writes elements it should not"):
! cycle skips the rest of the iteration.
! A write before the cycle happens, the writes after it do not; a cycle in
! an else branch, in a select case, and in a block.
program cycle_body
  implicit none
  integer, parameter :: n = 24
  integer :: a(n), b(n), c(n), ra(n), rb(n), rc(n), i

  a = 0
  b = -1
  c = -2
  ra = a
  rb = b
  rc = c

  do concurrent (i = 1:n)  ! WANT: offload
    a(i) = i
    if (mod(i, 4) == 0) cycle
    b(i) = 2 * i
    if (i > 10) then
      c(i) = 3 * i
    else
      cycle
    end if
    a(i) = a(i) + 100
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    select case (mod(i, 5))
    case (1)
      cycle
    case (2, 3)
      b(i) = b(i) + 1000
    case default
      block
        integer :: t
        t = i * i
        if (t > 300) cycle
        c(i) = c(i) + t
      end block
    end select
    a(i) = a(i) + 1
  end do

  do i = 1, n
    ra(i) = i
    if (mod(i, 4) == 0) cycle
    rb(i) = 2 * i
    if (i > 10) then
      rc(i) = 3 * i
    else
      cycle
    end if
    ra(i) = ra(i) + 100
  end do
  do i = 1, n
    select case (mod(i, 5))
    case (1)
      cycle
    case (2, 3)
      rb(i) = rb(i) + 1000
    case default
      if (i * i > 300) cycle
      rc(i) = rc(i) + i * i
    end select
    ra(i) = ra(i) + 1
  end do

  if (any(a /= ra) .or. any(b /= rb) .or. any(c /= rc)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,3(1x,i0))', 'PASSED', sum(a), sum(b), sum(c)
end program cycle_body
