! An array of a type with type-bound procedures updated in place by a
! binding called in the loop (call ps(i)%move(dt), the object passed to
! its class(p_t) dummy: no type extends p_t, so the binding is known),
! with a function binding read in a second loop; the host changes one
! element between the steps. The type cannot be handed to the launch as
! type(*): the launching procedure hands over its address (an internal
! function with a TARGET dummy and C_LOC).
module movers_mod
  implicit none
  type p_t
    real(8) :: x, v
    integer :: hits
  contains
    procedure :: move
    procedure :: energy
  end type p_t
contains
  pure subroutine move(self, dt)
    class(p_t), intent(inout) :: self
    real(8), intent(in) :: dt
    self%x = self%x + dt * self%v
    if (self%x > 100) then
      self%x = self%x - 100
      self%hits = self%hits + 1
    end if
  end subroutine move
  pure real(8) function energy(self)
    class(p_t), intent(in) :: self
    energy = 0.5d0 * self%v**2
  end function energy
end module movers_mod

program dt_type_bound_update
  use movers_mod
  implicit none
  integer, parameter :: n = 4000
  type(p_t), allocatable :: ps(:), rs(:)
  real(8) :: e(n)
  integer :: i, s
  allocate(ps(n))
  do i = 1, n
    ps(i) = p_t(real(mod(i, 97), 8), 1d0 + mod(i, 5), 0)
  end do
  rs = ps
  do s = 1, 40
    do concurrent (i = 1:n)
      call ps(i)%move(0.5d0)
    end do
    ps(3)%v = ps(3)%v + 1
  end do
  do concurrent (i = 1:n)
    e(i) = ps(i)%energy()
  end do
  do s = 1, 40
    do i = 1, n
      call rs(i)%move(0.5d0)
    end do
    rs(3)%v = rs(3)%v + 1
  end do
  do i = 1, n
    if (ps(i)%x /= rs(i)%x .or. ps(i)%hits /= rs(i)%hits .or. e(i) /= rs(i)%energy()) then
      print '(a, i0)', 'FAIL at ', i
      error stop 1
    end if
  end do
  print '(es24.16, i8)', sum(e), sum(ps%hits)
end program dt_type_bound_update
