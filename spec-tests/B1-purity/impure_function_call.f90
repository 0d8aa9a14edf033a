! GFORTRAN: rejects (Reference to impure function inside a DO CONCURRENT block)
! Design doc, "What the check has to look at": "A procedure referenced in a do
! concurrent construct must be pure."
! Design doc, "Open questions": "Purity is not enforced yet. LFortran currently
! accepts an impure procedure (for example one that prints) called from a do
! concurrent loop, and stop in its body. The check relies on the standard's
! constraints, so these need to become semantic errors first."
! fgpu (SPEC-MAP B1): an impure procedure referenced in a do concurrent is a
! semantic error, on every device.
module counters
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
end module counters

program impure_function_call
  use counters
  implicit none
  integer, parameter :: n = 8
  integer :: a(n), b(n)
  integer :: i

  do concurrent (i = 1:n)  ! WANT: error impure_call
    a(i) = counted_square(i)
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    b(i) = square(i)
  end do

  if (any(a /= b) .or. b(n) /= n * n) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program impure_function_call
