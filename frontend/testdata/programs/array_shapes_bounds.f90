! Explicit-shape, assumed-shape, assumed-size (*), deferred-shape, non-default lower bounds,
! CONTIGUOUS attribute, and passing array sections.
module array_kinds
  implicit none
contains
  subroutine explicit_shape(n, m, a)
    integer, intent(in) :: n, m
    real, intent(inout) :: a(n, m)
    a(1, :) = 1.0
  end subroutine explicit_shape

  subroutine assumed_size(n, a)
    integer, intent(in) :: n
    real, intent(inout) :: a(*)
    integer :: i
    do i = 1, n
      a(i) = a(i) + 0.5
    end do
  end subroutine assumed_size

  subroutine lower_bounds(a)
    real, intent(inout) :: a(0:, -1:)
    print *, 'inside lbound:', lbound(a), ' ubound:', ubound(a)
    a(0, -1) = 99.0
  end subroutine lower_bounds

  subroutine contiguous_sum(a, s)
    real, contiguous, intent(in) :: a(:)
    real, intent(out) :: s
    s = sum(a)
  end subroutine contiguous_sum

  subroutine adjustable(a, lo, hi)
    integer, intent(in) :: lo, hi
    real, dimension(lo:hi), intent(in) :: a
    print *, 'adjustable bounds:', lbound(a, 1), ubound(a, 1), a(lo)
  end subroutine adjustable

  subroutine assumed_size_2d(lda, n, a)
    integer, intent(in) :: lda, n
    real, intent(in) :: a(lda, *)
    print *, 'a(1, n) =', a(1, n)
  end subroutine assumed_size_2d
end module array_kinds

program array_shapes_bounds
  use array_kinds
  implicit none
  real :: grid(0:4, -1:1)
  real, dimension(3, 4) :: m
  real, allocatable :: d(:,:,:)
  real, pointer, contiguous :: pc(:)
  real, target :: t(10)
  real :: s
  integer :: i

  grid = 0.0
  m = reshape([(real(i), i = 1, 12)], [3, 4])
  call explicit_shape(3, 4, m)
  call assumed_size(12, m)
  call assumed_size(2, m(2, 3))
  call lower_bounds(grid)
  print *, 'grid(0, -1) =', grid(0, -1), ' lbound(grid) =', lbound(grid)
  call contiguous_sum(m(:, 2), s)
  print *, 'column sum:', s
  call contiguous_sum(m(2, :), s)
  print *, 'row sum (copied in):', s
  call adjustable(t, -4, 5)
  call assumed_size_2d(3, 4, m)
  allocate(d(-2:2, 0:3, 5))
  d = 1.0
  print *, 'rank-3 size:', size(d), ' shape:', shape(d), ' lbound dim 1:', lbound(d, 1)
  t = [(real(i), i = 1, 10)]
  pc => t
  print *, 'contiguous pointer:', is_contiguous(pc), sum(pc)
  print *, 'section lbound:', lbound(grid(1:3, :)), ubound(grid(1:3, :))
end program array_shapes_bounds
