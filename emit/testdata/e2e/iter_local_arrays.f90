! Arrays of an iteration of a constant shape in thread-private storage
! (issue 14, first slice): a 4-element stencil in a block variable filled by
! a sequential loop, a rank-2 block array with lower bound 0 assigned whole
! and reduced (sum, size, lbound), and the array local of a pure subroutine
! the loop calls (real(8) :: t(2)); every result checked against a serial
! recomputation (the same bits).
module iter_arrays_mod
  implicit none
contains
  pure subroutine slope(q, i, f)
    real(8), intent(in) :: q(:)
    integer, intent(in) :: i
    real(8), intent(out) :: f
    real(8) :: t(2)
    t(1) = q(i) - q(i - 1)
    t(2) = q(i + 1) - q(i)
    f = 0.5d0 * (t(1) + t(2))
  end subroutine slope
end module iter_arrays_mod

program iter_local_arrays
  use iter_arrays_mod
  implicit none
  integer, parameter :: n = 20000
  real(8) :: q(n), f(n), g(n), h(n), t(4), s(0:1, 2), x
  integer :: i, k
  do i = 1, n
    q(i) = sin(0.01d0 * i)
  end do
  f = 0
  g = 0
  h = 0
  do concurrent (i = 3:n - 2)
    block
      real(8) :: t(4), s(0:1, 2)
      do k = 1, 4
        t(k) = q(i + k - 2)
      end do
      f(i) = -t(1) / 12 + 7 * t(2) / 12 + 7 * t(3) / 12 - t(4) / 12
      s = 0
      s(0, 1) = t(1)
      s(1, 2) = t(4)
      g(i) = sum(s) + size(t) + lbound(s, 1)
    end block
  end do
  do concurrent (i = 2:n - 1)
    call slope(q, i, h(i))
  end do
  do i = 3, n - 2
    do k = 1, 4
      t(k) = q(i + k - 2)
    end do
    s = 0
    s(0, 1) = t(1)
    s(1, 2) = t(4)
    if (f(i) /= -t(1) / 12 + 7 * t(2) / 12 + 7 * t(3) / 12 - t(4) / 12 .or. g(i) /= sum(s) + 4) then
      print '(a, i0)', 'FAIL at ', i
      error stop 1
    end if
  end do
  do i = 2, n - 1
    call slope(q, i, x)
    if (h(i) /= x) then
      print '(a, i0)', 'FAIL slope at ', i
      error stop 1
    end if
  end do
  print '(3es24.16)', sum(f), sum(g), sum(h)
end program iter_local_arrays
