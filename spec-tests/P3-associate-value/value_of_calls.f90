! Design doc, "The offloading pipeline": "An associate name ... bound to an
! expression ... is the value the expression had when the construct was
! entered ... the expression is not evaluated again".
! Names bound to a pure function call, to an elemental intrinsic and to a
! reduction of a section, in the loop body: the array they read is written
! inside the construct, the names keep their values.
module value_calls_mod
  implicit none
contains
  pure integer function tri(k)
    integer, intent(in) :: k
    tri = k * (k + 1) / 2
  end function tri
end module value_calls_mod

program value_of_calls
  use value_calls_mod
  implicit none
  integer, parameter :: n = 8, m = 5
  integer :: a(m, n), r(m, n), s(n), rs(n), i, j

  a = reshape([(mod(i * 7, 11), i = 1, m * n)], [m, n])
  r = a

  do concurrent (i = 1:n)  ! WANT: offload
    associate (t => tri(a(1, i)), big => maxval(a(:, i)), tot => sum(a(2:m, i)), &
               d => abs(a(2, i) - a(3, i)))
      a(:, i) = 0
      a(1, i) = t
      a(2, i) = big
      s(i) = tot + d + sum(a(:, i))
    end associate
  end do

  do i = 1, n
    rs(i) = sum(r(2:m, i)) + abs(r(2, i) - r(3, i))
    j = maxval(r(:, i))
    r(1, i) = tri(r(1, i))
    r(2:m, i) = 0
    r(2, i) = j
    rs(i) = rs(i) + r(1, i) + r(2, i)
  end do

  if (any(a /= r) .or. any(s /= rs)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,1x,i0,1x,i0)', 'PASSED', sum(a), sum(s)
end program value_of_calls
