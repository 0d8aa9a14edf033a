! Array reductions of sections in a module procedure's do concurrent,
! called in a time loop (the kernel IR's Reduce, lowering/kir_reduce.go):
! sums of columns, strided and offset sections, an elementwise product with
! a dummy, a reduction nested in another's operand, count/any/all of
! relations, dot_product, norm2, product; array assignments to a column
! and to a strided section of a module array (the
! IR's ArrayAssign); each checked against the same operations on the host
! (the same element order: the same bits).
module reduce_sections_m
  implicit none
  integer, parameter :: m = 6, n = 3000
  real(8) :: a(m, n), s(n), t(n), b(m, n)
  integer :: c(n)
  logical :: l(n)
contains
  subroutine rows(w, k)
    real(8), intent(in) :: w(m)
    integer, intent(in) :: k
    integer :: i
    do concurrent (i = 1:n)
      b(:, i) = 0
      b(1:m:2, i) = (a(1:m:2, i) * 2.0d0 + k) - sum(w)
      s(i) = sum(a(:, i)) + maxval(a(2:m, i)) - minval(a(1:m:2, i)) * sum(w * a(:, i) + sum(w))
      c(i) = count(a(:, i) > 0.5d0) + k
      l(i) = any(a(:, i) < -0.9d0) .or. all(a(k:m, i) /= 0.0d0)
      t(i) = dot_product(a(:, i), w) + norm2(a(:, i)) + product(a(1:2, i))
    end do
  end subroutine
end module

program reduce_sections_module
  use reduce_sections_m
  implicit none
  integer :: it, i, j, bad
  real(8) :: w(m), rs, rt
  do i = 1, n
    do j = 1, m
      a(j, i) = real(mod(i * j + 3 * i, 17), 8) / 7 - 1
    end do
  end do
  w = [(0.125d0 * j, j = 1, m)]
  bad = 0
  do it = 1, 3
    call rows(w, it)
    do i = 1, n
      rs = sum(a(:, i)) + maxval(a(2:m, i)) - minval(a(1:m:2, i)) * sum(w * a(:, i) + sum(w))
      rt = dot_product(a(:, i), w) + norm2(a(:, i)) + product(a(1:2, i))
      if (s(i) /= rs .or. t(i) /= rt .or. c(i) /= count(a(:, i) > 0.5d0) + it) bad = bad + 1
      if (any(b(2:m:2, i) /= 0) .or. any(b(1:m:2, i) /= (a(1:m:2, i) * 2.0d0 + it) - sum(w))) bad = bad + 1
      if (l(i) .neqv. (any(a(:, i) < -0.9d0) .or. all(a(it:m, i) /= 0.0d0))) bad = bad + 1
    end do
    a(1, :) = a(1, :) + 0.5d0
  end do
  print '(3es24.16, 2i8)', sum(s), sum(t), sum(b), sum(c), count(l)
  if (bad /= 0) then
    print *, 'FAIL', bad
    error stop 1
  end if
end program reduce_sections_module
