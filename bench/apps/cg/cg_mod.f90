! bench/apps/cg/cg_mod.f90: the layout of a public solar-corona solver's
! preconditioner-free conjugate gradient (issue 31): module arrays over a
! 3-D grid with a ring of zero ghost cells, the 7-point operator and the
! vector updates as do concurrent loops in module subroutines, the dot
! products as OpenMP target loops (!$omp target teams distribute parallel
! do collapse(3) reduction(+:s) over plain DO loops) in a function the CG
! loop calls, each followed by the global sum a distributed build does
! with MPI_Allreduce. fgpu offloads both kinds of loop; the only bytes that
! cross the bus in the CG loop are the dot products' scalars.
module cg_data
  implicit none
  integer :: n1, n2, n3
  integer :: nranks = 1
  real(8), allocatable :: x(:,:,:), r(:,:,:), p(:,:,:), ap(:,:,:), b(:,:,:)
  real(8), parameter :: sigma = 0.0d0
contains
  subroutine cg_alloc(m1, m2, m3)
    integer, intent(in) :: m1, m2, m3
    integer :: i, j, k
    n1 = m1
    n2 = m2
    n3 = m3
    allocate(x(0:n1 + 1, 0:n2 + 1, 0:n3 + 1), r(0:n1 + 1, 0:n2 + 1, 0:n3 + 1), &
      p(0:n1 + 1, 0:n2 + 1, 0:n3 + 1), ap(0:n1 + 1, 0:n2 + 1, 0:n3 + 1), b(0:n1 + 1, 0:n2 + 1, 0:n3 + 1))
    do concurrent (k = 0:n3 + 1, j = 0:n2 + 1, i = 0:n1 + 1)  ! kernel: init
      x(i, j, k) = 0
      r(i, j, k) = 0
      p(i, j, k) = 0
      ap(i, j, k) = 0
      b(i, j, k) = 0
    end do
    do concurrent (k = 1:n3, j = 1:n2, i = 1:n1)  ! kernel: rhs
      b(i, j, k) = real(mod(7 * i + 3 * j + k, 11) - 5, 8) / 8
    end do
  end subroutine cg_alloc

  ! w = A v: the 7-point Laplacian (Dirichlet: the ghosts stay zero).
  subroutine apply_op(v, w)
    real(8), intent(in) :: v(0:, 0:, 0:)
    real(8), intent(inout) :: w(0:, 0:, 0:)
    integer :: i, j, k
    do concurrent (k = 1:n3, j = 1:n2, i = 1:n1)  ! kernel: op
      w(i, j, k) = (6 + sigma) * v(i, j, k) - v(i - 1, j, k) - v(i + 1, j, k) &
        - v(i, j - 1, k) - v(i, j + 1, k) - v(i, j, k - 1) - v(i, j, k + 1)
    end do
  end subroutine apply_op

  ! The dot product of two grid vectors over the interior, summed over the
  ! ranks.
  function dot(u, v) result(s)
    real(8), intent(in) :: u(0:, 0:, 0:), v(0:, 0:, 0:)
    real(8) :: s
    integer :: i, j, k
    s = 0
    !$omp target teams distribute parallel do collapse(3) reduction(+:s)
    do k = 1, n3
      do j = 1, n2
        do i = 1, n1
          s = s + u(i, j, k) * v(i, j, k)
        end do
      end do
    end do
    !$omp end target teams distribute parallel do
    call global_sum(s)
  end function dot

  ! The distributed build calls MPI_Allreduce(MPI_IN_PLACE, s, 1,
  ! MPI_DOUBLE_PRECISION, MPI_SUM, comm, ierr) here; one rank sums nothing.
  subroutine global_sum(s)
    real(8), intent(inout) :: s
    if (nranks /= 1) error stop 'global_sum: this build has one rank'
    s = s + 0
  end subroutine global_sum

  ! x = x + alpha p, r = r - alpha ap
  subroutine update_xr(alpha)
    real(8), intent(in) :: alpha
    integer :: i, j, k
    do concurrent (k = 1:n3, j = 1:n2, i = 1:n1)  ! kernel: xr
      x(i, j, k) = x(i, j, k) + alpha * p(i, j, k)
      r(i, j, k) = r(i, j, k) - alpha * ap(i, j, k)
    end do
  end subroutine update_xr

  ! p = r + beta p
  subroutine update_p(beta)
    real(8), intent(in) :: beta
    integer :: i, j, k
    do concurrent (k = 1:n3, j = 1:n2, i = 1:n1)  ! kernel: p
      p(i, j, k) = r(i, j, k) + beta * p(i, j, k)
    end do
  end subroutine update_p

  subroutine start_cg()
    integer :: i, j, k
    do concurrent (k = 1:n3, j = 1:n2, i = 1:n1)  ! kernel: start
      r(i, j, k) = b(i, j, k)
      p(i, j, k) = b(i, j, k)
    end do
  end subroutine start_cg
end module cg_data
