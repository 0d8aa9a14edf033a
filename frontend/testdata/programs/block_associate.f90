! BLOCK and ASSOCIATE constructs, nested, with local declarations and array sections.
program block_associate
  implicit none
  type :: grid_t
    integer :: nx = 4, ny = 3
    real, allocatable :: field(:,:)
  end type grid_t
  type(grid_t) :: g
  integer :: i, j

  allocate(g%field(g%nx, g%ny))
  g%field = reshape([(real(i), i = 1, g%nx * g%ny)], [g%nx, g%ny])

  associate (f => g%field, nx => g%nx, ny => g%ny)
    print *, 'nx, ny =', nx, ny
    associate (interior => f(2:nx-1, 2:ny-1), corner => f(1, 1))
      interior = -interior
      print *, 'corner =', corner, ' interior sum =', sum(interior)
    end associate
  end associate

  block
    real :: tmp(size(g%field, 1))
    integer :: k
    do k = 1, g%ny
      tmp = g%field(:, k)
      g%field(:, k) = tmp(size(tmp):1:-1)
    end do
    print '(4f6.1)', g%field
  end block

  outer: block
    integer :: count
    count = 0
    do j = 1, g%ny
      do i = 1, g%nx
        if (g%field(i, j) < 0.0) count = count + 1
      end do
    end do
    inner: block
      character(len=20) :: label
      write (label, '(a, i0)') 'negatives=', count
      print *, trim(label)
      if (count > 0) exit outer
    end block inner
    print *, 'no negatives found'
  end block outer

  associate (total => sum(g%field), n => size(g%field), x => g%field(1, :))
    print *, 'mean =', total / n, ' first row =', x
  end associate
end program block_associate
