! integer(2) arrays with arbitrary bounds; integer(2) scalars in a block.
program kinds_int2
  implicit none
  integer(2) :: h(-5:50), r(-5:50)
  integer :: i
  do concurrent (i = -5:50)
    block
      integer(2) :: t
      t = int(i, 2) * 300_2
      h(i) = t / 7_2 + int(mod(i, 5), 2)
    end block
  end do
  do i = -5, 50
    r(i) = int(i, 2) * 300_2 / 7_2 + int(mod(i, 5), 2)
  end do
  if (any(h /= r)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,i0,1x,i0)', 'ends ', h(-5), h(50)
  print '(a,i0)', 'kind ', kind(h)
  print '(a)', 'PASSED'
end program
