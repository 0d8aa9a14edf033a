! Design doc, "The offloading pipeline": "A construct the pipeline cannot
! lower yet is a compiler error at the loop ("not yet implemented")." and
! "An internal procedure the loop calls reads the variables and named
! constants of its host by host association ... The kernel's copy of the
! procedure is given them instead: a named constant becomes a named constant
! of the procedure, and a variable a dummy argument".
! An internal pure procedure reading a host array (and a named constant of
! the host): the program builds and runs as with gfortran, or, until host
! association of arrays is lowered, fails with a not-yet-implemented error at
! the loop (as a host scalar already does), never with a generated file that
! does not build.
program internal_procedure_host
  implicit none
  integer, parameter :: n = 6, m = 3
  integer :: a(m, n), r(n), s(n), i

  a = reshape([(mod(i * 5, 7), i = 1, m * n)], [m, n])

  do concurrent (i = 1:n)  ! WANT: offload
    r(i) = colsum(i)
  end do
  do i = 1, n
    s(i) = sum(a(:, i)) + 10 * i
  end do

  if (any(r /= s)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,1x,i0)', 'PASSED', sum(r)
contains
  pure integer function colsum(j)
    integer, intent(in) :: j
    integer :: k
    colsum = 10 * j
    do k = 1, m
      colsum = colsum + a(k, j)
    end do
  end function colsum
end program internal_procedure_host
