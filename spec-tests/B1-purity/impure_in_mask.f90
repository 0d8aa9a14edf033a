! GFORTRAN: rejects (Reference to impure function inside a DO CONCURRENT mask)
! Design doc, "What the check has to look at": "A procedure referenced in a do
! concurrent construct must be pure."
! The mask is part of the construct: an impure function there is referenced
! in the do concurrent too.
module masks
  implicit none
contains
  logical function is_even(k)
    integer, intent(in) :: k
    is_even = mod(k, 2) == 0
  end function is_even

  pure logical function is_even_pure(k)
    integer, intent(in) :: k
    is_even_pure = mod(k, 2) == 0
  end function is_even_pure
end module masks

program impure_in_mask
  use masks
  implicit none
  integer, parameter :: n = 8
  integer :: a(n), b(n)
  integer :: i

  a = 0
  b = 0
  do concurrent (i = 1:n, is_even(i))  ! WANT: error impure_call
    a(i) = i
  end do

  do concurrent (i = 1:n, is_even_pure(i))  ! WANT: offload
    b(i) = i
  end do

  if (any(a /= b) .or. sum(b) /= 20) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program impure_in_mask
