! Derived types with default initialization, nested components, allocatable and pointer
! components, structure constructors with keywords, and deep component references a%b(i)%c.
module mesh_types
  implicit none
  integer, parameter :: dp = kind(1.0d0)

  type :: vertex_t
    real(dp) :: coords(3) = 0.0_dp
    integer :: id = -1
  end type vertex_t

  type :: cell_t
    integer :: nodes(4) = 0
    real(dp) :: volume = 0.0_dp
    logical :: active = .true.
  end type cell_t

  type :: mesh_t
    character(len=32) :: name = 'unnamed'
    type(vertex_t), allocatable :: verts(:)
    type(cell_t), allocatable :: cells(:)
    real(dp), pointer :: scratch(:) => null()
    integer :: nverts = 0, ncells = 0
  end type mesh_t

  type :: simulation_t
    type(mesh_t) :: mesh
    real(dp) :: time = 0.0_dp, dt = 1.0e-3_dp
  end type simulation_t
end module mesh_types

program derived_type_components
  use mesh_types
  implicit none
  type(simulation_t), target :: sim
  type(vertex_t) :: v
  type(cell_t) :: c
  integer :: i

  v = vertex_t(coords=[1.0_dp, 2.0_dp, 3.0_dp], id=7)
  c = cell_t([1, 2, 3, 4], 0.5_dp, .false.)
  sim%mesh%name = 'unit cube'
  sim%mesh%nverts = 8
  allocate(sim%mesh%verts(sim%mesh%nverts))
  do i = 1, sim%mesh%nverts
    sim%mesh%verts(i)%id = i
    sim%mesh%verts(i)%coords = [real(mod(i-1, 2), dp), real(mod((i-1)/2, 2), dp), &
                                real((i-1)/4, dp)]
  end do
  sim%mesh%ncells = 2
  allocate(sim%mesh%cells(2), source=c)
  sim%mesh%cells(2)%active = .true.
  sim%mesh%cells(2)%nodes(3) = 8

  print *, trim(sim%mesh%name), sim%mesh%verts(8)%coords, sim%mesh%verts(3)%coords(2)
  print *, 'ids:', sim%mesh%verts(:)%id
  print *, 'x coords:', sim%mesh%verts%coords(1)
  print *, 'active cells:', count(sim%mesh%cells%active), sim%mesh%cells(2)%nodes
  print *, v%id, v%coords(3), c%volume

  allocate(sim%mesh%scratch(sim%mesh%nverts))
  sim%mesh%scratch = sim%mesh%verts%coords(3)
  print *, 'scratch:', sim%mesh%scratch, associated(sim%mesh%scratch)
  deallocate(sim%mesh%scratch)
  sim%time = sim%time + 10 * sim%dt
  print '(a, f8.4)', 'time = ', sim%time
end program derived_type_components
