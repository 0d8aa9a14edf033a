! mesh.f90 -- the structured mesh, fields and states of the solver.
!
! A field holds one cell-centred variable with ng halo layers on each side:
! u(1-ng:nx+ng, 1-ng:ny+ng). A state is one field per conserved variable.
module mesh
  use kinds
  implicit none
  private

  public :: bbox_t, field_t, grid_t, state_t, tend_t
  public :: grid_init, grid_free, field_alloc, state_alloc, state_free
  public :: tend_alloc, cell_x, cell_y, cell_area, in_interior
  public :: bathymetry_at, state_copy

  !> axis-aligned bounding box of the domain
  type :: bbox_t
    real(wp) :: xmin = zero
    real(wp) :: xmax = one
    real(wp) :: ymin = zero
    real(wp) :: ymax = one
  end type bbox_t

  !> one cell-centred field with halos and its metadata
  type :: field_t
    character(len=16) :: name = ''
    character(len=16) :: units = ''
    integer :: ng = 2
    real(wp) :: scale = one
    logical :: conserved = .true.
    real(wp), allocatable :: u(:,:)
  end type field_t

  !> the mesh: sizes, spacings, coordinates, bathymetry and wet mask
  type :: grid_t
    integer :: nx = 0
    integer :: ny = 0
    integer :: ng = 2
    integer :: bc_x = BC_PERIODIC
    integer :: bc_y = BC_WALL
    real(wp) :: dx = zero
    real(wp) :: dy = zero
    real(wp) :: f0 = zero        !< Coriolis parameter (f-plane)
    type(bbox_t) :: box
    real(wp), allocatable :: xc(:)
    real(wp), allocatable :: yc(:)
    type(field_t) :: bathy       !< bottom elevation b(x,y)
    logical, allocatable :: wet(:,:)
  end type grid_t

  !> a full model state: one field per conserved variable
  type :: state_t
    type(field_t) :: f(nvar)
    real(wp) :: time = zero
    integer :: step = 0
  end type state_t

  !> tendencies and face fluxes of one right-hand-side evaluation
  type :: tend_t
    real(wp), allocatable :: dq(:,:,:)   !< (nvar, nx, ny)
    real(wp), allocatable :: fx(:,:,:)   !< (nvar, 0:nx, ny): x-face fluxes
    real(wp), allocatable :: fy(:,:,:)   !< (nvar, nx, 0:ny): y-face fluxes
  end type tend_t

