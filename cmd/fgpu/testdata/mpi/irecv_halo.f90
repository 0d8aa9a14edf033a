! Non-blocking halo exchange (issue 18): the stencil of halo.f90 with the
! halos received by MPI_Irecv while the device adds a source term to q
! (the overlap of communication and computation real codes use), sent by
! MPI_Isend, completed by MPI_Waitall and by MPI_Wait of each request, with
! a timer wrapper (an external call: MPI_Wtime) while the receives are in
! flight on the first step. The rows are sections of q (contiguous); the
! periodic columns are packed by a kernel into cs and received whole into
! cr_lo and cr_hi, which a kernel unpacks (a strided section handed to a
! non-blocking call would be a temporary copy the compiler frees at once).
! The runtime learns of each transfer right after its call (rules/mpi.mg
! async_start): it never copies the device's values over a receive's
! elements, and the device gets them after the wait. FGPU_STATS bytes per
! step are the halo bytes (cmd/fgpu/mpi_test.go).
module stencil_nb
  implicit none
contains
  subroutine add_source(nx, ny, j0, it, q)
    integer, intent(in) :: nx, ny, j0, it
    real(8), intent(inout) :: q(0:nx+1, 0:ny+1)
    integer :: i, j
    do concurrent (i = 1:nx, j = 1:ny)
      q(i, j) = q(i, j) + 0.01d0 * real(mod(i + 3 * (j0 + j) + it, 5), 8)
    end do
  end subroutine

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

  subroutine pack_cols(nx, ny, q, cs)
    integer, intent(in) :: nx, ny
    real(8), intent(in) :: q(0:nx+1, 0:ny+1)
    real(8), intent(out) :: cs(ny, 2)
    integer :: j
    do concurrent (j = 1:ny)
      cs(j, 1) = q(nx, j)
      cs(j, 2) = q(1, j)
    end do
  end subroutine

  subroutine unpack_cols(nx, ny, q, cr_lo, cr_hi)
    integer, intent(in) :: nx, ny
    real(8), intent(inout) :: q(0:nx+1, 0:ny+1)
    real(8), intent(in) :: cr_lo(ny), cr_hi(ny)
    integer :: j
    do concurrent (j = 1:ny)
      q(0, j) = cr_lo(j)
      q(nx+1, j) = cr_hi(j)
    end do
  end subroutine

  function wtime() result(t)
    use mpi
    real(8) :: t
    t = MPI_Wtime()
  end function
end module

program irecv_halo
  use mpi
  use stencil_nb
  implicit none
  integer, parameter :: nx = 16, nyg = 24
  integer :: ierr, rank, nprocs, ny, j0, up, down, it, nsteps, i, j, k
  integer :: reqs(8), req
  real(8), allocatable :: q(:,:), qn(:,:), cs(:,:), cr_lo(:), cr_hi(:)
  real(8) :: s, tot, t0
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
  allocate(q(0:nx+1, 0:ny+1), qn(0:nx+1, 0:ny+1), cs(ny, 2), cr_lo(ny), cr_hi(ny))
  cr_lo = 0d0
  cr_hi = 0d0
  q = 0d0
  qn = 0d0
  do j = 1, ny
    do i = 1, nx
      q(i, j) = real(mod(i * 7 + (j0 + j) * 13, 17), 8)
    end do
  end do
  t0 = 0d0
  do it = 1, nsteps
    ! The rows first arrive from the neighbours, the periodic columns
    ! from the rank itself.
    call MPI_Irecv(q(1:nx, 0), nx, MPI_DOUBLE_PRECISION, down, 1, MPI_COMM_WORLD, reqs(1), ierr)
    call MPI_Irecv(q(1:nx, ny+1), nx, MPI_DOUBLE_PRECISION, up, 2, MPI_COMM_WORLD, reqs(2), ierr)
    call MPI_Irecv(cr_lo, ny, MPI_DOUBLE_PRECISION, rank, 3, MPI_COMM_WORLD, req, ierr)
    call MPI_Irecv(cr_hi, ny, MPI_DOUBLE_PRECISION, rank, 4, &
                   MPI_COMM_WORLD, reqs(4), ierr)
    call add_source(nx, ny, j0, it, q)
    if (it == 1) t0 = wtime()
    call MPI_Isend(q(1:nx, ny), nx, MPI_DOUBLE_PRECISION, up, 1, MPI_COMM_WORLD, reqs(5), ierr)
    call MPI_Isend(q(1:nx, 1), nx, MPI_DOUBLE_PRECISION, down, 2, MPI_COMM_WORLD, reqs(6), ierr)
    call pack_cols(nx, ny, q, cs)
    call MPI_Isend(cs(1:ny, 1), ny, MPI_DOUBLE_PRECISION, rank, 3, MPI_COMM_WORLD, reqs(7), ierr)
    call MPI_Isend(cs(1:ny, 2), ny, MPI_DOUBLE_PRECISION, rank, 4, MPI_COMM_WORLD, reqs(8), ierr)
    call MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE, ierr)
    call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
    do k = 4, 8
      call MPI_Wait(reqs(k), MPI_STATUS_IGNORE, ierr)
    end do
    call unpack_cols(nx, ny, q, cr_lo, cr_hi)
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
