! Assigning a rank-2 array to a rank-1 array.
program rank_mismatch_assign
  implicit none
  real :: v(6), m(2, 3)
  m = 1.0
  v = m  ! WANT: error rank mismatch
  print *, v
end program rank_mismatch_assign
