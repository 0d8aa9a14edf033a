! A mesh type with allocatable coordinate components used by a flux loop:
! the mesh is a dummy of a subroutine called in a time loop, its coordinates
! and cell values are allocatable components (each a device buffer of its
! own), the number of cells a scalar component read on the host for the loop
! limits, and a nested type holds the face areas.
module mesh_mod
  implicit none
  type faces_t
    real(8), allocatable :: area(:)
  end type faces_t
  type mesh_t
    integer :: ncell
    real(8), allocatable :: xc(:), u(:), flux(:)
    type(faces_t) :: faces
  end type mesh_t
contains
  subroutine fluxes(m, a)
    type(mesh_t), intent(inout) :: m
    real(8), intent(in) :: a
    integer :: f
    do concurrent (f = 2:m%ncell)
      m%flux(f) = m%faces%area(f) * a * (m%u(f) - m%u(f - 1)) / (m%xc(f) - m%xc(f - 1))
    end do
  end subroutine fluxes

  subroutine update(m, dt)
    type(mesh_t), intent(inout) :: m
    real(8), intent(in) :: dt
    integer :: c
    do concurrent (c = 2:m%ncell - 1)
      m%u(c) = m%u(c) + dt * (m%flux(c + 1) - m%flux(c))
    end do
  end subroutine update
end module mesh_mod

program dt_mesh_flux
  use mesh_mod
  implicit none
  type(mesh_t) :: m
  real(8), allocatable :: u(:), fl(:)
  integer :: i, step

  m%ncell = 5000
  allocate(m%xc(m%ncell), m%u(m%ncell), m%flux(m%ncell + 1), m%faces%area(m%ncell + 1))
  do i = 1, m%ncell
    m%xc(i) = i + 0.1d0 * sin(real(i, 8))
    m%u(i) = merge(1d0, 0d0, i > m%ncell / 3 .and. i < 2 * m%ncell / 3)
  end do
  m%faces%area = 1
  m%faces%area(m%ncell / 2) = 0.5d0
  m%flux = 0
  u = m%u
  fl = m%flux
  do step = 1, 300
    call fluxes(m, 0.2d0)
    call update(m, 0.5d0)
  end do
  ! The same steps serially: the same bits.
  do step = 1, 300
    do i = 2, m%ncell
      fl(i) = m%faces%area(i) * 0.2d0 * (u(i) - u(i - 1)) / (m%xc(i) - m%xc(i - 1))
    end do
    do i = 2, m%ncell - 1
      u(i) = u(i) + 0.5d0 * (fl(i + 1) - fl(i))
    end do
  end do
  if (any(u /= m%u) .or. any(fl /= m%flux)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a, es24.16)', 'mass ', sum(m%u)
  print '(a, es24.16)', 'u(mid) ', m%u(m%ncell / 2)
  print '(a, es24.16)', 'u(1/3) ', m%u(m%ncell / 3)
end program dt_mesh_flux
