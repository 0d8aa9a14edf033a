! GFORTRAN: rejects (reduce locality)
! reduce with cycle, a block, select case and a pure call in the body.
program reduce_body_constructs
  implicit none
  integer, parameter :: n = 300
  integer :: i, s, rs, w, rw
  s = 0
  w = 0
  do concurrent (i = 1:n) reduce(+: s) reduce(max: w)
    if (mod(i, 4) == 0) cycle
    block
      integer :: c
      c = weight(i)
      select case (c)
      case (0:2)
        s = s + c
      case default
        s = s + 10 * c
      end select
      w = max(w, c)
    end block
  end do
  rs = 0
  rw = 0
  do i = 1, n
    if (mod(i, 4) == 0) cycle
    if (weight(i) <= 2) then
      rs = rs + weight(i)
    else
      rs = rs + 10 * weight(i)
    end if
    rw = max(rw, weight(i))
  end do
  if (s /= rs .or. w /= rw) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,i0,1x,i0)', 'sum max ', s, w
  print '(a)', 'PASSED'
contains
  pure integer function weight(k)
    integer, intent(in) :: k
    integer :: b
    b = k
    weight = 0
    do while (b /= 0)
      weight = weight + iand(b, 1)
      b = ishft(b, -1)
    end do
  end function
end program
