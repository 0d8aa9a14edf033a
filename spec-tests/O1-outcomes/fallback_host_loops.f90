! FLAGS: --gpu-allow-cpu-fallback
! GFORTRAN: miscompiles (at -O1 and above its front end reorders the loop nests, -ffrontend-loop-interchange, and then evaluates the inner limit m again after an iteration changed it: 3 iterations of the first loop instead of 4)
! Design doc, "Outcomes": "The loop uses something from the unsupported list
! | ... | the loop runs on the CPU, with a warning". A loop kept on the host
! runs with the meaning the standard gives the do concurrent (F2018
! 11.1.7.4.2), as plain DO loops (emit/hostf90.go): the limits are
! evaluated once, before any iteration (the body of the first iteration
! changes m, which the second index's limit reads); every mask is evaluated
! before any iteration runs (an iteration clears the element another
! iteration's mask reads, and the iterations that run stay those whose mask
! was true before the loop); CYCLE NAME ends the iteration; the index names
! are construct entities (n and m of the third loop, variables outside,
! keep their values). The prints show the order of the iterations, which the
! standard leaves to the processor: fgpu's is gfortran's own translation's
! (-O0): the first index innermost, when no array element of the body says
! otherwise.
program fallback_host_loops
  implicit none
  integer :: k(4), i, j, m, n, runs

  m = 2
  runs = 0
  do concurrent (i = 1:2, j = 1:m)  ! WANT: host io_in_loop
    if (i == 1 .and. j == 1) m = 1
    print '(a,2i3)', 'limits', i, j
  end do
  print '(a,i0)', 'm ', m

  k = [1, 1, 1, 1]
  do concurrent (i = 1:4, k(i) > 0)  ! WANT: host io_in_loop
    k(5 - i) = 0
    print '(a,i3)', 'mask', i
  end do
  print '(a,4i2)', 'k', k

  n = 7
  m = -7
  do concurrent (n = 3:1:-1, m = 1:5:2, m + n /= 4)  ! WANT: host io_in_loop
    print '(a,2i3)', 'steps', n, m
  end do
  print '(a,2i3)', 'outer', n, m

  named: do concurrent (i = 1:3, j = 1:2)  ! WANT: host io_in_loop
    if (j == 2) cycle named
    print '(a,2i3)', 'cycle', i, j
  end do named

  if (any(k /= 0) .or. n /= 7 .or. m /= -7) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program fallback_host_loops
