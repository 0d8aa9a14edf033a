! Array reductions in a kernel body (kir_reduce.go): over sections of a
! module array and of a dummy, elementwise expressions of them, a
! reduction nested in another's operand, dot_product and norm2; sum with
! DIM= and with MASK= stay Unsupported; array assignments to local
! arrays (a logical one too, a BLOCK's) and to a section of a module array (the legacy writer prints them).
module reduce_m
  implicit none
  integer, parameter :: m = 6, n = 300
  real(8) :: a(m, n), s(n), t(n)
  integer :: c(n)
  logical :: l(n)
contains
  subroutine rows(w, k)
    real(8), intent(in) :: w(m)
    integer, intent(in) :: k
    integer :: i
    do concurrent (i = 1:n)
      s(i) = sum(a(:, i)) + maxval(a(2:m, i)) - minval(a(1:m:2, i)) * sum(w * a(:, i) + sum(w))
      c(i) = count(a(:, i) > 0.5d0) + k
      l(i) = any(a(:, i) < -1.0d0) .or. all(a(k:m, i) /= 0.0d0)
      t(i) = dot_product(a(:, i), w) + norm2(a(:, i)) + product(a(1:2, i))
    end do
  end subroutine
  subroutine assigns(k)
    integer, intent(in) :: k
    integer :: i
    real(8) :: v(m)
    logical :: p(m)
    do concurrent (i = 1:n) local(v, p)
      v = a(:, i) * 2.0d0 + k
      p = v > 1.0d0
      v(1:m:2) = 0
      a(2:m, i) = v(2:m) - sum(v)
      l(i) = any(p)
      block
        real(8) :: q(0:2)
        q = v(1:3)
        t(i) = sum(q) + q(0)
      end block
    end do
  end subroutine
  subroutine masked()
    integer :: i
    do concurrent (i = 1:n)
      t(i) = sum(a(:, i), mask=a(:, i) > 0.0d0)
    end do
  end subroutine
end module

program reduce
  use reduce_m
  implicit none
  integer :: it, i, j
  real(8) :: w(m)
  do i = 1, n
    do j = 1, m
      a(j, i) = real(mod(i * j, 11), 8) / 5 - 1
    end do
  end do
  w = 0.25d0
  do it = 1, 3
    call rows(w, it)
    call masked()
    call assigns(it)
  end do
  if (c(1) < 0) error stop 1
  print *, sum(s), sum(t), count(l)
end program
