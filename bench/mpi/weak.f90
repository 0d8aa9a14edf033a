! Weak scaling of a halo-exchange stencil over MPI ranks (issue 18,
! bench/mpi/README.md). Every rank owns nx x ny cells of a 2-D heat
! equation (rows j split across ranks, the whole x extent per rank), the
! stencil is a do concurrent in a module procedure called in a time loop,
! and each step exchanges the rows next to the neighbours with
! MPI_Irecv/MPI_Isend of contiguous sections of q while the device updates
! the interior rows that do not need them (the overlap real codes use),
! then the two boundary rows. Prints: ranks, the mean time of a step (the
! slowest rank), the halo bytes a rank sends and receives per step, and a
! checksum (identical to the host compiler's MPI build).
!   weak NX NY STEPS
module weak_mod
  implicit none
contains
  subroutine interior(nx, ny, q, qn)
    integer, intent(in) :: nx, ny
    real(8), intent(in) :: q(0:nx+1, 0:ny+1)
    real(8), intent(inout) :: qn(0:nx+1, 0:ny+1)
    integer :: i, j
    do concurrent (i = 1:nx, j = 2:ny-1)
      qn(i, j) = q(i, j) + 0.1d0 * (q(i-1, j) + q(i+1, j) + q(i, j-1) + q(i, j+1) - 4d0 * q(i, j))
    end do
  end subroutine

  subroutine boundary(nx, ny, q, qn)
    integer, intent(in) :: nx, ny
    real(8), intent(in) :: q(0:nx+1, 0:ny+1)
    real(8), intent(inout) :: qn(0:nx+1, 0:ny+1)
    integer :: i, k, j
    do concurrent (i = 1:nx, k = 1:2)
      j = merge(1, ny, k == 1)
      qn(i, j) = q(i, j) + 0.1d0 * (q(i-1, j) + q(i+1, j) + q(i, j-1) + q(i, j+1) - 4d0 * q(i, j))
    end do
  end subroutine

  subroutine copy_back(nx, ny, q, qn)
    integer, intent(in) :: nx, ny
    real(8), intent(inout) :: q(0:nx+1, 0:ny+1)
    real(8), intent(in) :: qn(0:nx+1, 0:ny+1)
    integer :: i, j
    do concurrent (i = 1:nx, j = 1:ny)
      q(i, j) = qn(i, j)
    end do
  end subroutine

  function now() result(t)
    use mpi
    real(8) :: t
    t = MPI_Wtime()
  end function
end module

program weak
  use mpi
  use weak_mod
  implicit none
  integer :: nx, ny, nsteps, ierr, rank, nprocs, up, down, it, i, j, j0
  integer :: reqs(4)
  real(8), allocatable :: q(:,:), qn(:,:)
  real(8) :: t0, t1, dt, dtmax, s, tot
  character(len=32) :: arg

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  nx = 1024
  ny = 256
  nsteps = 20
  if (command_argument_count() >= 3) then
    call get_command_argument(1, arg)
    read (arg, *) nx
    call get_command_argument(2, arg)
    read (arg, *) ny
    call get_command_argument(3, arg)
    read (arg, *) nsteps
  end if
  j0 = rank * ny
  up = rank + 1
  down = rank - 1
  if (up >= nprocs) up = MPI_PROC_NULL
  if (down < 0) down = MPI_PROC_NULL
  allocate(q(0:nx+1, 0:ny+1), qn(0:nx+1, 0:ny+1))
  q = 0d0
  qn = 0d0
  do j = 1, ny
    do i = 1, nx
      q(i, j) = real(mod(i * 7 + (j0 + j) * 13, 17), 8)
    end do
  end do
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = 0d0
  do it = 0, nsteps
    if (it == 1) then
      ! The first step warms up (device buffers, kernel loading).
      call MPI_Barrier(MPI_COMM_WORLD, ierr)
      t0 = now()
    end if
    call MPI_Irecv(q(1:nx, 0), nx, MPI_DOUBLE_PRECISION, down, 1, MPI_COMM_WORLD, reqs(1), ierr)
    call MPI_Irecv(q(1:nx, ny+1), nx, MPI_DOUBLE_PRECISION, up, 2, MPI_COMM_WORLD, reqs(2), ierr)
    call MPI_Isend(q(1:nx, ny), nx, MPI_DOUBLE_PRECISION, up, 1, MPI_COMM_WORLD, reqs(3), ierr)
    call MPI_Isend(q(1:nx, 1), nx, MPI_DOUBLE_PRECISION, down, 2, MPI_COMM_WORLD, reqs(4), ierr)
    call interior(nx, ny, q, qn)
    call MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE, ierr)
    call boundary(nx, ny, q, qn)
    call copy_back(nx, ny, q, qn)
  end do
  s = 0d0
  do j = 1, ny
    do i = 1, nx
      s = s + q(i, j) * real(mod(i + j0 + j, 11), 8)
    end do
  end do
  t1 = now()
  dt = (t1 - t0) / max(nsteps, 1)
  call MPI_Reduce(dt, dtmax, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  call MPI_Reduce(s, tot, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) then
    write (*, '(a, i3, a, es11.4, a, i9, a, f24.6)') 'ranks ', nprocs, ' step_s ', dtmax, &
      ' halo_bytes_per_rank ', 2 * 2 * nx * 8, ' checksum ', tot
  end if
  call MPI_Finalize(ierr)
end program
