! ARCHITECTURE.md section 4 (beyond the design doc): "every host write of a
! resident array marks its device copy stale."
! A module array read by the launches and written by a module procedure
! the host calls between them (no argument: the call reaches the module
! variable): the call marks it stale, the next launch sees the new values.
module table
  implicit none
  real :: w(100)
contains
  subroutine refill(v)
    real, intent(in) :: v
    w = v
  end subroutine refill
end module table

program module_array_stale
  use table
  implicit none
  real :: acc(100)
  integer :: i, step

  acc = 0.0
  call refill(1.0)
  do step = 1, 3
    do concurrent (i = 1:100)  ! WANT: offload
      acc(i) = acc(i) + w(i)
    end do
    call refill(real(step + 1))
  end do
  if (.not. all(acc == 6.0)) then
    print *, 'FAIL', acc(1)
    error stop 1
  end if
  print '(a)', 'PASSED'
end program module_array_stale
