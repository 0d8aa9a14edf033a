! Abstract time-integrator class hierarchy with deferred procedures and a polymorphic driver.
module integrator_classes
  implicit none
  integer, parameter :: rk = kind(1.0d0)

  type, abstract :: state_t
  contains
    procedure(rhs_iface), deferred :: rhs
  end type state_t

  abstract interface
    function rhs_iface(self, y) result(dy)
      import :: state_t, rk
      class(state_t), intent(in) :: self
      real(rk), intent(in) :: y(:)
      real(rk) :: dy(size(y))
    end function rhs_iface
  end interface

  type, abstract :: integrator_t
    real(rk) :: dt = 0.01_rk
  contains
    procedure(step_iface), deferred :: step
  end type integrator_t

  abstract interface
    subroutine step_iface(self, sys, y)
      import :: integrator_t, state_t, rk
      class(integrator_t), intent(in) :: self
      class(state_t), intent(in) :: sys
      real(rk), intent(inout) :: y(:)
    end subroutine step_iface
  end interface

  type, extends(integrator_t) :: euler_t
  contains
    procedure :: step => euler_step
  end type euler_t

  type, extends(integrator_t) :: heun_t
  contains
    procedure :: step => heun_step
  end type heun_t

  type, extends(state_t) :: decay_t
    real(rk) :: lambda = 1.0_rk
  contains
    procedure :: rhs => decay_rhs
  end type decay_t
contains
  subroutine euler_step(self, sys, y)
    class(euler_t), intent(in) :: self
    class(state_t), intent(in) :: sys
    real(rk), intent(inout) :: y(:)
    y = y + self%dt * sys%rhs(y)
  end subroutine euler_step

  subroutine heun_step(self, sys, y)
    class(heun_t), intent(in) :: self
    class(state_t), intent(in) :: sys
    real(rk), intent(inout) :: y(:)
    real(rk) :: k1(size(y)), k2(size(y))
    k1 = sys%rhs(y)
    k2 = sys%rhs(y + self%dt * k1)
    y = y + 0.5_rk * self%dt * (k1 + k2)
  end subroutine heun_step

  function decay_rhs(self, y) result(dy)
    class(decay_t), intent(in) :: self
    real(rk), intent(in) :: y(:)
    real(rk) :: dy(size(y))
    dy = -self%lambda * y
  end function decay_rhs
end module integrator_classes

program time_integrator_abstract
  use integrator_classes
  implicit none
  class(integrator_t), allocatable :: method
  type(decay_t) :: sys
  real(rk) :: y(1)
  integer :: k, n
  do k = 1, 2
    if (k == 1) then
      allocate(euler_t :: method)
    else
      allocate(heun_t :: method)
    end if
    method%dt = 0.001_rk
    y = 1.0_rk
    do n = 1, 1000
      call method%step(sys, y)
    end do
    print '(i2, a, es12.4)', k, ' error vs exp(-1): ', abs(y(1) - exp(-1.0_rk))
    deallocate(method)
  end do
end program time_integrator_abstract
