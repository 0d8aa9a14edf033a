! Design doc, "Where the host waits": "Storage that a pending launch writes
! and the host frees is not waited for: a local of a block at the end of
! the block, or where exit or cycle leaves it, and an array the host
! deallocates, get a GpuDiscard instead, since nothing can read those values
! any more."
! A deallocate of an array a launch wrote, a block local left at the end
! of its block and by an exit: discarded, never copied back; the arrays
! allocated again afterwards hold the host's values.
program freed_while_dirty
  implicit none
  integer, parameter :: n = 512
  real, allocatable :: t(:)
  real :: keep(n)
  integer :: i, round

  keep = 0.0
  do round = 1, 3
    allocate(t(n))
    t = real(round)
    do concurrent (i = 1:n)  ! WANT: offload
      t(i) = t(i) * 2.0
      keep(i) = keep(i) + 1.0
    end do
    deallocate(t)
  end do
  do round = 1, 4
    block
      real :: scratch(n)
      scratch = 1.0
      do concurrent (i = 1:n)  ! WANT: offload
        scratch(i) = scratch(i) + keep(i)
      end do
      if (round == 4) exit
    end block
  end do
  allocate(t(n))
  t = 5.0
  do concurrent (i = 1:n)  ! WANT: offload
    t(i) = t(i) + keep(i)
  end do
  if (.not. all(t == 8.0) .or. .not. all(keep == 3.0)) then
    print *, 'FAIL', t(1), keep(1)
    error stop 1
  end if
  print '(a)', 'PASSED'
end program freed_while_dirty
