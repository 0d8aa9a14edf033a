! Pure module functions and a pure module subroutine called in the body,
! reading module parameters.
module pcm_ops
  implicit none
  integer, parameter :: scale = 3
contains
  pure integer function tri(k)
    integer, intent(in) :: k
    tri = k * (k + 1) / 2
  end function
  pure real(8) function poly(x, c0, c1)
    real(8), intent(in) :: x, c0, c1
    poly = c0 + x * (c1 + x * real(scale, 8))
  end function
  pure subroutine split(k, q, r)
    integer, intent(in) :: k
    integer, intent(out) :: q, r
    q = k / scale
    r = k - q * scale
  end subroutine
end module

program pure_call_module
  use pcm_ops
  implicit none
  integer, parameter :: n = 77
  integer :: a(n), b(n), i, q, r
  real(8) :: x(n)
  do concurrent (i = 1:n)
    block
      integer :: qq, rr
      call split(i, qq, rr)
      a(i) = tri(i) - tri(qq)
      b(i) = rr
      x(i) = poly(real(i, 8) * 0.5d0, 1.0d0, -2.0d0)
    end block
  end do
  do i = 1, n
    call split(i, q, r)
    if (a(i) /= tri(i) - tri(q) .or. b(i) /= r) then
      print '(a,i0)', 'FAIL at ', i
      error stop 1
    end if
    if (x(i) /= poly(real(i, 8) * 0.5d0, 1.0d0, -2.0d0)) then
      print '(a,i0)', 'FAIL poly at ', i
      error stop 1
    end if
  end do
  print '(a,i0,1x,i0)', 'sums ', sum(a), sum(b)
  print '(es25.17)', x(n)
  print '(a)', 'PASSED'
end program
