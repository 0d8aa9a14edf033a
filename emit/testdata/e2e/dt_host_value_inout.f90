! Elements of a module array of a type whose only components are
! allocatable (particle sets: positions and velocities), with type-bound
! procedures, defined whole in a batch loop: the passed object of an
! intent(inout) type-bound subroutine (call sets(s)%advance(...)), the
! actual of an intent(out) dummy that allocates the components again with
! their shapes on entry (call reset(sets(s), ...)), and of an
! intent(inout) dummy that reallocates a component to its own shape
! (p%vel = p%vel * f). The values are written into the elements' device
! buffers. A time loop calls the batch; the host checks every step.
module hv_inout_mod
  implicit none
  type pset
    real(8), allocatable :: pos(:)
    real(8), allocatable :: vel(:)
  contains
    procedure :: advance
    procedure :: energy
  end type pset
  type(pset), allocatable :: sets(:)
contains
  pure subroutine advance(p, dt, g)
    class(pset), intent(inout) :: p
    real(8), intent(in) :: dt, g
    integer :: j
    do j = 1, size(p%pos)
      p%vel(j) = p%vel(j) - dt * (g * p%pos(j) + 0.01d0 * j)
      p%pos(j) = p%pos(j) + dt * p%vel(j)
    end do
  end subroutine advance

  pure real(8) function energy(p) result(e)
    class(pset), intent(in) :: p
    e = 0.5d0 * (sum(p%vel**2) + sum(p%pos**2))
  end function energy

  pure subroutine reset(p, n, m, x0)
    type(pset), intent(out) :: p
    integer, intent(in) :: n, m
    real(8), intent(in) :: x0
    integer :: j
    allocate(p%pos(n), p%vel(m))
    do j = 1, n
      p%pos(j) = x0 / j
    end do
    p%vel = 0
  end subroutine reset

  pure subroutine damp(p, f)
    type(pset), intent(inout) :: p
    real(8), intent(in) :: f
    p%vel = p%vel * f
  end subroutine damp

  subroutine batch(e, n, dt, step)
    real(8), intent(inout) :: e(:)
    integer, intent(in) :: n, step
    real(8), intent(in) :: dt
    integer :: s
    do concurrent (s = 1:n)
      if (mod(s + step, 7) == 0) then
        call reset(sets(s), size(sets(s)%pos), size(sets(s)%vel), 0.5d0 + mod(s, 3))
      else
        call sets(s)%advance(dt, 1d0 + 0.1d0 * mod(s, 5))
      end if
      if (mod(s, 4) == 1) call damp(sets(s), 0.99d0)
      e(s) = sets(s)%energy()
    end do
  end subroutine batch
end module hv_inout_mod

program dt_host_value_inout
  use hv_inout_mod
  implicit none
  integer, parameter :: n = 2000, nsteps = 12
  real(8), parameter :: dt = 0.01d0
  type(pset), allocatable :: want(:)
  real(8), allocatable :: e(:)
  real(8) :: g, we, grand
  integer :: s, j, it, m
  allocate(sets(n), want(n), e(n))
  do s = 1, n
    m = mod(s, 5) + 1
    allocate(sets(s)%pos(m), sets(s)%vel(m))
    sets(s)%pos = [(sin(real(s + j, 8)), j = 1, m)]
    sets(s)%vel = [(0.1d0 * cos(real(s * j, 8)), j = 1, m)]
  end do
  want = sets
  grand = 0
  do it = 1, nsteps
    call batch(e, n, dt, it)
    do s = 1, n
      if (mod(s + it, 7) == 0) then
        m = size(want(s)%pos)
        do j = 1, m
          want(s)%pos(j) = (0.5d0 + mod(s, 3)) / j
        end do
        want(s)%vel = 0
      else
        g = 1d0 + 0.1d0 * mod(s, 5)
        do j = 1, size(want(s)%pos)
          want(s)%vel(j) = want(s)%vel(j) - dt * (g * want(s)%pos(j) + 0.01d0 * j)
          want(s)%pos(j) = want(s)%pos(j) + dt * want(s)%vel(j)
        end do
      end if
      if (mod(s, 4) == 1) want(s)%vel = want(s)%vel * 0.99d0
      we = 0.5d0 * (sum(want(s)%vel**2) + sum(want(s)%pos**2))
      if (any(sets(s)%pos /= want(s)%pos) .or. any(sets(s)%vel /= want(s)%vel) .or. e(s) /= we) then
        print '(a, i0, a, i0, 2es24.16)', 'FAIL step ', it, ' at ', s, e(s), we
        error stop 1
      end if
    end do
    grand = grand + sum(e)
  end do
  print '(a, es24.16)', 'grand ', grand
end program dt_host_value_inout
