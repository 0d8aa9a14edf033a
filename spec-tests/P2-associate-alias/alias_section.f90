! Design doc, "The offloading pipeline": "An associate name bound to a
! variable - a scalar, an element, a component or a section - is an alias of
! it ... so what is written through the name reaches the variable".
! A name bound to a column section and to a strided section of a row: writes
! of elements and of the whole name reach the array.
program alias_section
  implicit none
  integer, parameter :: n = 8, m = 6
  integer :: a(n, m), r(n, m), i, j

  a = reshape([(i, i = 1, n * m)], [n, m])
  r = a

  do concurrent (j = 1:m)  ! WANT: offload
    associate (col => a(2:n:2, j))
      col(1) = -j
      col(2:) = col(2:) * 2
    end associate
  end do

  do j = 1, m
    r(2, j) = -j
    do i = 4, n, 2
      r(i, j) = r(i, j) * 2
    end do
  end do

  if (any(a /= r)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,1x,i0)', 'PASSED', sum(a)
end program alias_section
