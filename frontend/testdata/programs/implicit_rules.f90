! IMPLICIT typing rules: implicit double precision, implicit character, implicit none in module procs.
program implicit_rules
  implicit double precision (a-h, o-r, t-z)
  implicit integer (i-k, m, n)
  implicit logical (l)
  implicit character(len=16) (s)
  dimension vals(5)

  n = 5
  do i = 1, n
    vals(i) = 1.0d0 / dble(i)
  end do
  total = sum(vals)
  lflag = total > 2.0d0
  sname = 'harmonic'
  print *, sname, n, total, lflag
  print *, kind(total) == kind(1.0d0), kind(lflag) == kind(.true.)
  call show(total)
  print *, 'area:', circle_area(2.0d0)

contains

  subroutine show(value)
    implicit none
    double precision, intent(in) :: value
    print '(a, f12.8)', 'value = ', value
  end subroutine show

  function circle_area(r)
    implicit none
    double precision :: circle_area
    double precision, intent(in) :: r
    double precision, parameter :: pi = 3.14159265358979d0
    circle_area = pi * r * r
  end function circle_area

end program implicit_rules

subroutine external_sub(x, y)
  implicit real(8) (a-h, o-z)
  dimension x(*), y(*)
  y(1) = x(1) * 2
end subroutine external_sub
