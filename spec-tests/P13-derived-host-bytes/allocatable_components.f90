! Design doc, "The offloading pipeline": "An allocatable array component is
! handed over in device buffers of its own. So is one of a component that is
! a derived-type value itself (self%input_map_%slope_)".
! A state type with allocatable components, one of them in a nested
! component (s%g%w), and a fixed-size array component; loops in a subroutine
! that takes the value as a dummy, called in a time loop; the host reads and
! writes single components between the launches (each a buffer of its own).
module state_mod
  implicit none
  type grid_t
    integer :: nx
    real(8), allocatable :: w(:)
  end type grid_t
  type state_t
    real(8), allocatable :: u(:), v(:)
    type(grid_t) :: g
    real(8) :: coef(2)
    integer :: steps
  end type state_t
contains
  subroutine relax(s)
    type(state_t), intent(inout) :: s
    integer :: i
    do concurrent (i = 2:s%g%nx - 1)  ! WANT: offload
      s%v(i) = s%coef(1) * (s%u(i - 1) + s%u(i + 1)) + s%coef(2) * s%g%w(i)
    end do
    do concurrent (i = 2:s%g%nx - 1)  ! WANT: offload
      s%u(i) = s%v(i)
    end do
  end subroutine relax
end module state_mod

program allocatable_components
  use state_mod
  implicit none
  type(state_t) :: s
  real(8), allocatable :: u(:), v(:)
  integer :: i, it, n

  n = 3001
  s%g%nx = n
  allocate(s%u(n), s%v(n), s%g%w(n), u(n), v(n))
  do i = 1, n
    s%u(i) = mod(i * 37, 101)
    s%g%w(i) = mod(i, 7) - 3
  end do
  s%v = 0
  s%coef = [0.5d0, 0.125d0]
  u = s%u
  v = s%v
  do it = 1, 20
    call relax(s)
    if (it == 10) then
      s%coef(2) = 0.25d0          ! a host write of one component
      s%u(n / 2) = s%u(n / 2) + 1 ! of another, after reading it
    end if
  end do
  do it = 1, 20
    do i = 2, n - 1
      v(i) = merge(0.125d0, 0.25d0, it <= 10) * s%g%w(i)
      v(i) = 0.5d0 * (u(i - 1) + u(i + 1)) + v(i)
    end do
    u(2:n - 1) = v(2:n - 1)
    if (it == 10) u(n / 2) = u(n / 2) + 1
  end do
  if (any(abs(s%u - u) > 1d-9 * maxval(abs(u))) .or. any(abs(s%v - v) > 1d-9 * maxval(abs(v)))) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program allocatable_components