contains

  !> Build a uniform nx x ny mesh over box, with bathymetry and wet mask.
  subroutine grid_init(g, nx, ny, box, f0, depth_ref)
    type(grid_t), intent(out) :: g
    integer, intent(in) :: nx, ny
    type(bbox_t), intent(in) :: box
    real(wp), intent(in) :: f0, depth_ref
    integer :: i, j

    g%nx = nx
    g%ny = ny
    g%ng = 2
    g%box = box
    g%f0 = f0
    g%dx = (box%xmax - box%xmin) / real(nx, wp)
    g%dy = (box%ymax - box%ymin) / real(ny, wp)
    allocate(g%xc(1-g%ng:nx+g%ng), g%yc(1-g%ng:ny+g%ng))

    ! cell-centre coordinates, halos included
    do concurrent (i = 1-g%ng:nx+g%ng)
      g%xc(i) = cell_x(g, i)
    end do
    do concurrent (j = 1-g%ng:ny+g%ng)
      g%yc(j) = cell_y(g, j)
    end do

    call field_alloc(g%bathy, g, 'bathymetry', 'm')
    g%bathy%conserved = .false.
    do concurrent (j = 1-g%ng:ny+g%ng, i = 1-g%ng:nx+g%ng)
      g%bathy%u(i, j) = bathymetry_at(g, g%xc(i), g%yc(j), depth_ref)
    end do

    ! a cell is wet where the bottom lies below 90% of the reference depth
    allocate(g%wet(nx, ny))
    g%wet = .false.
    do concurrent (j = 1:ny, i = 1:nx, g%bathy%u(i, j) < 0.9_wp * depth_ref)
      g%wet(i, j) = .true.
    end do
  end subroutine grid_init

  subroutine grid_free(g)
    type(grid_t), intent(inout) :: g
    if (allocated(g%xc)) deallocate(g%xc)
    if (allocated(g%yc)) deallocate(g%yc)
    if (allocated(g%bathy%u)) deallocate(g%bathy%u)
    if (allocated(g%wet)) deallocate(g%wet)
    g%nx = 0
    g%ny = 0
  end subroutine grid_free

  !> Allocate a field on g's mesh with halos, set to zero.
  subroutine field_alloc(fld, g, name, units)
    type(field_t), intent(inout) :: fld
    type(grid_t), intent(in) :: g
    character(len=*), intent(in) :: name, units
    fld%name = name
    fld%units = units
    fld%ng = g%ng
    if (allocated(fld%u)) deallocate(fld%u)
    allocate(fld%u(1-g%ng:g%nx+g%ng, 1-g%ng:g%ny+g%ng))
    fld%u = zero
  end subroutine field_alloc

  subroutine state_alloc(s, g)
    type(state_t), intent(inout) :: s
    type(grid_t), intent(in) :: g
    call field_alloc(s%f(IH), g, 'depth', 'm')
    call field_alloc(s%f(IHU), g, 'x-momentum', 'm2/s')
    call field_alloc(s%f(IHV), g, 'y-momentum', 'm2/s')
    call field_alloc(s%f(IQ), g, 'tracer', 'm')
    s%time = zero
    s%step = 0
  end subroutine state_alloc

  subroutine state_free(s)
    type(state_t), intent(inout) :: s
    integer :: k
    do k = 1, nvar
      if (allocated(s%f(k)%u)) deallocate(s%f(k)%u)
    end do
  end subroutine state_free

  subroutine tend_alloc(t, g)
    type(tend_t), intent(inout) :: t
    type(grid_t), intent(in) :: g
    allocate(t%dq(nvar, g%nx, g%ny))
    allocate(t%fx(nvar, 0:g%nx, g%ny))
    allocate(t%fy(nvar, g%nx, 0:g%ny))
    t%dq = zero
    t%fx = zero
    t%fy = zero
  end subroutine tend_alloc

  !> dst = src, halos included (dst must be allocated on the same mesh).
  subroutine state_copy(dst, src, g)
    type(state_t), intent(inout) :: dst
    type(state_t), intent(in) :: src
    type(grid_t), intent(in) :: g
    integer :: i, j, k
    do concurrent (k = 1:nvar, j = 1-g%ng:g%ny+g%ng, i = 1-g%ng:g%nx+g%ng)
      dst%f(k)%u(i, j) = src%f(k)%u(i, j)
    end do
    dst%time = src%time
    dst%step = src%step
  end subroutine state_copy

  !> x coordinate of the centre of cell column i
  pure real(wp) function cell_x(g, i) result(x)
    type(grid_t), intent(in) :: g
    integer, intent(in) :: i
    x = g%box%xmin + (real(i, wp) - half) * g%dx
  end function cell_x

  !> y coordinate of the centre of cell row j
  pure real(wp) function cell_y(g, j) result(y)
    type(grid_t), intent(in) :: g
    integer, intent(in) :: j
    y = g%box%ymin + (real(j, wp) - half) * g%dy
  end function cell_y

  pure real(wp) function cell_area(g) result(a)
    type(grid_t), intent(in) :: g
    a = g%dx * g%dy
  end function cell_area

  pure logical function in_interior(g, i, j) result(inside)
    type(grid_t), intent(in) :: g
    integer, intent(in) :: i, j
    inside = i >= 1 .and. i <= g%nx .and. j >= 1 .and. j <= g%ny
  end function in_interior

  !> Bottom elevation: a smooth Gaussian seamount in the middle of the basin.
  pure real(wp) function bathymetry_at(g, x, y, depth_ref) result(b)
    type(grid_t), intent(in) :: g
    real(wp), intent(in) :: x, y, depth_ref
    real(wp) :: xm, ym, lx, ly, r2
    xm = half * (g%box%xmin + g%box%xmax)
    ym = half * (g%box%ymin + g%box%ymax)
    lx = g%box%xmax - g%box%xmin
    ly = g%box%ymax - g%box%ymin
    r2 = ((x - xm) / (0.1_wp * lx))**2 + ((y - ym) / (0.1_wp * ly))**2
    b = 0.3_wp * depth_ref * exp(-r2)
  end function bathymetry_at
end module mesh
