! Design doc, "The offloading pipeline": "A device without variable-length
! arrays or a heap (Metal, CUDA) cannot declare a local array of such a
! procedure whose size is known only at run time ... Each such local
! becomes an argument of the procedure, and every call passes an array of
! its own for it, with the extents of the local written over the actual
! arguments of that call. Up the chain of calls this ends in the kernel,
! where the array is a per-thread workspace like any other".
! Automatic arrays of procedures the loop calls: t(size(v)) and u(0:n)
! over a section and a scalar argument, s(m, 2) of a subroutine; calls
! whose extents are the same in every iteration and calls whose extents
! read the loop index (q(1:mod(i, 5) + 1, i), n = mod(i, 7)); each result
! compared with the same calls in a plain DO loop.
module automatic_mod
  implicit none
contains
  pure real(8) function smooth(v, n) result(r)
    real(8), intent(in) :: v(:)
    integer, intent(in) :: n
    real(8) :: t(size(v)), u(0:n)
    integer :: k
    do k = 1, size(v)
      t(k) = v(k) * 2 + k
    end do
    do k = 0, n
      u(k) = k * 0.5d0
    end do
    r = sum(t) + sum(u) + size(u)
  end function

  pure subroutine block_sum(w, m, x)
    integer, intent(in) :: m
    real(8), intent(in) :: x
    real(8), intent(out) :: w
    real(8) :: s(m, 2)
    integer :: k
    do k = 1, m
      s(k, 1) = x * k
      s(k, 2) = -k
    end do
    w = sum(s(:, 1)) * 2 + sum(s(:, 2))
  end subroutine
end module

program automatic_locals
  use automatic_mod
  implicit none
  integer, parameter :: n = 500
  real(8) :: q(5, n), f(n), g(n), h(n), rf(n), rg(n), rh(n)
  integer :: i, m

  do i = 1, n
    q(:, i) = [(mod(i * k3(i), 7) * 0.25d0, m = 1, 5)]
  end do
  m = 4

  do concurrent (i = 1:n)  ! WANT: offload
    f(i) = smooth(q(:, i), m) + smooth(q(2:4, i), 2)
    call block_sum(g(i), m + 1, q(1, i))
  end do
  do concurrent (i = 1:n)  ! WANT: offload
    h(i) = smooth(q(1:mod(i, 5) + 1, i), mod(i, 7))
  end do

  do i = 1, n
    rf(i) = smooth(q(:, i), m) + smooth(q(2:4, i), 2)
    call block_sum(rg(i), m + 1, q(1, i))
    rh(i) = smooth(q(1:mod(i, 5) + 1, i), mod(i, 7))
  end do
  if (any(f /= rf) .or. any(g /= rg) .or. any(h /= rh)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a,3(1x,f0.2))', 'PASSED', sum(f), sum(g), sum(h)
contains
  pure integer function k3(j)
    integer, intent(in) :: j
    k3 = 3 + mod(j, 4)
  end function
end program automatic_locals
