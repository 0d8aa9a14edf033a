! physics.f90 -- pointwise physics of the 2-D shallow-water equations with a
! passive tracer: slope limiters, the equation of state (hydrostatic
! pressure), wave speeds, physical fluxes and the Rusanov (local
! Lax-Friedrichs) numerical flux, and MUSCL reconstruction. Everything here
! is PURE or ELEMENTAL so that it can be called from do concurrent loops.
module physics
  use kinds
  use mesh, only: grid_t, state_t
  implicit none
  private

  public :: minmod, minmod3, superbee, van_leer, mc_limiter, limited_slope
  public :: pressure, sound_speed, safe_velocity, wave_speed_x, wave_speed_y
  public :: phys_flux_x, phys_flux_y, rusanov_x, rusanov_y
  public :: muscl_left, muscl_right, face_flux_x, face_flux_y
  public :: kinetic_energy, potential_energy, coriolis_source, slope_source
  public :: tracer_concentration, max_wave_speed_cell

contains

  ! ------------------------------------------------------------------
  ! slope limiters
  ! ------------------------------------------------------------------

  !> minmod(a, b): the smaller in magnitude if a and b agree in sign, else 0
  elemental real(wp) function minmod(a, b) result(r)
    real(wp), intent(in) :: a, b
    if (a * b <= zero) then
      r = zero
    else
      r = sign(min(abs(a), abs(b)), a)
    end if
  end function minmod

  elemental real(wp) function minmod3(a, b, c) result(r)
    real(wp), intent(in) :: a, b, c
    r = minmod(a, minmod(b, c))
  end function minmod3

  !> Roe's superbee limiter in slope form
  elemental real(wp) function superbee(a, b) result(r)
    real(wp), intent(in) :: a, b
    real(wp) :: s1, s2
    if (a * b <= zero) then
      r = zero
    else
      s1 = minmod(a, two * b)
      s2 = minmod(two * a, b)
      r = sign(max(abs(s1), abs(s2)), a)
    end if
  end function superbee

  !> van Leer's harmonic limiter
  elemental real(wp) function van_leer(a, b) result(r)
    real(wp), intent(in) :: a, b
    if (a * b <= zero) then
      r = zero
    else
      r = two * a * b / (a + b)
    end if
  end function van_leer

  !> monotonised central limiter
  elemental real(wp) function mc_limiter(a, b) result(r)
    real(wp), intent(in) :: a, b
    r = minmod3(two * a, half * (a + b), two * b)
  end function mc_limiter

  !> limited slope of cell 0 from its neighbours m and p
  pure real(wp) function limited_slope(um, u0, up, lim) result(s)
    real(wp), intent(in) :: um, u0, up
    integer, intent(in) :: lim
    select case (lim)
    case (LIM_MINMOD)
      s = minmod(u0 - um, up - u0)
    case (LIM_SUPERBEE)
      s = superbee(u0 - um, up - u0)
    case (LIM_VANLEER)
      s = van_leer(u0 - um, up - u0)
    case (LIM_MC)
      s = mc_limiter(u0 - um, up - u0)
    case default
      s = zero
    end select
  end function limited_slope

  !> value at the right face of cell 0
  pure real(wp) function muscl_left(um, u0, up, lim) result(ul)
    real(wp), intent(in) :: um, u0, up
    integer, intent(in) :: lim
    ul = u0 + half * limited_slope(um, u0, up, lim)
  end function muscl_left

  !> value at the left face of cell 0
  pure real(wp) function muscl_right(um, u0, up, lim) result(ur)
    real(wp), intent(in) :: um, u0, up
    integer, intent(in) :: lim
    ur = u0 - half * limited_slope(um, u0, up, lim)
  end function muscl_right

  ! ------------------------------------------------------------------
  ! equation of state and wave speeds
  ! ------------------------------------------------------------------

  !> hydrostatic pressure (per unit density) of a column of depth h
  elemental real(wp) function pressure(h) result(p)
    real(wp), intent(in) :: h
    p = half * gravity * max(h, zero)**2
  end function pressure

  !> gravity-wave speed sqrt(g h)
  elemental real(wp) function sound_speed(h) result(c)
    real(wp), intent(in) :: h
    c = sqrt(gravity * max(h, zero))
  end function sound_speed

  !> velocity hu/h, zero in dry cells
  elemental real(wp) function safe_velocity(hu, h) result(u)
    real(wp), intent(in) :: hu, h
    if (h > h_dry) then
      u = hu / h
    else
      u = zero
    end if
  end function safe_velocity

  elemental real(wp) function wave_speed_x(h, hu) result(a)
    real(wp), intent(in) :: h, hu
    a = abs(safe_velocity(hu, h)) + sound_speed(h)
  end function wave_speed_x

  elemental real(wp) function wave_speed_y(h, hv) result(a)
    real(wp), intent(in) :: h, hv
    a = abs(safe_velocity(hv, h)) + sound_speed(h)
  end function wave_speed_y

  !> the larger of the two wave speeds of cell (i, j)
  pure real(wp) function max_wave_speed_cell(s, i, j) result(a)
    type(state_t), intent(in) :: s
    integer, intent(in) :: i, j
    a = max(wave_speed_x(s%f(IH)%u(i, j), s%f(IHU)%u(i, j)), &
            wave_speed_y(s%f(IH)%u(i, j), s%f(IHV)%u(i, j)))
  end function max_wave_speed_cell

  elemental real(wp) function tracer_concentration(hq, h) result(c)
    real(wp), intent(in) :: hq, h
    c = safe_velocity(hq, h)
  end function tracer_concentration

  ! ------------------------------------------------------------------
  ! fluxes
  ! ------------------------------------------------------------------

  !> physical flux in x of the state q = (h, hu, hv, hc)
  pure function phys_flux_x(q) result(f)
    real(wp), intent(in) :: q(nvar)
    real(wp) :: f(nvar)
    real(wp) :: u
    u = safe_velocity(q(IHU), q(IH))
    f(IH) = q(IHU)
    f(IHU) = q(IHU) * u + pressure(q(IH))
    f(IHV) = q(IHV) * u
    f(IQ) = q(IQ) * u
  end function phys_flux_x

  !> physical flux in y of the state q = (h, hu, hv, hc)
  pure function phys_flux_y(q) result(f)
    real(wp), intent(in) :: q(nvar)
    real(wp) :: f(nvar)
    real(wp) :: v
    v = safe_velocity(q(IHV), q(IH))
    f(IH) = q(IHV)
    f(IHU) = q(IHU) * v
    f(IHV) = q(IHV) * v + pressure(q(IH))
    f(IQ) = q(IQ) * v
  end function phys_flux_y

  !> Rusanov flux across an x face from the left state ql and right state qr
  pure function rusanov_x(ql, qr) result(f)
    real(wp), intent(in) :: ql(nvar), qr(nvar)
    real(wp) :: f(nvar)
    real(wp) :: a
    a = max(wave_speed_x(ql(IH), ql(IHU)), wave_speed_x(qr(IH), qr(IHU)))
    f = half * (phys_flux_x(ql) + phys_flux_x(qr)) - half * a * (qr - ql)
  end function rusanov_x

  pure function rusanov_y(ql, qr) result(f)
    real(wp), intent(in) :: ql(nvar), qr(nvar)
    real(wp) :: f(nvar)
    real(wp) :: a
    a = max(wave_speed_y(ql(IH), ql(IHV)), wave_speed_y(qr(IH), qr(IHV)))
    f = half * (phys_flux_y(ql) + phys_flux_y(qr)) - half * a * (qr - ql)
  end function rusanov_y

  !> numerical flux across the x face between cells (i, j) and (i+1, j),
  !> with MUSCL reconstruction of every conserved variable
  pure function face_flux_x(s, g, i, j, lim) result(f)
    type(state_t), intent(in) :: s
    type(grid_t), intent(in) :: g
    integer, intent(in) :: i, j, lim
    real(wp) :: f(nvar)
    real(wp) :: ql(nvar), qr(nvar)
    integer :: k
    do k = 1, nvar
      ql(k) = muscl_left(s%f(k)%u(i-1, j), s%f(k)%u(i, j), s%f(k)%u(i+1, j), lim)
      qr(k) = muscl_right(s%f(k)%u(i, j), s%f(k)%u(i+1, j), s%f(k)%u(i+2, j), lim)
    end do
    ! keep the reconstructed depth non-negative
    ql(IH) = max(ql(IH), zero)
    qr(IH) = max(qr(IH), zero)
    f = rusanov_x(ql, qr) * g%dy
  end function face_flux_x

  !> numerical flux across the y face between cells (i, j) and (i, j+1)
  pure function face_flux_y(s, g, i, j, lim) result(f)
    type(state_t), intent(in) :: s
    type(grid_t), intent(in) :: g
    integer, intent(in) :: i, j, lim
    real(wp) :: f(nvar)
    real(wp) :: ql(nvar), qr(nvar)
    integer :: k
    do k = 1, nvar
      ql(k) = muscl_left(s%f(k)%u(i, j-1), s%f(k)%u(i, j), s%f(k)%u(i, j+1), lim)
      qr(k) = muscl_right(s%f(k)%u(i, j), s%f(k)%u(i, j+1), s%f(k)%u(i, j+2), lim)
    end do
    ql(IH) = max(ql(IH), zero)
    qr(IH) = max(qr(IH), zero)
    f = rusanov_y(ql, qr) * g%dx
  end function face_flux_y

  ! ------------------------------------------------------------------
  ! energies and sources
  ! ------------------------------------------------------------------

  elemental real(wp) function kinetic_energy(h, hu, hv) result(e)
    real(wp), intent(in) :: h, hu, hv
    e = half * (hu * safe_velocity(hu, h) + hv * safe_velocity(hv, h))
  end function kinetic_energy

  elemental real(wp) function potential_energy(h, b) result(e)
    real(wp), intent(in) :: h, b
    e = pressure(h) + gravity * h * b
  end function potential_energy

  !> Coriolis acceleration of the momentum component comp at (i, j)
  pure real(wp) function coriolis_source(s, g, i, j, comp) result(src)
    type(state_t), intent(in) :: s
    type(grid_t), intent(in) :: g
    integer, intent(in) :: i, j, comp
    if (comp == IHU) then
      src = g%f0 * s%f(IHV)%u(i, j)
    else if (comp == IHV) then
      src = -g%f0 * s%f(IHU)%u(i, j)
    else
      src = zero
    end if
  end function coriolis_source

  !> bottom-slope source -g h grad(b) of momentum component comp at (i, j)
  pure real(wp) function slope_source(s, g, i, j, comp) result(src)
    type(state_t), intent(in) :: s
    type(grid_t), intent(in) :: g
    integer, intent(in) :: i, j, comp
    real(wp) :: h
    h = s%f(IH)%u(i, j)
    select case (comp)
    case (IHU)
      src = -gravity * h * (g%bathy%u(i+1, j) - g%bathy%u(i-1, j)) / (two * g%dx)
    case (IHV)
      src = -gravity * h * (g%bathy%u(i, j+1) - g%bathy%u(i, j-1)) / (two * g%dy)
    case default
      src = zero
    end select
  end function slope_source
end module physics
