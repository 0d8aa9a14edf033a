! FLAGS: --gpu=metal
! Design doc, "What the check has to look at": "A derived-type value used as a
! whole (passed to a procedure, assigned, copied) ... is judged by all of its
! components, recursively".
! A type-bound procedure is handed its object whole (the passed-object dummy),
! even when it reads only a real(4) component.
module particle_mod
  implicit none
  type :: particle
    real :: mass
    real(8) :: energy
  contains
    procedure :: twice_mass
  end type particle
  type :: light_particle
    real :: mass
  contains
    procedure :: twice_light
  end type light_particle
contains
  pure real function twice_mass(self)
    class(particle), intent(in) :: self
    twice_mass = 2 * self%mass
  end function twice_mass

  pure real function twice_light(self)
    class(light_particle), intent(in) :: self
    twice_light = 2 * self%mass
  end function twice_light
end module particle_mod

program type_bound_metal
  use particle_mod
  implicit none
  integer, parameter :: n = 8
  type(particle) :: p(n)
  type(light_particle) :: l(n)
  real :: y1(n), y2(n)
  integer :: i

  do i = 1, n
    p(i)%mass = i
    p(i)%energy = 0
    l(i)%mass = i
  end do

  do concurrent (i = 1:n)  ! WANT: error real8_on_metal
    y1(i) = p(i)%twice_mass()
  end do

  do concurrent (i = 1:n)  ! WANT: offload
    y2(i) = l(i)%twice_light()
  end do

  if (any(y1 /= 2 * p%mass) .or. any(y2 /= y1)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a)', 'PASSED'
end program type_bound_metal
