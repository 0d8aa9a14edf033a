! Passing a rank-2 array to an assumed-shape rank-1 dummy, and rank-1 to rank-2 in an expression.
module m_rank
  implicit none
contains
  real function total(x)
    real, intent(in) :: x(:)
    total = sum(x)
  end function total
end module m_rank

program rank_mismatch_argument
  use m_rank
  implicit none
  real :: a(3, 3), b(9), c(3, 3)
  a = 1.0
  b = 2.0
  print *, total(a)  ! WANT: error rank mismatch
  c = a + b  ! WANT: error rank mismatch
end program rank_mismatch_argument
