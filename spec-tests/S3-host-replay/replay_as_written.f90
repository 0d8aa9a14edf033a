! GFORTRAN: stops 5
! Design doc, "Stopping on the device": "it runs that same statement on the
! host, with the recorded stop code. The program therefore prints what it
! prints on the CPU (ERROR STOP 42, ERROR STOP evaluate: unknown activation)
! and ends with the same status."
! Statements replayed as written: a named character constant (never
! reached), an integer(2) code, a QUIET= specifier (gfortran prints no
! ERROR STOP line then; the status is the code).
module messages
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
end module messages

program replay_as_written
  use messages
  implicit none
  integer, parameter :: n = 256
  real :: x(n), y(n)
  integer(2) :: code
  integer :: i

  x = [(real(i - 128), i = 1, n)]
  code = 5
  do concurrent (i = 1:n)  ! WANT: offload
    y(i) = activate(1, x(i))
  end do
  if (y(1) /= 0 .or. y(n) /= 128) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'activations ok'
  do concurrent (i = 1:n)  ! WANT: offload
    if (y(i) > 100) error stop code, quiet=.true.
  end do
  print '(a)', 'FAIL: the loop did not stop'
  error stop 1
end program replay_as_written
