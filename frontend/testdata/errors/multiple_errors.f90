! Several independent errors in one file; each marked line must be diagnosed.
module m_multi
  implicit none
  integer, parameter :: limit = 10
contains
  subroutine process(a, n)
    integer, intent(in) :: n
    real, intent(inout) :: a(n)
    integer :: i
    logical :: done
    do i = 1, n
      a(i) = a(i) * scale  ! WANT: error undeclared
    end do
    limit = n  ! WANT: error parameter
    done = a(1) + .false.  ! WANT: error type mismatch
    call helper(a, n, 3)  ! WANT: error wrong number of arguments
  end subroutine process

  subroutine helper(a, n)
    integer, intent(in) :: n
    real, intent(in) :: a(n)
    print *, sum(a)
  end subroutine helper
end module m_multi
