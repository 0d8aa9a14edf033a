! Kernels that can stop (in the body, in called pure procedures, in a do
! while condition and a nested do concurrent) but do not: every result is
! computed, scalars the loop writes are written back, nothing is reported.
module steps
  implicit none
contains
  pure integer function halve(v)
    integer, intent(in) :: v
    if (v < 0) error stop 'halve: negative'
    halve = v / 2
  end function
  pure subroutine clamp(v, lo, hi)
    integer, intent(inout) :: v
    integer, intent(in) :: lo, hi
    if (lo > hi) error stop 99
    v = max(lo, min(hi, v))
  end subroutine
end module
program stop_not_reached
  use steps
  implicit none
  integer, parameter :: n = 500
  integer :: a(n), steps_to_one(n), m(n, 4), i, j, k, v, last
  a = [(i * 37, i = 1, n)]
  last = 0
  do concurrent (i = 1:n)
    k = 0
    v = a(i)
    do while (halve(v) > 0)
      v = halve(v)
      k = k + 1
    end do
    if (k > 100) error stop 3
    steps_to_one(i) = k
    do concurrent (j = 1:4, halve(j) >= 0)
      m(i, j) = a(i) + j
      call clamp(m(i, j), 0, 1000)
    end do
    if (i == n) last = k
  end do
  do i = 1, n
    k = 0
    v = a(i)
    do while (v / 2 > 0)
      v = v / 2
      k = k + 1
    end do
    if (steps_to_one(i) /= k) then
      print '(a,i0)', 'FAIL steps at ', i
      error stop 1
    end if
    do j = 1, 4
      if (m(i, j) /= min(1000, a(i) + j)) then
        print '(a,i0)', 'FAIL m at ', i
        error stop 1
      end if
    end do
  end do
  if (last /= steps_to_one(n)) then
    print '(a)', 'FAIL last'
    error stop 1
  end if
  print '(a,i0,a,i0)', 'steps ', sum(steps_to_one), ' clamped ', sum(m)
end program
