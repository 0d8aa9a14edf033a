! Array values of an iteration computed before the statement that reads
! them (design doc, "The offloading pipeline": array-valued function calls
! into an array of the iteration): matmul, transpose, spread, reshape,
! cshift, eoshift, reductions with DIM and MASK, norm2, functions with an
! array result (constant and argument-sized), a value passed to a
! procedure, read in an IF condition, and assigned back to the array it
! reads (x = matmul(r, x)). Loops in module procedures over module arrays,
! called in a time loop; the same statements in plain DO loops are the
! host's answer. (gfortran inlines matmul of sections of a known small
! shape, summing each element in order as the kernels do; matmul of a
! transpose calls its library, whose AVX variants, picked by the host CPU,
! round differently: spec-tests/P4 checks that form on exact values. No
! sin or cos in the kernels: CUDA's differ from the host's in the last
! bit, issue 17.)
module rotor_mod
  implicit none
  integer, parameter :: n = 3000
  real(8) :: rot(3, 3, n), x(3, n), y(3, n), g(4, n), e(n)
  integer :: hits(n)
contains
  pure function cross(a, b) result(c)
    real(8), intent(in) :: a(3), b(3)
    real(8) :: c(3)
    c = [a(2)*b(3) - a(3)*b(2), a(3)*b(1) - a(1)*b(3), a(1)*b(2) - a(2)*b(1)]
  end function

  pure function scaled(v, s) result(r)
    real(8), intent(in) :: v(:)
    real(8), intent(in) :: s
    real(8) :: r(size(v))
    r = v * s
  end function

  pure real(8) function energy(v)
    real(8), intent(in) :: v(:)
    energy = 0.5d0 * dot_product(v, v)
  end function

  subroutine setup()
    integer :: i, k, j
    do concurrent (i = 1:n, k = 1:3, j = 1:3)
      rot(k, j, i) = (mod(i * (k + 2 * j), 19) - 9) / (19d0 * (1 + abs(k - j)))
    end do
    do concurrent (i = 1:n, k = 1:3)
      x(k, i) = (mod(7 * i + 3 * k, 23) - 11) / 13d0
    end do
    hits = 0
  end subroutine

  subroutine step(t)
    integer, intent(in) :: t
    integer :: i
    do concurrent (i = 1:n)
      x(:, i) = matmul(rot(:, :, i), x(:, i)) * 0.5d0
      y(:, i) = cross(x(:, i), matmul(rot(:, :, i), x(:, i))) + scaled(x(:, i), real(t, 8))
      e(i) = e(i) + energy(matmul(x(:, i), rot(:, :, i))) + norm2(y(:, i))
      if (any(matmul(rot(:, :, i), y(:, i)) > 0.1d0)) hits(i) = hits(i) + 1
    end do
  end subroutine

  subroutine shapes()
    integer :: i
    do concurrent (i = 2:n-2)
      block
        real(8) :: m(4, 3), s(4)
        m = spread(x(:, i), 1, 4) + reshape([(0.25d0 * i, i = 1, 12)], [4, 3])
        s = sum(m, dim=2) - maxval(m, dim=2) + product(m(:, 1:2), dim=2)
        g(:, i) = cshift(s, 1) + eoshift(s, -1, 7d0) + minval(transpose(m), dim=1) &
                + count(m > 0.5d0, dim=2) + sum(m, dim=2, mask=m > 0)
        g(1, i) = g(1, i) + sum(reshape(m, [3, 4]) * transpose(m)) + norm2(m)
      end block
    end do
  end subroutine
end module

program iter_array_values
  use rotor_mod
  implicit none
  integer :: t, i
  real(8) :: hx(3, n), hy(3, n), he(n), hg(4, n)
  integer :: hh(n)
  e = 0
  call setup()
  hx = x
  he = 0
  hh = 0
  do t = 1, 5
    call step(t)
    ! The same statements in a plain DO loop: the host's answer.
    do i = 1, n
      hx(:, i) = matmul(rot(:, :, i), hx(:, i)) * 0.5d0
      hy(:, i) = cross(hx(:, i), matmul(rot(:, :, i), hx(:, i))) + scaled(hx(:, i), real(t, 8))
      he(i) = he(i) + energy(matmul(hx(:, i), rot(:, :, i))) + norm2(hy(:, i))
      if (any(matmul(rot(:, :, i), hy(:, i)) > 0.1d0)) hh(i) = hh(i) + 1
    end do
  end do
  call shapes()
  do i = 2, n - 2
    block
      real(8) :: m(4, 3), s(4)
      integer :: j
      m = spread(hx(:, i), 1, 4) + reshape([(0.25d0 * j, j = 1, 12)], [4, 3])
      s = sum(m, dim=2) - maxval(m, dim=2) + product(m(:, 1:2), dim=2)
      hg(:, i) = cshift(s, 1) + eoshift(s, -1, 7d0) + minval(transpose(m), dim=1) &
               + count(m > 0.5d0, dim=2) + sum(m, dim=2, mask=m > 0)
      hg(1, i) = hg(1, i) + sum(reshape(m, [3, 4]) * transpose(m)) + norm2(m)
    end block
  end do
  if (any(x /= hx) .or. any(y /= hy) .or. any(e /= he) .or. any(hits /= hh) .or. any(g(:, 2:n-2) /= hg(:, 2:n-2))) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a, 3es25.16)', 'sums ', sum(x), sum(y), sum(e)
  print '(a, i8)', 'hits ', sum(hits)
  print '(a, es25.16)', 'g ', sum(g(:, 2:n-2))
  print '(3z17)', x(:, 7), y(:, 1999), e(n)
  print '(4z17)', g(:, 2), g(:, n-2)
end program
