! N-body particle update: gravitational forces and leapfrog integration.
module particles
  use, intrinsic :: iso_fortran_env, only: real64
  implicit none
  integer, parameter :: dp = real64
  real(dp), parameter :: g_const = 6.674e-11_dp, softening = 1.0e-3_dp

  type :: particle_set
    integer :: n = 0
    real(dp), allocatable :: pos(:,:), vel(:,:), acc(:,:), mass(:)
  end type particle_set
contains
  subroutine compute_accel(p)
    type(particle_set), intent(inout) :: p
    integer :: i, j
    real(dp) :: d(3), r2, inv_r3
    do concurrent (i = 1:p%n)
      p%acc(:, i) = 0.0_dp
      do j = 1, p%n
        if (j == i) cycle
        d = p%pos(:, j) - p%pos(:, i)
        r2 = sum(d**2) + softening**2
        inv_r3 = 1.0_dp / (r2 * sqrt(r2))
        p%acc(:, i) = p%acc(:, i) + g_const * p%mass(j) * d * inv_r3
      end do
    end do
  end subroutine compute_accel

  subroutine step(p, dt)
    type(particle_set), intent(inout) :: p
    real(dp), intent(in) :: dt
    integer :: i
    do concurrent (i = 1:p%n)
      p%vel(:, i) = p%vel(:, i) + 0.5_dp * dt * p%acc(:, i)
      p%pos(:, i) = p%pos(:, i) + dt * p%vel(:, i)
    end do
    call compute_accel(p)
    do concurrent (i = 1:p%n)
      p%vel(:, i) = p%vel(:, i) + 0.5_dp * dt * p%acc(:, i)
    end do
  end subroutine step

  real(dp) function kinetic_energy(p) result(ke)
    type(particle_set), intent(in) :: p
    ke = 0.5_dp * sum(p%mass * sum(p%vel**2, dim=1))
  end function kinetic_energy
end module particles

program nbody
  use particles
  implicit none
  type(particle_set) :: sys
  integer :: it
  sys%n = 64
  allocate(sys%pos(3, sys%n), sys%vel(3, sys%n), sys%acc(3, sys%n), sys%mass(sys%n))
  call random_number(sys%pos)
  sys%vel = 0.0_dp
  sys%mass = 1.0e3_dp
  call compute_accel(sys)
  do it = 1, 100
    call step(sys, 0.01_dp)
    if (mod(it, 25) == 0) print '(i4, es15.6)', it, kinetic_energy(sys)
  end do
end program nbody
