! Pure subroutines with intent(out) and intent(inout) scalar arguments,
! writing body locals and array elements.
module psio
  implicit none
contains
  pure subroutine minmax3(a, b, c, lo, hi)
    integer, intent(in) :: a, b, c
    integer, intent(out) :: lo, hi
    lo = min(a, b, c)
    hi = max(a, b, c)
  end subroutine
  pure subroutine bump(x, by)
    real(8), intent(inout) :: x
    real(8), intent(in) :: by
    x = x * 2.0d0 + by
  end subroutine
end module

program pure_sub_intent_out
  use psio
  implicit none
  integer, parameter :: n = 50
  integer :: lo(n), hi(n), i
  real(8) :: v(n), rv(n)
  do i = 1, n
    v(i) = real(i, 8) / 8.0d0
    rv(i) = v(i)
  end do
  do concurrent (i = 1:n)
    call minmax3(mod(i * 7, 11), mod(i * 5, 13), 20 - mod(i, 9), lo(i), hi(i))
    call bump(v(i), 0.5d0)
    block
      real(8) :: t
      t = real(lo(i), 8)
      call bump(t, 1.0d0)
      v(i) = v(i) + t
    end block
  end do
  do i = 1, n
    if (lo(i) /= min(mod(i * 7, 11), mod(i * 5, 13), 20 - mod(i, 9)) .or. &
        hi(i) /= max(mod(i * 7, 11), mod(i * 5, 13), 20 - mod(i, 9))) then
      print '(a,i0)', 'FAIL minmax at ', i
      error stop 1
    end if
    rv(i) = (rv(i) * 2.0d0 + 0.5d0) + (real(lo(i), 8) * 2.0d0 + 1.0d0)
  end do
  if (any(v /= rv)) then
    print '(a)', 'FAIL bump'
    error stop 1
  end if
  print '(a,i0,1x,i0)', 'lo hi sums ', sum(lo), sum(hi)
  print '(f12.4)', v(n)
  print '(a)', 'PASSED'
end program
