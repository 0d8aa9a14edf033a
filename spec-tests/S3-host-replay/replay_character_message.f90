! GFORTRAN: stops 1
! Design doc, "Stopping on the device": "The program therefore prints what it
! prints on the CPU (ERROR STOP 42, ERROR STOP evaluate: unknown activation)
! and ends with the same status."
! A named character constant as the stop code, in a pure function the
! kernel calls: the host repeats the message.
module activations
  implicit none
  character(*), parameter :: unknown = 'evaluate: unknown activation'
contains
  pure real function activate(kind, v)
    integer, intent(in) :: kind
    real, intent(in) :: v
    select case (kind)
    case (1)
      activate = max(0.0, v)
    case (2)
      activate = v
    case default
      error stop unknown
    end select
  end function activate
end module activations

program replay_character_message
  use activations
  implicit none
  integer, parameter :: n = 64
  real :: x(n), y(n)
  integer :: kinds(n), i

  x = 1
  kinds = 1
  kinds(40) = 3
  do concurrent (i = 1:n)  ! WANT: offload
    y(i) = activate(kinds(i), x(i))
  end do
  print '(a)', 'FAIL: the loop did not stop'
  print *, sum(y)
  error stop 2
end program replay_character_message
