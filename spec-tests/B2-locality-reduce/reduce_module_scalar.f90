! GFORTRAN: rejects (reduce locality)
! Design doc, "Where the host waits": "It waits: before a host statement
! that may read [...] storage a pending launch may write." Issue 11,
! across procedures: a reduce into a module scalar in a module procedure
! called in a loop; the main program reads the scalar after each call
! (fetched in the main program), a second procedure reads it (fetched
! there), and a third clears it on the host (its device copy dropped).
module sums
  implicit none
  real(8) :: total = 0
  integer :: counted = 0
contains
  subroutine accumulate(x)
    real(8), intent(in) :: x(:)
    integer :: i
    do concurrent (i = 1:size(x)) reduce(+: total, counted)  ! WANT: offload
      total = total + x(i)
      counted = counted + 1
    end do
  end subroutine accumulate
  subroutine report()
    print '(a, f12.1, a, i0)', 'total ', total, ' over ', counted
  end subroutine report
  subroutine clear()
    total = 0
    counted = 0
  end subroutine clear
end module sums
program reduce_module_scalar
  use sums
  implicit none
  real(8) :: x(1000)
  integer :: i, k
  x = [(real(i, 8), i = 1, 1000)]
  do k = 1, 3
    call accumulate(x)
    print '(a, i0, a, f12.1)', 'after call ', k, ': ', total
  end do
  call report()
  call clear()
  call accumulate(2 * x)
  call report()
  if (total /= 1001000.0d0 .or. counted /= 1000) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program reduce_module_scalar
