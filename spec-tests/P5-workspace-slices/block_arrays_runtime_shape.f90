! Design doc, "The offloading pipeline": "An array an iteration needs whose
! size is known only at run time - a local of a block with run-time
! extents ... - lives in a buffer the host allocates before the launch ...
! Every thread uses a slice of a host-sized buffer, one slice per
! iteration, which only the device holds: what a slice holds on entry is
! undefined".
! Block arrays sized by a dummy argument (w(m)), by the shape of an array
! (t(0:size(q, 1) - 1)) and in two dimensions (u(m, 2)), in a module
! procedure called with two sizes in turn: every iteration fills its own
! arrays completely before reading them, so the results depend on no
! other iteration.
module stencil_mod
  implicit none
contains
  subroutine smooth(q, f, m)
    real(8), intent(in) :: q(:, :)
    real(8), intent(out) :: f(:)
    integer, intent(in) :: m
    integer :: i, k
    do concurrent (i = 1:size(q, 2))  ! WANT: offload
      block
        real(8) :: w(m), t(0:size(q, 1) - 1), u(m, 2)
        do k = 1, m
          w(k) = q(mod(k - 1, size(q, 1)) + 1, i) * k
          u(k, 1) = w(k) / 2
          u(k, 2) = -w(k)
        end do
        do k = 0, size(q, 1) - 1
          t(k) = q(k + 1, i) + k
        end do
        f(i) = sum(w) + maxval(t) - minval(t) + sum(u(:, 1)) * 3 + sum(u(:, 2))
      end block
    end do
  end subroutine
end module

program block_arrays_runtime_shape
  use stencil_mod
  implicit none
  integer, parameter :: n = 3000, p = 5
  real(8) :: q(p, n), f(n), r(n), w
  integer :: i, k, m, pass

  do i = 1, n
    do k = 1, p
      q(k, i) = mod(i * k, 11) - 5
    end do
  end do
  do pass = 1, 2
    m = 3 + 4 * pass
    call smooth(q, f, m)
    do i = 1, n
      r(i) = 0
      do k = 1, m
        w = q(mod(k - 1, p) + 1, i) * k
        r(i) = r(i) + w + w / 2 * 3 - w
      end do
      r(i) = r(i) + (maxval(q(:, i) + [(k, k = 0, p - 1)]) - minval(q(:, i) + [(k, k = 0, p - 1)]))
    end do
    if (any(f /= r)) then
      print '(a)', 'FAIL'
      print *, pass, count(f /= r)
      error stop 1
    end if
  end do
  print '(a,1x,f0.1)', 'PASSED', sum(f)
end program block_arrays_runtime_shape
