! FLAGS: --gpu-allow-cpu-fallback
! Design doc, "Testing": "Every entry of the unsupported list has a test for the
! error, and a test that the same program runs correctly on the CPU with
! --gpu-allow-cpu-fallback".
! Design doc, "The unsupported list": "input/output statements, including
! internal-file I/O | all | ...".
program io_fallback
  implicit none
  integer, parameter :: n = 4
  integer :: a(n), b(n), c(n)
  character(len=8) :: s(n)
  integer :: i

  do concurrent (i = 1:n)  ! WANT: host io_in_loop
    a(i) = 2 * i
    print '(a,i0)', 'a = ', a(i)
  end do

  do concurrent (i = 1:n)  ! WANT: host internal_io
    write (s(i), '(i0)') a(i)
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    c(i) = a(i) + 1
  end do

  do i = 1, n
    read (s(i), *) b(i)
  end do
  if (any(a /= [2, 4, 6, 8]) .or. any(b /= a) .or. any(c /= a + 1)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program io_fallback
