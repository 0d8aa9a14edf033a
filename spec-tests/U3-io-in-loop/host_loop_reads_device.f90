! FLAGS: --gpu-allow-cpu-fallback
! Design doc, "Outcomes": with --gpu-allow-cpu-fallback a loop that uses
! something from the unsupported list "runs on the CPU, with a warning";
! "Where the host waits": the host waits "before a host statement that may
! read [...] storage a pending launch may write". The loop kept on the
! host reads, in its mask and its body, what an offloaded loop wrote: the
! copy back goes before the loop (no call is allowed inside a do
! concurrent).
program host_loop_reads_device
  implicit none
  integer, parameter :: n = 12
  integer :: a(n), b(n), i
  do concurrent (i = 1:n)  ! WANT: offload
    a(i) = i - 6
    b(i) = 10 * i
  end do
  do concurrent (i = 1:n, a(i) > 0)  ! WANT: host io_in_loop
    print '(i0, 1x, i0)', i, b(i)
  end do
  print '(a)', 'PASSED'
end program host_loop_reads_device
