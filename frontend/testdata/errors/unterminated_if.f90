! An IF construct inside a subroutine missing its END IF.
module m_unterminated
  implicit none
contains
  subroutine check(x)
    real, intent(in) :: x
    if (x > 0.0) then  ! WANT: error unterminated
      print *, 'positive'
    else
      print *, 'not positive'
  end subroutine check
end module m_unterminated
