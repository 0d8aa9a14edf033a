! Design doc, "Whole-array assignments between launches": "Its target is a
! whole array of an intrinsic type - a variable, a component, or an
! associate name bound to a whole array ... its target or an array it reads
! is one that such a loop names, or one that another assignment sent to the
! device names."
! An associate name bound to an array the kernel writes is cleared and
! scaled element for element (z = 2*z + 1); an integer array the kernels
! never name is computed from an array another statement sent to the device
! names (the transitive case); a logical mask array and a cast; a do while
! host loop.
program associate_and_transitive
  implicit none
  integer, parameter :: n = 9
  real :: z(n), y(n), ref(n)
  integer :: cnt(n), rcnt(n)
  logical :: pos(n)
  integer :: i, it

  y = [(real(i) - 4.5, i = 1, n)]
  it = 0
  do while (it < 4)
    it = it + 1
    associate (zz => z)
      zz = 0
      do concurrent (i = 1:n)  ! WANT: offload
        zz(i) = zz(i) + y(i) * it
      end do
      zz = 2 * zz + 1
    end associate
    pos = z > 0
    cnt = int(z) + merge(1, 0, pos)
  end do

  do i = 1, n
    ref(i) = 2 * (y(i) * 4) + 1
    rcnt(i) = int(ref(i)) + merge(1, 0, ref(i) > 0)
  end do
  if (any(z /= ref) .or. any(cnt /= rcnt) .or. any(pos .neqv. ref > 0)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program
