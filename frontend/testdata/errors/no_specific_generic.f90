! A generic interface without a specific procedure matching the actual argument types.
module printer
  implicit none
  interface show
    module procedure show_int, show_real
  end interface show
contains
  subroutine show_int(i)
    integer, intent(in) :: i
    print *, 'int', i
  end subroutine show_int
  subroutine show_real(x)
    real, intent(in) :: x
    print *, 'real', x
  end subroutine show_real
end module printer

program no_specific_generic
  use printer
  implicit none
  call show(1)
  call show(2.0)
  call show('three')  ! WANT: error no specific
end program no_specific_generic
