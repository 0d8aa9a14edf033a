! Design doc, "The offloading pipeline": "An associate name bound to a
! variable ... is an alias of it, in the loop body and in a procedure the loop
! calls, so what is written through the name reaches the variable".
! An associate in a pure procedure the loop calls, bound to elements of its
! intent(inout) dummy array, writes the caller's array; an associate name of
! the loop body passed to an intent(inout) scalar dummy is updated.
module alias_proc_mod
  implicit none
contains
  pure subroutine swap_ends(x)
    integer, intent(inout) :: x(:)
    integer :: t
    associate (first => x(1), last => x(size(x)))
      t = first
      first = last
      last = t
    end associate
  end subroutine swap_ends

  pure subroutine bump(k, by)
    integer, intent(inout) :: k
    integer, intent(in) :: by
    k = k + by
  end subroutine bump
end module alias_proc_mod

program alias_in_procedure
  use alias_proc_mod
  implicit none
  integer, parameter :: n = 6, m = 5
  integer :: a(m, n), r(m, n), c(n), rc(n), i, j

  a = reshape([(i, i = 1, n * m)], [m, n])
  r = a
  c = [(i * i, i = 1, n)]
  rc = c

  do concurrent (i = 1:n)  ! WANT: offload
    call swap_ends(a(:, i))
    associate (e => c(i))
      call bump(e, i)
      call bump(e, a(1, i))
    end associate
  end do

  do i = 1, n
    j = r(1, i)
    r(1, i) = r(m, i)
    r(m, i) = j
    rc(i) = rc(i) + i + r(1, i)
  end do

  if (any(a /= r) .or. any(c /= rc)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,1x,i0,1x,i0)', 'PASSED', a(1, 1), sum(c)
end program alias_in_procedure
