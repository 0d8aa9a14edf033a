! NAMELIST input and output through internal files and a scratch unit.
program namelist_io
  implicit none
  integer :: nx = 10, ny = 20, nsteps = 100
  real(8) :: dt = 1.0d-3, alpha = 0.5d0
  logical :: verbose = .false.
  character(len=32) :: run_name = 'default'
  real :: coeffs(4) = 0.0
  namelist /grid/ nx, ny
  namelist /solver/ nsteps, dt, alpha, verbose, run_name, coeffs
  integer :: u, ios
  character(len=256) :: config

  config = "&grid nx=64, ny=32 /"
  read (config, nml=grid, iostat=ios)
  if (ios /= 0) print *, 'error reading grid namelist'

  open (newunit=u, status='scratch', action='readwrite')
  write (u, '(a)') '&solver'
  write (u, '(a)') '  nsteps = 500, dt = 2.5d-4,'
  write (u, '(a)') "  verbose = .true., run_name = 'heat_run'"
  write (u, '(a)') '  coeffs = 1.0, 2.0, 3*0.5'
  write (u, '(a)') '/'
  rewind (u)
  read (u, nml=solver, iostat=ios)
  close (u)
  if (ios /= 0) then
    print *, 'error reading solver namelist, iostat =', ios
  end if

  write (*, nml=grid)
  write (*, solver)
  print *, 'cells =', nx * ny, ' total time =', nsteps * dt
end program namelist_io
