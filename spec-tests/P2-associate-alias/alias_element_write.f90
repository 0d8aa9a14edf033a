! Design doc, "The offloading pipeline": "An associate name bound to a
! variable - a scalar, an element, a component or a section - is an alias of
! it, in the loop body and in a procedure the loop calls, so what is written
! through the name reaches the variable".
! Writes through names bound to an element of a rank-1 and of a rank-2 array,
! and to a block scalar, reach the variable; the variable read after the
! write sees the new value; nested associates alias the same element.
program alias_element_write
  implicit none
  integer, parameter :: n = 10, m = 4
  integer :: a(n), b(n, m), c(n), ra(n), rb(n, m), rc(n), i, j

  a = [(i, i = 1, n)]
  b = reshape([(i, i = 1, n * m)], [n, m])
  c = 0

  do concurrent (i = 1:n)  ! WANT: offload
    block
      integer :: t
      t = 1
      associate (e => a(i), f => b(i, m), s => t)
        e = e * 3
        f = e + f
        s = s + e
        associate (g => e)
          g = g + 1
        end associate
      end associate
      c(i) = t + a(i)
    end block
  end do

  do i = 1, n
    ra(i) = 3 * i + 1
    rc(i) = (1 + 3 * i) + ra(i)
    do j = 1, m
      rb(i, j) = i + (j - 1) * n
    end do
    rb(i, m) = rb(i, m) + 3 * i
  end do

  if (any(a /= ra) .or. any(b /= rb) .or. any(c /= rc)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,3(1x,i0))', 'PASSED', sum(a), sum(b), sum(c)
end program alias_element_write
