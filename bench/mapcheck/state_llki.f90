! bench/mapcheck/state_llki.f90 (issue 30): the flow solver's simplest
! loop, do concurrent (ll = 1:nv, k = 1:nz, i = 1:nx) over state(i, k, ll)
! -- the stride-1 index last in the header --, three arrays and one
! multiply-add, in a module procedure called in a time loop. Prints the best
! time and the bandwidth (3 * 8 bytes a point). Arguments: nx (default
! 8192), nz (default 4096), repetitions (default 10).
module state_m
  implicit none
  integer, parameter :: nv = 4
  real(8), allocatable :: state(:, :, :), state0(:, :, :), tend(:, :, :)
contains
  subroutine update(nx, nz, dt)
    integer, intent(in) :: nx, nz
    real(8), intent(in) :: dt
    integer :: i, k, ll
    do concurrent (ll = 1:nv, k = 1:nz, i = 1:nx)
      state(i, k, ll) = state0(i, k, ll) + dt * tend(i, k, ll)
    end do
  end subroutine
end module
program state_llki
  use state_m
  implicit none
  integer :: nx, nz, nrep, rep, i, k, ll
  integer(8) :: t0, t1, rate, best
  character(32) :: arg
  nx = 8192
  nz = 4096
  nrep = 10
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) nx
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) nz
  end if
  if (command_argument_count() >= 3) then
    call get_command_argument(3, arg)
    read (arg, *) nrep
  end if
  allocate (state(nx, nz, nv), state0(nx, nz, nv), tend(nx, nz, nv))
  do concurrent (ll = 1:nv, k = 1:nz, i = 1:nx)
    state0(i, k, ll) = real(i + k + ll, 8)
    tend(i, k, ll) = real(ll, 8)
    state(i, k, ll) = 0
  end do
  best = huge(best)
  do rep = 0, nrep
    call system_clock(t0, rate)
    call update(nx, nz, 0.5d0)
    call system_clock(t1)
    if (rep > 0) best = min(best, t1 - t0)
  end do
  print '(a,i0,a,i0)', 'state_llki nx = ', nx, ', nz = ', nz
  print '(a,f10.3,a)', 'best ', 1d3 * real(best, 8) / real(rate, 8), ' ms'
  print '(a,f10.1,a)', 'bandwidth ', 24d0 * real(nx, 8) * real(nz, 8) * nv / (real(best, 8) / real(rate, 8)) * 1d-9, ' GB/s'
  if (any(state /= state0 + 0.5d0 * tend)) error stop 'validation FAILED'
  print '(a)', 'validation PASSED'
end program
