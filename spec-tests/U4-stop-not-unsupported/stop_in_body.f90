! GFORTRAN: rejects (Image control statement STOP in DO CONCURRENT block)
! Design doc, "The unsupported list": "A stop directly in a do concurrent body
! is invalid Fortran -- it is an image control statement, which the standard
! does not allow there and gfortran rejects -- and is to become a semantic
! error on every target, not an entry of this list; until then it runs like
! any other stop."
! Marker decision (lead's brief): stop directly in the body is allowed and
! offloaded, like any other stop; it is not an entry of the unsupported list.
! (SPEC-MAP B1 says it is to become an error; no reason name exists yet.)
program stop_in_body
  implicit none
  integer, parameter :: n = 8
  integer :: a(n)
  integer :: i

  do concurrent (i = 1:n)  ! WANT: offload
    a(i) = i
    if (a(i) > n) stop 2
  end do

  if (sum(a) /= n * (n + 1) / 2) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program stop_in_body
