! One-line IFs whose condition reads data a kernel wrote, and whose action
! reads or writes it too (separate memory: the condition's fetch goes
! before the IF, the action's inside the IF construct it becomes).
module sif_data
  implicit none
  integer, parameter :: n = 400
  real(8) :: b(n), c(n)
  integer :: hits = 0
contains
  subroutine relax(t)
    integer, intent(in) :: t
    integer :: i
    do concurrent (i = 1:n)
      b(i) = 0.5d0 + 0.25d0*mod(t + i, 3)
      c(i) = real(mod(t*i, 7), 8)
    end do
  end subroutine relax

  subroutine scale(x, m, f)
    integer, intent(in) :: m
    real(8), intent(inout) :: x(m)
    real(8), intent(in) :: f
    integer :: i
    do concurrent (i = 1:m)
      x(i) = x(i)*f
    end do
  end subroutine scale

  subroutine check_step(t, acc)
    integer, intent(in) :: t
    real(8), intent(inout) :: acc
    if (b(1) /= 0.5d0) hits = hits + 1 + int(b(2))
    if (c(3) > 2.5d0) acc = acc + c(3) + b(4)
    if (b(n) > 0.6d0) c(n) = c(n) + 100*t
    if (c(n) > 3000) c(1) = -c(n)
  end subroutine check_step
end module sif_data

program sync_if_condition
  use sif_data
  implicit none
  integer :: t, k
  real(8) :: acc, w(50)
  acc = 0
  w = 1
  do t = 1, 40
    call relax(t)
    call check_step(t, acc)
    call scale(w, 50, 1.0d0 + 0.01d0*mod(t, 3))
    if (w(7) > 1.2d0) w(7:9) = w(7:9) - 0.1d0
    if (c(1) < 0) acc = acc + 1
  end do
  k = 0
  do t = 1, 50
    if (w(t) > 1.3d0) k = k + 1
  end do
  print '(i6, f16.6, i4, f16.6)', hits, acc, k, sum(w)
  print '(3f14.6)', c(1), c(n), b(n)
  if (hits <= 0 .or. acc <= 0) error stop 'FAIL: no hit'
end program sync_if_condition
