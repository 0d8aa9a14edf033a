! A parameter struct read in a stencil (the commonest derived-type form in
! real codes): type(param) holds the spacing and the time step, a module
! procedure takes it as an intent(in) dummy and is called in a time loop; the
! host changes a component between steps.
module heat_mod
  implicit none
  type param
    real(8) :: dx, dt, kappa
    integer :: n
  end type param
contains
  subroutine heat_step(p, t, tn)
    type(param), intent(in) :: p
    real(8), intent(in) :: t(0:)
    real(8), intent(inout) :: tn(0:)
    integer :: i
    do concurrent (i = 1:p%n - 1)
      tn(i) = t(i) + p%kappa * p%dt / p%dx**2 * (t(i - 1) - 2 * t(i) + t(i + 1))
    end do
  end subroutine heat_step
end module heat_mod

program dt_stencil_param_struct
  use heat_mod
  implicit none
  type(param) :: p
  real(8), allocatable :: t(:), tn(:), r(:), rn(:)
  real(8) :: kappa
  integer :: i, step

  p = param(dx=0.01d0, dt=2d-5, kappa=1d0, n=2000)
  allocate(t(0:p%n), tn(0:p%n))
  do i = 0, p%n
    t(i) = sin(3.14159265358979d0 * i / p%n) + merge(1d0, 0d0, i == p%n / 2)
  end do
  tn = t
  r = t
  rn = t
  do step = 1, 200
    call heat_step(p, t, tn)
    call heat_step(p, tn, t)
    if (step == 100) p%kappa = 0.5d0
  end do
  ! The same steps serially: the same bits.
  kappa = 1d0
  do step = 1, 200
    do i = 1, p%n - 1
      rn(i) = r(i) + kappa * p%dt / p%dx**2 * (r(i - 1) - 2 * r(i) + r(i + 1))
    end do
    do i = 1, p%n - 1
      r(i) = rn(i) + kappa * p%dt / p%dx**2 * (rn(i - 1) - 2 * rn(i) + rn(i + 1))
    end do
    if (step == 100) kappa = 0.5d0
  end do
  if (any(t /= r) .or. any(tn /= rn)) then
    print '(a)', 'FAIL'
    error stop 1
  end if
  print '(a, es24.16)', 'sum  ', sum(t)
  print '(a, es24.16)', 'mid  ', t(p%n / 2)
  print '(a, es24.16)', 'edge ', t(7)
end program dt_stencil_param_struct
