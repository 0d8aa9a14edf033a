! Halo exchange (issue 18): a 2-D heat stencil whose rows j are split
! across ranks; the stencil is a do concurrent in a module procedure called
! in a time loop. Each step exchanges the rows next to the neighbours
! (q(1:nx, 0) and q(1:nx, ny+1): contiguous sections) and the columns of a
! periodic x direction with the rank itself (q(0, 1:ny), q(nx+1, 1:ny):
! strided sections), by MPI_Sendrecv. The MPI calls fetch and mark stale
! only those sections (rules/mpi.mg): FGPU_STATS bytes per step are the
! halo bytes (cmd/fgpu/mpi_test.go).
module stencil
  implicit none
contains
  subroutine step(nx, ny, q, qn)
    integer, intent(in) :: nx, ny
    real(8), intent(inout) :: q(0:nx+1, 0:ny+1)
    real(8), intent(inout) :: qn(0:nx+1, 0:ny+1)
    integer :: i, j
    do concurrent (i = 1:nx, j = 1:ny)
      qn(i, j) = q(i, j) + 0.1d0 * (q(i-1, j) + q(i+1, j) + q(i, j-1) + q(i, j+1) - 4d0 * q(i, j))
    end do
    do concurrent (i = 1:nx, j = 1:ny)
      q(i, j) = qn(i, j)
    end do
  end subroutine
end module

program halo
  use mpi
  use stencil
  implicit none
  integer, parameter :: nx = 16, nyg = 24
  integer :: ierr, rank, nprocs, ny, j0, up, down, it, nsteps, i, j
  integer :: stat(MPI_STATUS_SIZE)
  real(8), allocatable :: q(:,:), qn(:,:)
  real(8) :: s, tot
  character(len=16) :: arg

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  nsteps = 10
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read (arg, *) nsteps
  end if
  ny = nyg / nprocs
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
  do it = 1, nsteps
    call MPI_Sendrecv(q(1:nx, ny), nx, MPI_DOUBLE_PRECISION, up, 1, &
                      q(1:nx, 0), nx, MPI_DOUBLE_PRECISION, down, 1, MPI_COMM_WORLD, stat, ierr)
    call MPI_Sendrecv(q(1:nx, 1), nx, MPI_DOUBLE_PRECISION, down, 2, &
                      q(1:nx, ny+1), nx, MPI_DOUBLE_PRECISION, up, 2, MPI_COMM_WORLD, stat, ierr)
    call MPI_Sendrecv(q(nx, 1:ny), ny, MPI_DOUBLE_PRECISION, rank, 3, &
                      q(0, 1:ny), ny, MPI_DOUBLE_PRECISION, rank, 3, MPI_COMM_WORLD, stat, ierr)
    call MPI_Sendrecv(q(1, 1:ny), ny, MPI_DOUBLE_PRECISION, rank, 4, &
                      q(nx+1, 1:ny), ny, MPI_DOUBLE_PRECISION, rank, 4, MPI_COMM_WORLD, stat, ierr)
    call step(nx, ny, q, qn)
  end do
  s = 0d0
  do j = 1, ny
    do i = 1, nx
      s = s + q(i, j) * real(i + j0 + j, 8)
    end do
  end do
  call MPI_Reduce(s, tot, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) write (*, '(a, f18.4)') 'checksum ', tot
  call MPI_Finalize(ierr)
end program
