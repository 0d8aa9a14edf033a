! Loops in two modules' procedures, one in an internal procedure, and one
! in the main program: each unit uses its own launch module, with an only
! list (issue 35); a time loop calls them.
module lu_a
  implicit none
  real(8), allocatable :: a(:)
contains
  subroutine step_a(x, n)
    real(8), intent(inout) :: x(:)
    integer, intent(in) :: n
    integer :: i
    do concurrent (i = 1:n)
      x(i) = x(i) + real(mod(i, 7), 8)
    end do
    call halve()
  contains
    subroutine halve()
      integer :: k
      do concurrent (k = 1:n)
        x(k) = 0.5d0 * x(k)
      end do
    end subroutine halve
  end subroutine step_a
end module lu_a

module lu_b
  implicit none
  real(8), allocatable :: b(:)
contains
  subroutine step_b(y, n)
    real(8), intent(inout) :: y(:)
    integer, intent(in) :: n
    integer :: i
    do concurrent (i = 1:n)
      y(i) = y(i) - real(mod(i, 5), 8)
    end do
  end subroutine step_b
end module lu_b

program launch_units
  use lu_a
  use lu_b
  implicit none
  integer, parameter :: n = 5000
  integer :: it, i
  real(8) :: ra(n), rb(n)
  allocate(a(n), b(n))
  a = 0.0d0
  b = 0.0d0
  ra = 0.0d0
  rb = 0.0d0
  do it = 1, 40
    call step_a(a, n)
    call step_b(b, n)
    do concurrent (i = 1:n)
      b(i) = b(i) + a(i)
    end do
    ! The same steps on the host, in order: the kernels' values must be these.
    do i = 1, n
      ra(i) = 0.5d0 * (ra(i) + real(mod(i, 7), 8))
      rb(i) = rb(i) - real(mod(i, 5), 8) + ra(i)
    end do
    if (mod(it, 10) == 0) print '(i4, 2f22.6)', it, a(1) + a(n/2) + a(n), b(1) + b(n/3) + b(n)
  end do
  if (any(a /= ra) .or. any(b /= rb)) error stop 'FAIL: launch_units'
end program launch_units
