! associate to scalars (expressions) and to array elements in the body,
! inside and around a block.
program assoc_block
  implicit none
  integer, parameter :: n = 40
  integer :: a(n), b(n), r(n), rb(n), i
  do i = 1, n
    b(i) = i * 3
  end do
  do concurrent (i = 1:n)
    associate (e => a(i), s => b(i) + 1, h => i / 2)
      block
        integer :: t
        t = s * h
        e = t - i
      end block
    end associate
    associate (bb => b(i))
      bb = bb + a(i)
    end associate
  end do
  do i = 1, n
    r(i) = (i * 3 + 1) * (i / 2) - i
    rb(i) = i * 3 + r(i)
  end do
  if (any(a /= r) .or. any(b /= rb)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,i0,1x,i0)', 'sums ', sum(a), sum(b)
  print '(a)', 'PASSED'
end program
