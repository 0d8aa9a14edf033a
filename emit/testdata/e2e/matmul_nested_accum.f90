! A matrix product written as three nested do concurrent loops (j, k, i):
! iterations that differ only in k update the same c(i,j), a race in the
! source (rules/race.mg). fgpu runs k in order inside each thread of (j, i)
! (serial_index), so the sums are formed in gfortran's order: the same bits
! in every CPU order mode and on the GPU. The product is called in a time
! loop on arrays passed as dummies, as real codes do.
module matmul_nested_mod
  implicit none
contains
  subroutine mm_acc(a, b, c, n)
    integer, intent(in) :: n
    real(8), intent(in) :: a(n, n), b(n, n)
    real(8), intent(inout) :: c(n, n)
    integer :: i, j, k
    do concurrent (j = 1:n)
      do concurrent (k = 1:n)
        do concurrent (i = 1:n)
          c(i, j) = c(i, j) + a(i, k) * b(k, j)
        end do
      end do
    end do
  end subroutine

  subroutine init(a, b, c, n)
    integer, intent(in) :: n
    real(8), intent(out) :: a(n, n), b(n, n), c(n, n)
    integer :: i, j
    do j = 1, n
      do i = 1, n
        a(i, j) = 1.0d0 / real(i + 2 * j - 1, 8) + real(mod(i * 7 + j, 13), 8) * 0.1d0
        b(i, j) = real(mod(i + 3 * j, 11), 8) / 7.0d0 - 0.3d0
        c(i, j) = 0.0d0
      end do
    end do
  end subroutine
end module

program matmul_nested_accum
  use matmul_nested_mod
  implicit none
  integer, parameter :: n = 128
  real(8), allocatable :: a(:, :), b(:, :), c(:, :), r(:, :)
  integer :: step, i, j, k
  allocate(a(n, n), b(n, n), c(n, n), r(n, n))
  call init(a, b, c, n)
  r = 0.0d0
  do step = 1, 3
    call mm_acc(a, b, c, n)
  end do
  ! The same sums on the host, each element's in k order: the same bits.
  do step = 1, 3
    do j = 1, n
      do k = 1, n
        do i = 1, n
          r(i, j) = r(i, j) + a(i, k) * b(k, j)
        end do
      end do
    end do
  end do
  do j = 1, n
    do i = 1, n
      if (c(i, j) /= r(i, j)) then
        print '(a, 2i5, 2es25.17)', 'FAIL at ', i, j, c(i, j), r(i, j)
        error stop 1
      end if
    end do
  end do
  print '(a, es25.17)', 'sum    ', sum(c)
  print '(a, es25.17)', 'c(1,1) ', c(1, 1)
  print '(a, es25.17)', 'c(n,1) ', c(n, 1)
  print '(a, es25.17)', 'c(7,n) ', c(7, n)
  print '(a, es25.17)', 'c(n,n) ', c(n, n)
  print '(a, es25.17)', 'maxval ', maxval(c)
end program
