! Design doc, "The offloading pipeline": "An associate name of a construct the
! loop is in, bound to an expression (associate (n => size(a))), is the value
! the expression had when the construct was entered ... the expression is not
! evaluated again".
! Here the constructs are in the loop body: a name bound to an expression of
! an element keeps the value it had on entry after the element is written;
! one bound to an expression of a block variable keeps it after the variable
! changes.
program value_on_entry_body
  implicit none
  integer, parameter :: n = 10
  integer :: a(n), b(n), c(n), ra(n), rb(n), rc(n), i

  a = [(3 * i - 7, i = 1, n)]
  ra = a

  do concurrent (i = 1:n)  ! WANT: offload
    associate (old => a(i) + 1, twice => 2 * a(i))
      a(i) = 0
      b(i) = old * 100 + twice
      a(i) = old - a(i)
    end associate
    block
      integer :: k
      k = i
      associate (sq => k * k)
        k = -1
        c(i) = sq + k
      end associate
    end block
  end do

  do i = 1, n
    rb(i) = (ra(i) + 1) * 100 + 2 * ra(i)
    ra(i) = ra(i) + 1
    rc(i) = i * i - 1
  end do

  if (any(a /= ra) .or. any(b /= rb) .or. any(c /= rc)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,3(1x,i0))', 'PASSED', sum(a), sum(b), sum(c)
end program value_on_entry_body
