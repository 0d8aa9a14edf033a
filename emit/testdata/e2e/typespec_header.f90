! GFORTRAN: rejects (type-spec in the loop header)
! integer :: i in the header: the index is a construct entity, distinct
! from a variable i of the program (which keeps its value).
program typespec_header
  implicit none
  integer, parameter :: n = 25
  integer :: a(n), i
  real :: i_real(n)
  i = -77
  do concurrent (integer :: i = 1:n)
    a(i) = i * 4 - 1
  end do
  do concurrent (integer :: j = n:1:-2, k = 1:1)
    i_real(j) = real(j + k) * 0.5
  end do
  if (i /= -77) then
    print '(a)', 'FAIL outer i changed'
    error stop 1
  end if
  do i = 1, n
    if (a(i) /= i * 4 - 1) then
      print '(a)', 'FAIL a'
      error stop 1
    end if
    if (mod(i, 2) == 1) then
      if (i_real(i) /= real(i + 1) * 0.5) then
        print '(a)', 'FAIL i_real'
        error stop 1
      end if
    end if
  end do
  print '(a,i0)', 'sum ', sum(a)
  print '(a)', 'PASSED'
end program
