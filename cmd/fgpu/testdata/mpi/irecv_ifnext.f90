program ifnext
  use mpi
  implicit none
  integer :: ierr, rank, req, i
  real(8) :: q(100), s
  call mpi_init(ierr)
  call mpi_comm_rank(mpi_comm_world, rank, ierr)
  do concurrent (i = 1:100)
    q(i) = i
  end do
  call mpi_irecv(q(1:10), 10, mpi_double_precision, rank, 0, mpi_comm_world, req, ierr)
  if (rank >= 0) s = q(50)
  call mpi_send(q(11:20), 10, mpi_double_precision, rank, 0, mpi_comm_world, ierr)
  call mpi_wait(req, mpi_status_ignore, ierr)
  print *, sum(q), s
  call mpi_finalize(ierr)
end program
