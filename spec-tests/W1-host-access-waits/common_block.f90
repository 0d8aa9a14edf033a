! Design doc, "Where the host waits": "It waits: before a host statement
! that may read or write, allocate or reallocate storage a pending launch
! may write." Storage, not names (issue 11): a common block is one
! storage under every name a procedure gives it; a launch writes x of
! /blk/ in the main program, show() reads it as z, tail() through a
! different layout (two halves), and a launch in a subroutine writes the
! blank common that the main program reads after the call.
subroutine show(label)
  implicit none
  character(*), intent(in) :: label
  real(8) :: z(8)
  common /blk/ z
  print '(a, 8f6.1)', label, z
end subroutine show
subroutine tail(s)
  implicit none
  real(8), intent(out) :: s
  real(8) :: lo(4), hi(4)
  common /blk/ lo, hi
  s = sum(hi) - sum(lo)
end subroutine tail
subroutine fill_blank(n)
  implicit none
  integer, intent(in) :: n
  integer :: k(100), i
  common // k
  do concurrent (i = 1:n)  ! WANT: offload
    k(i) = i * i
  end do
end subroutine fill_blank
program common_block
  implicit none
  real(8) :: x(8), s
  integer :: m(100), i
  common /blk/ x
  common // m
  x = 1
  do concurrent (i = 1:8)  ! WANT: offload
    x(i) = i * 3.0d0
  end do
  call show('after launch:')
  do concurrent (i = 1:8)  ! WANT: offload
    x(i) = x(i) + 1
  end do
  call tail(s)
  print '(a, f8.1)', 'tail:', s
  call fill_blank(100)
  print '(a, i0, 1x, i0)', 'blank common: ', m(7), sum(m)
  if (s /= 48.0d0 .or. m(7) /= 49 .or. sum(m) /= 338350) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program common_block
