! Design doc, "The offloading pipeline": "When the size changes from one
! iteration to the next ... the host works it out for every iteration
! before the launch, from the loop limits and the values the kernel gives
! the loop indices, and gives every slice room for the largest."
! Rank-one block arrays whose bounds are affine in the index (w(2*i - m),
! v(0:i)) in loops with a step of 3 and of -4: the largest extent is at
! the first or the last iteration (emit/hostf90.go, cornerValues), which
! the host works out from the limits and the step; each iteration fills
! and reads its own extent.
program size_reads_index_strided
  implicit none
  integer, parameter :: n = 97
  real(8) :: f(100), r(100)
  integer :: i, k, m
  m = 5
  f = 0
  do concurrent (i = 2:n:3)  ! WANT: offload
    block
      real(8) :: w(2 * i - m)
      do k = 1, size(w)
        w(k) = k
      end do
      f(i) = sum(w)
    end block
  end do
  do concurrent (i = n:10:-4)  ! WANT: offload
    block
      real(8) :: v(0:i)
      do k = 0, i
        v(k) = k
      end do
      f(i) = f(i) + sum(v)
    end block
  end do
  r = 0
  do i = 2, n, 3
    k = max(2 * i - m, 0)
    r(i) = k * (k + 1) / 2
  end do
  do i = n, 10, -4
    r(i) = r(i) + i * (i + 1) / 2
  end do
  if (any(f /= r)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,1x,f0.1)', 'PASSED', sum(f)
end program size_reads_index_strided
