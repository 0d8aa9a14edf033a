! bench/mapcheck/flux_local.f90 (issue 30): the flow solver's flux loop
! shape, do concurrent (k = 1:nz, i = 1:nx+1) local(stencil, vals) with a
! 4-element local array filled by an inner DO loop (unrolled: the array in
! registers), in a module procedure called in a time loop. Prints the best
! time and the bandwidth (4 reads of st and a write of fl a point, the reads
! mostly from cache: 2 * 8 bytes counted). Arguments: nx (default 8192),
! nz (default 4096), repetitions (default 10).
module flux_m
  implicit none
  integer, parameter :: hs = 2
  real(8), allocatable :: st(:, :), fl(:, :)
contains
  subroutine flux(nx, nz)
    integer, intent(in) :: nx, nz
    integer :: i, k, s
    real(8) :: stencil(4), vals
    do concurrent (k = 1:nz, i = 1:nx + 1) local(stencil, vals)
      do s = 1, 4
        stencil(s) = st(i - hs - 1 + s, k)
      end do
      vals = -stencil(1) / 12 + 7 * stencil(2) / 12 + 7 * stencil(3) / 12 - stencil(4) / 12
      fl(i, k) = vals
    end do
  end subroutine
end module
program flux_local
  use flux_m
  implicit none
  integer :: nx, nz, nrep, rep, i, k
  integer(8) :: t0, t1, rate, best
  real(8) :: want, err
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
  allocate (st(-1:nx + 2, nz), fl(nx + 1, nz))
  do concurrent (k = 1:nz, i = -1:nx + 2)
    st(i, k) = real(mod(i + 3 * k, 17), 8)
  end do
  best = huge(best)
  do rep = 0, nrep
    call system_clock(t0, rate)
    call flux(nx, nz)
    call system_clock(t1)
    if (rep > 0) best = min(best, t1 - t0)
  end do
  err = 0
  do k = 1, nz, max(1, nz / 37)
    do i = 1, nx + 1, max(1, nx / 41)
      want = -st(i - 2, k) / 12 + 7 * st(i - 1, k) / 12 + 7 * st(i, k) / 12 - st(i + 1, k) / 12
      err = max(err, abs(want - fl(i, k)))
    end do
  end do
  print '(a,i0,a,i0)', 'flux_local nx = ', nx, ', nz = ', nz
  print '(a,f10.3,a)', 'best ', 1d3 * real(best, 8) / real(rate, 8), ' ms'
  print '(a,f10.1,a)', 'bandwidth ', 16d0 * real(nx + 1, 8) * real(nz, 8) / (real(best, 8) / real(rate, 8)) * 1d-9, ' GB/s'
  if (err > 0) error stop 'validation FAILED'
  print '(a)', 'validation PASSED'
end program
