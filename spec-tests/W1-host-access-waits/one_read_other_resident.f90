! Design doc, "Where the host waits": "It waits: before a host statement
! that may read or write, allocate or reallocate storage a pending launch
! may write." (access paths: a statement that touches a waits, one that
! touches only b does not need b's launch).
! Two arrays: a is written by a launch and read by the host; b is written
! by another launch in every step and stays on the device until the end.
program one_read_other_resident
  implicit none
  integer, parameter :: n = 1000
  real :: a(n), b(n), total
  integer :: i, step

  a = 0.0
  b = 0.0
  total = 0.0
  do step = 1, 5
    do concurrent (i = 1:n)  ! WANT: offload
      b(i) = b(i) + 2.0
    end do
    do concurrent (i = 1:n)  ! WANT: offload
      a(i) = real(step * i)
    end do
    total = total + a(n)
  end do
  if (.not. total == real(15 * n)) then
    print *, 'FAIL: total', total
    error stop 1
  end if
  if (.not. all(b == 10.0)) then
    print *, 'FAIL: b', b(1), b(n)
    error stop 1
  end if
  print '(a)', 'PASSED'
end program one_read_other_resident
