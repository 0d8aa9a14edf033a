! GUARDS: impure_call (the nearest correct variant of impure_function_call.f90 and impure_subroutine_call.f90: no such diagnostic)
! Design doc, "What the check has to look at": "A procedure referenced in a do
! concurrent construct must be pure."
! Every procedure the loop references is pure: a pure function, a pure
! subroutine defining q and r through intent(out) arguments (no locality
! spec: each iteration defines them first), an elemental function, a pure
! function that calls another pure one, intrinsics, in a module procedure
! called in a time loop over arrays passed as dummies. The counting impure
! function of impure_function_call.f90 is called by the host only. No
! impure_call; the loop is offloaded.
module pure_calls
  implicit none
  integer :: calls = 0
contains
  integer function counted_square(k)
    integer, intent(in) :: k
    calls = calls + 1
    counted_square = k * k
  end function counted_square

  pure integer function square(k)
    integer, intent(in) :: k
    square = k * k
  end function square

  pure integer function cube(k)
    integer, intent(in) :: k
    cube = square(k) * k
  end function cube

  elemental integer function twice(k)
    integer, intent(in) :: k
    twice = 2 * k
  end function twice

  pure subroutine split(k, q, r)
    integer, intent(in) :: k
    integer, intent(out) :: q, r
    q = k / 7
    r = mod(k, 7)
  end subroutine split

  subroutine step(a, b, m)
    integer, intent(in) :: m
    integer, intent(in) :: a(m)
    integer, intent(inout) :: b(m)
    integer :: i, q, r
    do concurrent (i = 1:m)  ! WANT: offload
      call split(a(i), q, r)
      b(i) = b(i) + square(q) + cube(r) + twice(a(i)) + max(q, r)
    end do
  end subroutine step
end module pure_calls

program pure_calls_ok
  use pure_calls
  implicit none
  integer, parameter :: n = 1000, nsteps = 5
  integer :: a(n), b(n), want(n), i, s
  a = [(mod(i * 37, 101), i = 1, n)]
  b = 0
  want = 0
  do s = 1, nsteps
    call step(a, b, n)
    do i = 1, n
      want(i) = want(i) + counted_square(a(i) / 7) + (mod(a(i), 7))**3 + 2 * a(i) + max(a(i) / 7, mod(a(i), 7))
    end do
  end do
  if (any(b /= want) .or. calls /= n * nsteps) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program pure_calls_ok
