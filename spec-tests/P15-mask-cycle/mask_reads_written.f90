! SPEC-MAP P15 (beyond the design doc, which says: "A do concurrent mask (do
! concurrent (i = 1:n, mask(i))) is currently ignored on every backend"):
! the mask is honoured, only the iterations where it is true run.
! The mask reads the array the loop writes: each iteration reads and writes
! only its own element, so the mask sees the value before the loop. Also a
! logical array written under a mask on itself.
program mask_reads_written
  implicit none
  integer, parameter :: n = 20
  integer :: a(n), ra(n), i, j
  real :: x(n, 3), rx(n, 3)
  logical :: done(n), rdone(n)

  a = [(mod(i * 11, 7) - 3, i = 1, n)]
  ra = a
  x = reshape([(real(mod(i, 5)) - 2.0, i = 1, 3 * n)], [n, 3])
  rx = x
  done = [(mod(i, 4) == 0, i = 1, n)]
  rdone = done

  do concurrent (i = 1:n, a(i) > 0)  ! WANT: offload
    a(i) = -2 * a(i)
  end do

  do concurrent (i = 1:n, j = 1:3, x(i, j) < 0.0)  ! WANT: offload
    x(i, j) = x(i, j) * x(i, j) + 0.5
  end do

  do concurrent (i = 1:n, .not. done(i))  ! WANT: offload
    done(i) = mod(i, 3) == 0
  end do

  do i = 1, n
    if (ra(i) > 0) ra(i) = -2 * ra(i)
    if (.not. rdone(i)) rdone(i) = mod(i, 3) == 0
    do j = 1, 3
      if (rx(i, j) < 0.0) rx(i, j) = rx(i, j) * rx(i, j) + 0.5
    end do
  end do

  if (any(a /= ra) .or. any(x /= rx) .or. any(done .neqv. rdone)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  if (any(a > 0)) then
    print '(a)', 'FAIL positive left'
    error stop 1
  end if
  print '(a,1x,i0,1x,i0)', 'PASSED', sum(a), count(done)
end program mask_reads_written
