! An associate name bound to the run-time shaped result of a function
! call inside an offloaded loop (associate (y => get_values(...))): the
! call is made once, on entry, into an array of the iteration the name
! then reads. The loop is in a module procedure over module arrays, called
! in a time loop; the host's answer: the same construct in a plain DO loop.
module assoc_res_mod
  implicit none
  real, allocatable :: u(:, :), v(:)
contains
  pure function get_values(x, k) result(r)
    real, intent(in) :: x(:)
    integer, intent(in) :: k
    real :: r(size(x) - 1)
    integer :: j
    do j = 1, size(r)
      r(j) = x(j + 1) - x(j) + k * 0.25e0
    end do
  end function

  subroutine advance(n, dt)
    integer, intent(in) :: n
    real, intent(in) :: dt
    integer :: i
    do concurrent (i = 1:n)
      associate (y => get_values(u(:, i), i))
        v(i) = v(i) + dt * (sum(y * y) + maxval(y) - y(1))
      end associate
    end do
  end subroutine
end module

program assoc_result_shape
  use assoc_res_mod
  implicit none
  real, allocatable :: hv(:)
  integer :: m, n, i, j, it
  m = 9
  n = 5000
  allocate(u(m, n), v(n), hv(n))
  do i = 1, n
    do j = 1, m
      u(j, i) = mod(3 * i + j * j, 23) * 0.0625e0
    end do
  end do
  v = 0
  hv = 0
  do it = 1, 6
    call advance(n, 1e-2 * it)
    do i = 1, n
      associate (y => get_values(u(:, i), i))
        hv(i) = hv(i) + 1e-2 * it * (sum(y * y) + maxval(y) - y(1))
      end associate
    end do
    if (any(v /= hv)) then
      print '(a, i3)', 'FAIL at step', it
      error stop 1
    end if
  end do
  print '(a, es16.8)', 'sum', sum(v)
end program
