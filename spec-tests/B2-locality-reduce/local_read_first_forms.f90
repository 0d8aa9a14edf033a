! GFORTRAN: rejects (locality specs)
! SPEC-MAP B2 (beyond the design doc, which leaves locality to the standard):
! a local variable is undefined at the start of every iteration (F2018
! 11.1.7.5); reading it before any write of the iteration is reported as a
! warning (local_read_before_write), on the reading statement. The forms
! where no write can run before the read: an actual argument of an
! intent(in) dummy, of an intent(inout) dummy, a function argument, a read
! in the ELSE branch of a variable only the THEN branch writes, a DO WHILE
! condition of a variable only its body writes, a DO variable read before
! its DO. The values read are discarded (the second loop overwrites them);
! the loops are still offloaded.
module read_first_forms
  implicit none
  integer, parameter :: n = 64
contains
  pure subroutine bump(x, y)
    real, intent(in) :: x
    real, intent(inout) :: y
    y = y + x
  end subroutine bump

  pure real function twice(x)
    real, intent(in) :: x
    twice = 2 * x
  end function twice

  subroutine junk(b, a)
    real, intent(in) :: b(n)
    real, intent(inout) :: a(n)
    integer :: i, ll
    real :: t, u, v, w
    do concurrent (i = 1:n) local(ll, t, u, v, w)  ! WANT: offload
      call bump(t, a(i))  ! DIAG: local_read_before_write
      call bump(b(i), u)  ! DIAG: local_read_before_write
      a(i) = a(i) + twice(v) + u  ! DIAG: local_read_before_write
      if (b(i) > 0) then
        w = b(i)
      else
        a(i) = w  ! DIAG: local_read_before_write
      end if
      do while (t < b(i))  ! DIAG: local_read_before_write
        t = b(i) + 1
      end do
      a(i) = a(i) + ll  ! DIAG: local_read_before_write
      do ll = 1, 2
        a(i) = a(i) + ll + t
      end do
    end do
  end subroutine junk
end module read_first_forms

program local_read_first_forms
  use read_first_forms
  implicit none
  real :: a(n), b(n)
  integer :: i
  b = 1.0
  a = 0.0
  call junk(b, a)
  do concurrent (i = 1:n)  ! WANT: offload
    a(i) = 2.0 * b(i)
  end do
  if (any(a /= 2.0)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program local_read_first_forms
