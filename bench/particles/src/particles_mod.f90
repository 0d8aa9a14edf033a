! bench/particles/particles_mod.f90: the particle update of issue 13 as real
! codes write it: an allocatable module array of type(particle) (array of
! structs: two nested vector components, a mass and an id, 64 bytes), updated
! in place by a module procedure called in a time loop.
module particles_mod
  implicit none
  type vec3
    real(8) :: x, y, z
  end type vec3
  type particle
    type(vec3) :: r, v
    real(8) :: m
    integer :: id
  end type particle
  type(particle), allocatable :: ps(:)
contains
  subroutine init(n)
    integer, intent(in) :: n
    integer :: i
    allocate(ps(n))
    do i = 1, n
      ps(i)%r = vec3(mod(i, 1000) * 1d-3, mod(i, 997) * 1d-3, 1d0 + mod(i, 13) * 0.1d0)
      ps(i)%v = vec3(0.5d0 - mod(i, 3) * 0.5d0, 0.25d0, 0d0)
      ps(i)%m = 1d0 + mod(i, 7)
      ps(i)%id = i
    end do
  end subroutine init

  subroutine push(dt, g, drag)
    real(8), intent(in) :: dt, g, drag
    integer :: i
    do concurrent (i = 1:size(ps))  ! kernel: push
      ps(i)%v%x = ps(i)%v%x - dt * drag / ps(i)%m * ps(i)%v%x
      ps(i)%v%y = ps(i)%v%y - dt * drag / ps(i)%m * ps(i)%v%y
      ps(i)%v%z = ps(i)%v%z - dt * (g + drag / ps(i)%m * ps(i)%v%z)
      ps(i)%r%x = ps(i)%r%x + dt * ps(i)%v%x
      ps(i)%r%y = ps(i)%r%y + dt * ps(i)%v%y
      ps(i)%r%z = ps(i)%r%z + dt * ps(i)%v%z
      if (ps(i)%r%z < 0) then
        ps(i)%r%z = -ps(i)%r%z
        ps(i)%v%z = -ps(i)%v%z
      end if
    end do
  end subroutine push
end module particles_mod
