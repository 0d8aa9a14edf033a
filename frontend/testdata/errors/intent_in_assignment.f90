! Assigning to INTENT(IN) dummy arguments (scalar and component).
module m_intent
  implicit none
  type :: cfg_t
    integer :: level = 0
  end type cfg_t
contains
  subroutine bump(n, cfg)
    integer, intent(in) :: n
    type(cfg_t), intent(in) :: cfg
    n = n + 1  ! WANT: error intent(in)
    cfg%level = 2  ! WANT: error intent(in)
  end subroutine bump
end module m_intent
