! Loops kept on the host (--gpu=none) as the host rewrite writes them
! (hostf90.go, hostLoopEdit).
program forms
  implicit none
  integer :: k(4), a(3, 2), i, j, t, c
  k = [9, -3, 1, 1]
  a = 0
  ! A mask that reads an array: every mask first, into an array.
  do concurrent (i = 1:2, cos(real(k(i))) <= real(k(i)))
    k(i) = 0
  end do
  ! A mask of indices only: tested in the iteration. The array elements'
  ! first subscript is i: i is innermost although j comes first.
  rows: do concurrent (j = 1:2, i = 3:1:-1, i /= j)
    if (i == 2) cycle rows
    a(i, j) = i + j
  end do rows
  ! A type-spec, locality specs, a label on the END DO (a branch target).
  c = 5
  do concurrent (integer(8) :: i = 1:2) local(t) local_init(c)
    t = c + i
    if (t > 6) goto 10
    k(i) = t
10 end do
  ! Nested host loops.
  do concurrent (i = 1:3)
    do concurrent (j = 1:2, a(i, j) > 2)
      a(i, j) = -a(i, j)
    end do
  end do
  print *, k, a
end program forms
