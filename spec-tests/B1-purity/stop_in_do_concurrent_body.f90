! GFORTRAN: rejects (Image control statement STOP in DO CONCURRENT block)
! Design doc, "The unsupported list": "A stop directly in a do concurrent body
! is invalid Fortran -- it is an image control statement, which the standard
! does not allow there and gfortran rejects -- and is to become a semantic
! error on every target, not an entry of this list; until then it runs like
! any other stop."
! SPEC-MAP B1: fgpu makes it a semantic error (reason stop_in_do_concurrent)
! on every target; ERROR STOP stays allowed (U4-stop-not-unsupported).
program stop_in_body
  implicit none
  integer, parameter :: n = 8
  integer :: a(n)
  integer :: i

  do concurrent (i = 1:n)  ! WANT: error stop_in_do_concurrent
    a(i) = i
    if (a(i) > n) stop 2  ! DIAG: stop_in_do_concurrent
  end do

  if (sum(a) /= n * (n + 1) / 2) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program stop_in_body
