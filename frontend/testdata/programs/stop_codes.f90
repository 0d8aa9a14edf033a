! STOP and ERROR STOP with integer codes, strings and QUIET= (F2018).
module checks
  implicit none
contains
  subroutine require(cond, msg)
    logical, intent(in) :: cond
    character(len=*), intent(in) :: msg
    if (.not. cond) error stop msg
  end subroutine require

  subroutine finish(code, verbose)
    integer, intent(in) :: code
    logical, intent(in) :: verbose
    if (code == 0) then
      stop 'normal termination', quiet=.not. verbose
    else if (code < 10) then
      stop code, quiet=.false.
    else
      error stop code, quiet=.true.
    end if
  end subroutine finish
end module checks

program stop_codes
  use checks
  implicit none
  integer :: argc, status
  character(len=32) :: arg

  argc = command_argument_count()
  status = 0
  if (argc >= 1) then
    call get_command_argument(1, arg)
    read (arg, *, iostat=status) status
  end if
  call require(status >= 0, 'negative status not allowed')
  if (status == 99) error stop 99
  if (status == 98) error stop
  if (status == 97) stop 3
  if (status == 96) stop
  call finish(status, verbose=.true.)
end program stop_codes
