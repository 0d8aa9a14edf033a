! An array of particles updated in place (array of structs): a module array
! of type(particle) with nested vector components, a module procedure doing
! the update in a time loop, a conditional bounce that writes components
! of the element, and a kinetic-energy reduction over components.
module particles_mod
  implicit none
  type vec3
    real(8) :: x, y, z
  end type vec3
  type particle
    type(vec3) :: r, v
    real(8) :: m
    integer :: bounces
  end type particle
  type(particle), allocatable :: ps(:)
contains
  subroutine push(dt, g)
    real(8), intent(in) :: dt, g
    integer :: i
    do concurrent (i = 1:size(ps))
      ps(i)%v%z = ps(i)%v%z - g * dt
      ps(i)%r%x = ps(i)%r%x + dt * ps(i)%v%x
      ps(i)%r%y = ps(i)%r%y + dt * ps(i)%v%y
      ps(i)%r%z = ps(i)%r%z + dt * ps(i)%v%z
      if (ps(i)%r%z < 0) then
        ps(i)%r%z = -ps(i)%r%z
        ps(i)%v%z = -0.9d0 * ps(i)%v%z
        ps(i)%bounces = ps(i)%bounces + 1
      end if
    end do
  end subroutine push

  real(8) function kinetic() result(e)
    real(8), allocatable :: ke(:)
    integer :: i
    allocate(ke(size(ps)))
    do concurrent (i = 1:size(ps))
      ke(i) = 0.5d0 * ps(i)%m * (ps(i)%v%x**2 + ps(i)%v%y**2 + ps(i)%v%z**2)
    end do
    e = sum(ke)
  end function kinetic
end module particles_mod

program dt_particles_aos
  use particles_mod
  implicit none
  integer, parameter :: n = 20000
  integer :: i, step, total
  real(8) :: e0, e1
  type(particle), allocatable :: q(:)

  allocate(ps(n))
  do i = 1, n
    ps(i)%r = vec3(mod(i, 100) * 0.1d0, mod(i, 37) * 0.2d0, 1d0 + mod(i, 11))
    ps(i)%v = vec3(0.5d0 - mod(i, 3), 0.25d0, 0d0)
    ps(i)%m = 1d0 + mod(i, 5)
    ps(i)%bounces = 0
  end do
  e0 = kinetic()
  q = ps
  do step = 1, 500
    call push(1d-3 * 4, 9.81d0)
  end do
  ! The same steps serially: the same bits.
  do step = 1, 500
    do i = 1, n
      q(i)%v%z = q(i)%v%z - 9.81d0 * (1d-3 * 4)
      q(i)%r%x = q(i)%r%x + (1d-3 * 4) * q(i)%v%x
      q(i)%r%y = q(i)%r%y + (1d-3 * 4) * q(i)%v%y
      q(i)%r%z = q(i)%r%z + (1d-3 * 4) * q(i)%v%z
      if (q(i)%r%z < 0) then
        q(i)%r%z = -q(i)%r%z
        q(i)%v%z = -0.9d0 * q(i)%v%z
        q(i)%bounces = q(i)%bounces + 1
      end if
    end do
  end do
  do i = 1, n
    if (q(i)%r%x /= ps(i)%r%x .or. q(i)%r%y /= ps(i)%r%y .or. q(i)%r%z /= ps(i)%r%z &
        .or. q(i)%v%z /= ps(i)%v%z .or. q(i)%bounces /= ps(i)%bounces) then
      print '(a, i0)', 'FAIL at ', i
      error stop 1
    end if
  end do
  e1 = kinetic()
  total = 0
  do i = 1, n
    total = total + ps(i)%bounces
  end do
  print '(a, i0)', 'bounces ', total
  print '(a, f14.6)', 'e0 ', e0
  print '(a, f14.3)', 'e1 ', e1
  print '(a, 3f14.8)', 'p1 ', ps(1)%r%x, ps(1)%r%y, ps(1)%r%z
  print '(a, 3f14.8)', 'pn ', ps(n)%r%x, ps(n)%r%y, ps(n)%r%z
end program dt_particles_aos
