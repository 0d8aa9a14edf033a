! Associate names bound to sections in an offloaded loop (issue 14): a
! strided column section written element by element and whole, a row
! section of a dummy read through the name by sum and by a pure function
! with an assumed-shape dummy; the writes reach the array.
module assoc_sections_mod
  implicit none
contains
  pure real(8) function ends(v)
    real(8), intent(in) :: v(:)
    ends = v(1) + v(size(v))
  end function ends

  subroutine smooth(u, s)
    real(8), intent(inout) :: u(:, :)
    real(8), intent(inout) :: s(:)
    integer :: j
    do concurrent (j = 1:size(u, 2))
      associate (col => u(2:size(u, 1):2, j), row => u(1, :))
        col(1) = -j
        col(2:) = col(2:) * 2
        s(j) = sum(row) * 0 + ends(col) + size(col)
      end associate
    end do
  end subroutine smooth
end module assoc_sections_mod

program associate_sections
  use assoc_sections_mod
  implicit none
  integer, parameter :: n = 9, m = 700
  real(8) :: u(n, m), r(n, m), s(m), t(m)
  integer :: i, j
  do j = 1, m
    do i = 1, n
      u(i, j) = i + 0.5d0 * j
    end do
  end do
  r = u
  call smooth(u, s)
  do j = 1, m
    r(2, j) = -j
    do i = 4, n, 2
      r(i, j) = r(i, j) * 2
    end do
    t(j) = ends(r(2:n:2, j)) + size(r(2:n:2, j))
  end do
  if (any(u /= r) .or. any(s /= t)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(2es24.16)', sum(u), sum(s)
end program associate_sections
