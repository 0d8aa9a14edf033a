! Continuation lines: comments between continued lines, blank lines, strings split with
! leading '&', semicolon separators, and trailing comments.
program continuation_comments
  implicit none
  real :: a, b, c, &     ! trailing comment after a continuation
          d, e
  integer :: i; integer :: j; integer :: k
  character(len=100) :: msg
  real, dimension(6) :: coeffs = [ 1.0, 2.0, &
                                   ! a comment line inside the continuation
                                   3.0, 4.0, &

                                   5.0, 6.0 ]

  a = 1.0; b = 2.0; c = 3.0; d = 4.0; e = 5.0
  i = 1 ; j = 2 ; k = 3 ;

  a = a + &
      b * &
  ! comment between continuation lines
      c - &
      d / e
  print *, a

  msg = 'this string is continued &
        &onto the next line and &
        &then onto a third'
  print '(a)', trim(msg)

  msg = "double-quoted ""with"" doubled quotes and a continued &
  &part that starts with an ampersand"
  print '(a)', trim(msg)

  call show(i, &
            j, &  ! comment after argument
            k)

  if (a > 0.0 .and. &
      b > 0.0) &
    print *, 'both positive'

  print *, sum(coeffs), &
       & maxval(coeffs)    ! leading ampersand on a non-string continuation
  i = 10; if (i > 5) j = 0; print *, i, j
contains
  subroutine show(x, y, z)
    integer, intent(in) :: x, y, z
    print '(3(i0, :, 1x))', x, y, z
  end subroutine show
end program continuation_comments
